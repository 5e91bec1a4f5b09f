package dev.gatewaykit.bench.probe;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.gatewaykit.bench.analysis.sockets.ProcNetTcpFixtures;
import dev.gatewaykit.bench.analysis.sockets.SocketSample;
import dev.gatewaykit.bench.model.BadInputException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class SocketSamplerTests {

	private static final Duration INTERVAL = Duration.ofMillis(20);

	@TempDir
	Path dir;

	@Test
	void oneSampleCountsBothTablesAndListsTheConnectionsHoldingUnreadBytes() throws Exception {
		SocketSample sample = sampler(ProcNetTcpFixtures.TCP6).sample();

		assertThat(sample.open()).isEqualTo(4);
		assertThat(sample.unread()).isEqualTo(2);
		// An IPv4 listener and a dual-stack one on the same port: both accept queues
		// count.
		assertThat(sample.acceptQueue()).isEqualTo(5);
		assertThat(sample.waiting()).containsExactly("127.0.0.1:54321", "127.0.0.1:40001");
		assertThat(sample.t()).isBetween(System.currentTimeMillis() - 5_000, System.currentTimeMillis());
	}

	@Test
	void writesOneCompactJsonLinePerSampleUntilItsTimeIsUp() throws Exception {
		Path out = this.dir.resolve("sockets.jsonl");

		int written = sampler(ProcNetTcpFixtures.TCP6).run(out, Duration.ofMillis(90));

		List<String> lines = Files.readAllLines(out);
		assertThat(written).isBetween(1, 5).isEqualTo(lines.size());
		assertThat(lines.get(0)).matches(
				"\\{\"t\":\\d+,\"open\":4,\"unread\":2,\"acceptQueue\":5,\"waiting\":\\[\"127.0.0.1:54321\",\"127.0.0.1:40001\"]}");
		assertThat(lines).allSatisfy((line) -> assertThat(SocketSample.parse(line).unread()).isEqualTo(2));
	}

	@Test
	void aMissingIpv6TableIsAKernelWithoutIpv6NotAnError() throws Exception {
		Path tcp = Files.writeString(this.dir.resolve("tcp"), ProcNetTcpFixtures.TCP);

		SocketSample sample = new SocketSampler(tcp, this.dir.resolve("no-tcp6"), 8080, INTERVAL).sample();

		assertThat(sample.open()).isEqualTo(2);
		assertThat(sample.acceptQueue()).isEqualTo(3);
		assertThat(sample.waiting()).containsExactly("127.0.0.1:54321");
	}

	@Test
	void withoutTheIpv4TableItRefusesToStartRatherThanRecordNothing() {
		assertThatExceptionOfType(BadInputException.class)
			.isThrownBy(
					() -> new SocketSampler(this.dir.resolve("no-tcp"), this.dir.resolve("no-tcp6"), 8080, INTERVAL))
			.withMessageContaining("no-tcp")
			.withMessageContaining("Linux only");
	}

	@Test
	void stopEndsARunEarlyWithCompleteLines() throws Exception {
		SocketSampler sampler = sampler(ProcNetTcpFixtures.TCP6);
		Path out = this.dir.resolve("sockets.jsonl");
		Thread stopper = new Thread(() -> {
			sleep(150);
			sampler.stop();
		});
		stopper.start();
		long start = System.nanoTime();

		int written = sampler.run(out, Duration.ofSeconds(30));

		assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
		assertThat(sampler.awaitFinished(Duration.ZERO)).isTrue();
		assertThat(written).isPositive();
		assertThat(Files.readAllLines(out)).hasSize(written).allSatisfy(SocketSample::parse);
		stopper.join();
	}

	@Test
	void anInterruptEndsARunToo() throws Exception {
		SocketSampler sampler = sampler(ProcNetTcpFixtures.TCP6);
		Path out = this.dir.resolve("sockets.jsonl");
		Thread runner = new Thread(() -> {
			try {
				sampler.run(out, Duration.ofSeconds(30));
			}
			catch (Exception ex) {
				throw new IllegalStateException(ex);
			}
		});
		runner.start();
		sleep(100);

		runner.interrupt();

		runner.join(10_000);
		assertThat(runner.isAlive()).isFalse();
		assertThat(Files.readAllLines(out)).isNotEmpty().allSatisfy(SocketSample::parse);
	}

	private SocketSampler sampler(String tcp6) throws Exception {
		Path tcp = Files.writeString(this.dir.resolve("tcp"), ProcNetTcpFixtures.TCP);
		Path v6 = Files.writeString(this.dir.resolve("tcp6"), tcp6);
		return new SocketSampler(tcp, v6, 8080, INTERVAL);
	}

	private static void sleep(long ms) {
		try {
			Thread.sleep(ms);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
