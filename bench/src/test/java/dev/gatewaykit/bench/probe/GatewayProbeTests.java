package dev.gatewaykit.bench.probe;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.gatewaykit.bench.analysis.TestFiles;
import dev.gatewaykit.bench.analysis.soak.Snapshot;
import dev.gatewaykit.launcher.RunFailedException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The probe against a real HTTP server that answers like a gateway's management port, and
 * a {@code /proc} of files laid out like the kernel's.
 */
class GatewayProbeTests {

	private static final long MIB = 1024 * 1024;

	@TempDir
	Path proc;

	private HttpServer server;

	private URI actuator;

	@BeforeEach
	void managementPort() throws IOException {
		byte[] scrape = Files.readAllBytes(TestFiles.fixtures().resolve("soak/prometheus.txt"));
		this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		this.server.createContext("/actuator/prometheus", (exchange) -> {
			exchange.sendResponseHeaders(200, scrape.length);
			exchange.getResponseBody().write(scrape);
			exchange.close();
		});
		this.server.start();
		this.actuator = URI.create("http://127.0.0.1:" + this.server.getAddress().getPort() + "/actuator");
	}

	@AfterEach
	void stop() {
		this.server.stop(0);
	}

	@Test
	void takesTheMemoryFromTheScrapeAndTheFilesAndThreadsFromProc() throws IOException {
		fakeProcess(4242, 3, 41);
		long origin = System.currentTimeMillis() - 2000;

		Snapshot snapshot = new GatewayProbe(4242, this.actuator, this.proc, origin).take(false);

		assertThat(snapshot.gcForced()).isFalse();
		assertThat(snapshot.heapBytes()).isEqualTo(65 * MIB);
		// Not forced: heap after GC is the JVM's live data after its last major GC.
		assertThat(snapshot.heapAfterGcBytes()).isEqualTo(38 * MIB);
		assertThat(snapshot.directBytes()).isEqualTo(8 * MIB);
		assertThat(snapshot.openFiles()).isEqualTo(3);
		assertThat(snapshot.threads()).isEqualTo(41);
		assertThat(snapshot.t()).isBetween(2.0, 10.0);
	}

	@Test
	void samplesAtItsIntervalUntilStopped() throws Exception {
		fakeProcess(4242, 3, 41);
		GatewayProbe.Sampling sampling = new GatewayProbe(4242, this.actuator, this.proc, System.currentTimeMillis())
			.sample(Duration.ofMillis(100), (line) -> {
			});

		Thread.sleep(450);
		List<Snapshot> samples = sampling.stop();

		assertThat(samples).hasSizeBetween(3, 6).allSatisfy((sample) -> assertThat(sample.threads()).isEqualTo(41));
		Thread.sleep(250);
		assertThat(sampling.stop()).hasSameSizeAs(samples);
	}

	@Test
	void aGatewayThatIsGoneFailsTheSoakRatherThanItsArguments() throws IOException {
		GatewayProbe gone = new GatewayProbe(7, this.actuator, this.proc, 0);

		assertThatExceptionOfType(RunFailedException.class).isThrownBy(() -> gone.take(false))
			.withMessageContaining("pid 7");

		fakeProcess(7, 1, 1);
		this.server.removeContext("/actuator/prometheus");
		assertThatExceptionOfType(RunFailedException.class).isThrownBy(() -> gone.take(false))
			.withMessageContaining("answered no GET");
	}

	private void fakeProcess(long pid, int files, int threads) throws IOException {
		Path fd = Files.createDirectories(this.proc.resolve(pid + "/fd"));
		for (int i = 0; i < files; i++) {
			Files.createFile(fd.resolve(Integer.toString(i)));
		}
		Files.writeString(this.proc.resolve(pid + "/status"), "Name:\tjava\nThreads:\t" + threads + "\n",
				StandardCharsets.UTF_8);
	}

}
