package dev.gatewaykit.bench.chaos;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ResettingProxyTests {

	private static final String ANSWER = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok";

	private ServerSocket upstream;

	@BeforeEach
	void upstreamThatAnswersEveryConnectionOnce() throws IOException {
		this.upstream = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
		Thread thread = new Thread(() -> {
			while (!this.upstream.isClosed()) {
				try (Socket socket = this.upstream.accept()) {
					socket.getInputStream().read(new byte[64]);
					socket.getOutputStream().write(ANSWER.getBytes(StandardCharsets.US_ASCII));
				}
				catch (IOException ex) {
					// closed at the end of the test
				}
			}
		}, "upstream");
		thread.setDaemon(true);
		thread.start();
	}

	@AfterEach
	void close() throws IOException {
		this.upstream.close();
	}

	@Test
	void resetsEveryNthConnectionAfterTheFirstBytesOfItsAnswerAndPassesTheOthersWhole() throws IOException {
		try (ResettingProxy proxy = ResettingProxy.start(this.upstream.getLocalPort(), 2, 12)) {
			assertThat(exchange(proxy.port())).isEqualTo(new Answer(ANSWER, false));
			assertThat(exchange(proxy.port())).isEqualTo(new Answer("HTTP/1.1 200", true));
			assertThat(exchange(proxy.port())).isEqualTo(new Answer(ANSWER, false));
			assertThat(exchange(proxy.port())).isEqualTo(new Answer("HTTP/1.1 200", true));
			assertThat(proxy.cuts()).isEqualTo(2);
		}
	}

	@Test
	void refusesSettingsUnderWhichARetryCouldBeCutToo() {
		assertThatIllegalArgumentException().isThrownBy(() -> ResettingProxy.start(this.upstream.getLocalPort(), 1, 12))
			.withMessageContaining("every 2nd connection or fewer");
		assertThatIllegalArgumentException().isThrownBy(() -> ResettingProxy.start(this.upstream.getLocalPort(), 2, 0))
			.withMessageContaining("at least one byte");
	}

	/** A request on a new connection, and what came back before its end. */
	private static Answer exchange(int port) throws IOException {
		try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
			socket.setSoTimeout(5000);
			OutputStream out = socket.getOutputStream();
			out.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
			out.flush();
			ByteArrayOutputStream received = new ByteArrayOutputStream();
			InputStream in = socket.getInputStream();
			byte[] buffer = new byte[256];
			try {
				int read;
				while ((read = in.read(buffer)) >= 0) {
					received.write(buffer, 0, read);
				}
				return new Answer(received.toString(StandardCharsets.US_ASCII), false);
			}
			catch (SocketException ex) {
				assertThat(ex).hasMessageContaining("reset");
				return new Answer(received.toString(StandardCharsets.US_ASCII), true);
			}
		}
	}

	private record Answer(String received, boolean reset) {
	}

}
