package dev.gatewaykit.gateway;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Collections;
import java.util.Locale;
import java.util.Optional;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The public port as an attacker on the network meets it: a client that trickles the
 * bytes of its request head is cut off once the head has taken longer than
 * {@code kit.gateway.server.request-head-timeout} (here {@value #HEAD_TIMEOUT_SECONDS}
 * s), however steadily the bytes come, while an idle keep-alive connection between
 * requests is not; and the port listens on the configured address only (127.0.0.1 by
 * default), not on the machine's other interfaces. Real sockets throughout.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ServerExposureSecurityTests {

	static final int HEAD_TIMEOUT_SECONDS = 2;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		GatewayIntegrationTestSupport.register(registry);
		registry.add("kit.gateway.server.request-head-timeout", () -> HEAD_TIMEOUT_SECONDS + "s");
	}

	@LocalServerPort
	int port;

	@Test
	void closesAConnectionThatTricklesItsRequestHead() throws IOException {
		try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), this.port)) {
			socket.setSoTimeout(200);
			OutputStream out = socket.getOutputStream();
			InputStream in = socket.getInputStream();
			out.write("GET /api/mall/products/1 HTTP/1.1\r\nHost: localhost\r\n".getBytes(StandardCharsets.US_ASCII));
			long start = System.nanoTime();
			Duration closedAfter = null;
			// A header byte every 200 ms, for up to five times the timeout.
			for (int i = 0; closedAfter == null && i < HEAD_TIMEOUT_SECONDS * 25; i++) {
				try {
					out.write('X');
					out.flush();
					if (in.read() == -1) {
						closedAfter = Duration.ofNanos(System.nanoTime() - start);
					}
				}
				catch (SocketTimeoutException ex) {
					// Still open, nothing to read: trickle on.
				}
				catch (SocketException ex) {
					// Reset by the server while writing: closed.
					closedAfter = Duration.ofNanos(System.nanoTime() - start);
				}
			}
			assertThat(closedAfter).as("closed while the head trickled in").isNotNull();
			assertThat(closedAfter).as("near the timeout, not before it")
				.isGreaterThanOrEqualTo(Duration.ofSeconds(HEAD_TIMEOUT_SECONDS).minusMillis(300))
				.isLessThan(Duration.ofSeconds(HEAD_TIMEOUT_SECONDS * 3));
		}
	}

	@Test
	void keepsAnIdleKeepAliveConnectionPastTheHeadTimeout() throws Exception {
		String token = GatewayIntegrationTestSupport.login("81");
		try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), this.port)) {
			socket.setSoTimeout(5000);
			assertThat(get(socket, token)).startsWith("HTTP/1.1 200");
			Thread.sleep(Duration.ofSeconds(HEAD_TIMEOUT_SECONDS).plusMillis(500).toMillis());
			assertThat(get(socket, token)).startsWith("HTTP/1.1 200");
		}
	}

	@Test
	void listensOnLoopbackOnly() throws IOException {
		Optional<InetAddress> other = otherInterfaceAddress();
		Assumptions.assumeTrue(other.isPresent(), "the machine has a non-loopback IPv4 address");
		try (Socket socket = new Socket()) {
			assertThatExceptionOfType(ConnectException.class)
				.isThrownBy(() -> socket.connect(new InetSocketAddress(other.get(), this.port), 2000));
		}
	}

	private static Optional<InetAddress> otherInterfaceAddress() throws SocketException {
		for (NetworkInterface network : Collections.list(NetworkInterface.getNetworkInterfaces())) {
			if (network.isUp() && !network.isLoopback()) {
				for (InetAddress address : Collections.list(network.getInetAddresses())) {
					if (address instanceof Inet4Address && !address.isLoopbackAddress()) {
						return Optional.of(address);
					}
				}
			}
		}
		return Optional.empty();
	}

	/** One request on a kept-alive connection, read to the end of its body. */
	private static String get(Socket socket, String token) throws IOException {
		OutputStream out = socket.getOutputStream();
		out.write(
				("GET /api/mall/products/1 HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer " + token + "\r\n\r\n")
					.getBytes(StandardCharsets.US_ASCII));
		out.flush();
		InputStream in = socket.getInputStream();
		StringBuilder head = new StringBuilder();
		while (!head.toString().endsWith("\r\n\r\n")) {
			int c = in.read();
			if (c == -1) {
				return head.toString();
			}
			head.append((char) c);
		}
		int length = 0;
		for (String line : head.toString().split("\r\n")) {
			if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
				length = Integer.parseInt(line.substring("content-length:".length()).strip());
			}
		}
		return head + new String(in.readNBytes(length), StandardCharsets.UTF_8);
	}

}
