package dev.gatewaykit.launcher.toxiproxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.gatewaykit.launcher.Tools;

/**
 * A real toxiproxy-server (built once by the kit's tools) in front of a one-byte echo
 * server.
 */
class ToxiproxyServerIntegrationTests {

	@TempDir
	Path tmp;

	private ToxiproxyServer toxiproxy;

	private ServerSocket echo;

	@BeforeEach
	void start() throws IOException {
		Path binary = Tools.fromEnvironment(this.tmp, (line) -> {
		}).toxiproxy();
		this.toxiproxy = ToxiproxyServer.start(binary, this.tmp.resolve("toxiproxy.log"));
		this.echo = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
		Thread server = new Thread(this::serveEcho, "echo");
		server.setDaemon(true);
		server.start();
	}

	@AfterEach
	void stop() throws IOException {
		this.toxiproxy.close();
		this.echo.close();
	}

	@Test
	void aLatencyToxicDelaysEachRoundTripByItsMillisecondsAndZeroRemovesIt() throws IOException {
		int port = this.toxiproxy.proxy("echo", this.echo.getLocalPort());

		this.toxiproxy.latency("echo", 1000);
		Duration slow = roundTrip(port);
		this.toxiproxy.latency("echo", 0);
		Duration fast = roundTrip(port);

		// Bounds a loaded machine cannot break: a second is paid in full, and a loopback
		// round trip takes far less.
		assertThat(slow).isGreaterThanOrEqualTo(Duration.ofMillis(1000));
		assertThat(fast).isLessThan(Duration.ofMillis(1000));
	}

	@Test
	void aResetToxicBreaksEveryRoundTripUntilItIsRemoved() throws IOException {
		int port = this.toxiproxy.proxy("echo", this.echo.getLocalPort());

		this.toxiproxy.add("echo", Toxic.resetPeer());
		boolean duringReset = echoes(port);
		this.toxiproxy.remove("echo", Toxic.resetPeer().name());

		assertThat(duringReset).isFalse();
		assertThat(echoes(port)).isTrue();
	}

	@Test
	void logsNothingPerConnection() throws IOException {
		int port = this.toxiproxy.proxy("echo", this.echo.getLocalPort());
		for (int i = 0; i < 3; i++) {
			assertThat(echoes(port)).isTrue();
		}
		this.toxiproxy.close();

		// At its default level it wrote lines like "Accepted client" for each of these.
		assertThat(Files.readString(this.tmp.resolve("toxiproxy.log"))).contains("Starting Toxiproxy")
			.doesNotContain("\"level\":\"trace\"")
			.doesNotContain("\"level\":\"debug\"");
	}

	/** Whether the byte comes back (a reset or an end of stream is a no). */
	private boolean echoes(int port) {
		try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
			socket.setSoTimeout(5000);
			socket.getOutputStream().write('x');
			socket.getOutputStream().flush();
			return socket.getInputStream().read() == 'x';
		}
		catch (IOException ex) {
			return false;
		}
	}

	private Duration roundTrip(int port) throws IOException {
		try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
			socket.setSoTimeout(5000);
			OutputStream out = socket.getOutputStream();
			InputStream in = socket.getInputStream();
			long started = System.nanoTime();
			out.write('x');
			out.flush();
			assertThat(in.read()).isEqualTo('x');
			return Duration.ofNanos(System.nanoTime() - started);
		}
	}

	private void serveEcho() {
		while (!this.echo.isClosed()) {
			try (Socket socket = this.echo.accept()) {
				socket.getOutputStream().write(socket.getInputStream().read());
			}
			catch (IOException ex) {
				// closed
			}
		}
	}

}
