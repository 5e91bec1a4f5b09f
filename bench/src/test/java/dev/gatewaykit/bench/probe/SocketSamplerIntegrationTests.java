package dev.gatewaykit.bench.probe;

import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.gatewaykit.bench.analysis.sockets.SocketSample;
import dev.gatewaykit.bench.analysis.sockets.StarvationAnalysis;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sampler against the real kernel: a server that accepts two connections and reads
 * nothing, as a gateway with blocked event loops does. Linux only, and it fails (never
 * skips) elsewhere, because a sampler that silently saw nothing would chart every mode as
 * healthy.
 */
class SocketSamplerIntegrationTests {

	private static final Duration INTERVAL = Duration.ofMillis(100);

	@TempDir
	Path dir;

	@Test
	void seesARequestWaitUnreadUntilTheServerReadsItAndMeasuresTheWait() throws Exception {
		try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
				Socket idle = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
				Socket busy = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
				Socket first = server.accept();
				Socket second = server.accept()) {
			Socket served = (port(second) == busy.getLocalPort()) ? second : first;
			String busyId = "127.0.0.1:" + busy.getLocalPort();
			busy.getOutputStream().write("GET / HTTP/1.1\r\nHost: gateway\r\n\r\n".getBytes());
			busy.getOutputStream().flush();
			long sent = System.currentTimeMillis();

			SocketSampler sampler = new SocketSampler(server.getLocalPort(), INTERVAL);
			Path out = this.dir.resolve("sockets.jsonl");
			CompletableFuture<Integer> run = CompletableFuture.supplyAsync(() -> {
				try {
					return sampler.run(out, Duration.ofSeconds(30));
				}
				catch (Exception ex) {
					throw new IllegalStateException(ex);
				}
			});
			List<SocketSample> waiting = awaitSamples(out, (samples) -> samples.size() >= 5);
			assertThat(waiting).allSatisfy((sample) -> {
				assertThat(sample.open()).isEqualTo(2);
				assertThat(sample.unread()).isEqualTo(1);
				assertThat(sample.acceptQueue()).isZero();
				assertThat(sample.waiting()).containsExactly(busyId);
			});

			InputStream in = served.getInputStream();
			int read = in.read(new byte[4096]);
			long readAt = System.currentTimeMillis();
			List<SocketSample> all = awaitSamples(out,
					(samples) -> samples.stream().filter((sample) -> sample.t() > readAt).count() >= 5);
			sampler.stop();
			int written = run.get();

			assertThat(read).isPositive();
			assertThat(all).filteredOn((sample) -> sample.t() > readAt).allSatisfy((sample) -> {
				assertThat(sample.open()).isEqualTo(2);
				assertThat(sample.unread()).isZero();
				assertThat(sample.waiting()).isEmpty();
			});
			assertThat(written).isGreaterThanOrEqualTo(all.size());

			long firstSample = waiting.get(0).t();
			StarvationAnalysis analysis = StarvationAnalysis.analyse(out, firstSample, all.get(all.size() - 1).t() + 1);
			assertThat(analysis.intervalMs()).isBetween(INTERVAL.toMillis(), INTERVAL.toMillis() + 50);
			assertThat(analysis.waits().count()).isEqualTo(1);
			StarvationAnalysis.Span span = analysis.waits().longest().get(0);
			assertThat(span.connection()).isEqualTo(busyId);
			assertThat(span.firstMs()).isEqualTo(firstSample).isGreaterThanOrEqualTo(sent);
			// The wait the sampler could see ran from its first sample to the read; a
			// span is right to one interval.
			assertThat(span.durationMs()).isBetween(readAt - firstSample - analysis.intervalMs(),
					readAt - firstSample + analysis.intervalMs());
		}
	}

	/**
	 * A gateway whose accepting event loop is blocked: the kernel completes the
	 * handshakes and queues the requests, but nothing accepts. The not-yet-accepted
	 * connections are ESTABLISHED rows holding their request, and the LISTEN row counts
	 * them.
	 */
	@Test
	void seesConnectionsWaitInTheAcceptQueueWithTheirRequestUnread() throws Exception {
		InetAddress loopback = InetAddress.getLoopbackAddress();
		try (ServerSocket server = new ServerSocket(0, 50, loopback);
				Socket a = new Socket(loopback, server.getLocalPort());
				Socket b = new Socket(loopback, server.getLocalPort());
				Socket c = new Socket(loopback, server.getLocalPort())) {
			byte[] request = "GET / HTTP/1.1\r\nHost: gateway\r\n\r\n".getBytes();
			for (Socket client : List.of(a, b, c)) {
				client.getOutputStream().write(request);
				client.getOutputStream().flush();
			}
			SocketSampler sampler = new SocketSampler(server.getLocalPort(), INTERVAL);

			SocketSample queued = awaitSample(sampler, (sample) -> sample.acceptQueue() == 3 && sample.unread() == 3);

			assertThat(queued.open()).isEqualTo(3);
			assertThat(queued.waiting()).containsExactlyInAnyOrder(id(a), id(b), id(c));

			try (Socket accepted = server.accept()) {
				int read = accepted.getInputStream().readNBytes(request.length).length;

				SocketSample afterAccept = awaitSample(sampler,
						(sample) -> sample.acceptQueue() == 2 && sample.unread() == 2);

				assertThat(read).isEqualTo(request.length);
				assertThat(afterAccept.open()).isEqualTo(3);
				assertThat(afterAccept.waiting()).hasSize(2)
					.doesNotContain("127.0.0.1:" + port(accepted))
					.isSubsetOf(id(a), id(b), id(c));
			}
		}
	}

	private static String id(Socket client) {
		return "127.0.0.1:" + client.getLocalPort();
	}

	/**
	 * The first sample that is {@code expected}: the kernel delivers loopback bytes and
	 * completes handshakes asynchronously, so a sample taken right after a write may not
	 * show them yet. Fails after 5 s with the last one.
	 */
	private static SocketSample awaitSample(SocketSampler sampler, Predicate<SocketSample> expected) throws Exception {
		long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
		SocketSample sample = sampler.sample();
		while (!expected.test(sample) && System.nanoTime() < deadline) {
			Thread.sleep(INTERVAL.toMillis() / 4);
			sample = sampler.sample();
		}
		assertThat(expected).as("the last sample").accepts(sample);
		return sample;
	}

	private static int port(Socket accepted) {
		return ((InetSocketAddress) accepted.getRemoteSocketAddress()).getPort();
	}

	/** The file's samples once they are {@code enough}; fails after 10 s. */
	private static List<SocketSample> awaitSamples(Path out, Predicate<List<SocketSample>> enough) throws Exception {
		long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
		while (System.nanoTime() < deadline) {
			List<String> lines = Files.exists(out) ? Files.readAllLines(out) : List.of();
			// The line being written may be incomplete: only whole lines count.
			List<SocketSample> samples = lines.stream()
				.filter((line) -> line.endsWith("}"))
				.map(SocketSample::parse)
				.toList();
			if (enough.test(samples)) {
				return samples;
			}
			Thread.sleep(INTERVAL.toMillis() / 2);
		}
		throw new AssertionError("not enough samples in " + out + " after 10 s: " + Files.readString(out));
	}

}
