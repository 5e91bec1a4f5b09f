package dev.gatewaykit.bench.probe;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import dev.gatewaykit.bench.analysis.sockets.ProcNetTcp;
import dev.gatewaykit.bench.analysis.sockets.SocketSample;
import dev.gatewaykit.bench.model.BadInputException;

/**
 * Reads the TCP tables every {@code interval} and appends one {@link SocketSample} line
 * per reading to a file: which connections to the server port hold a request the gateway
 * has not read, and how many the gateway has not even accepted yet. What {@code ss} shows
 * by hand, recorded for the whole window so the report can chart it per mode.
 * <p>
 * Cheap on purpose, since it shares a small box with the system under test: one
 * {@link Files#readString} per table, the hand-written parser of {@link ProcNetTcp}, one
 * reused line buffer, one flushed write per sample. Most of the cost is the kernel
 * printing the table, which grows with every socket on the machine, not just the
 * gateway's.
 * <p>
 * Runs in the gateway's network namespace (the tables are per namespace). Single use:
 * {@link #run} once.
 */
public final class SocketSampler {

	public static final Duration DEFAULT_INTERVAL = SocketSample.DEFAULT_INTERVAL;

	private final Path tcp;

	private final Path tcp6;

	private final int port;

	private final Duration interval;

	private final CountDownLatch stop = new CountDownLatch(1);

	private final CountDownLatch finished = new CountDownLatch(1);

	/** Samples the machine's own tables. */
	public SocketSampler(int port, Duration interval) {
		this(ProcNetTcp.TCP, ProcNetTcp.TCP6, port, interval);
	}

	/**
	 * @param tcp the IPv4 table; it must exist: without it there is nothing to sample,
	 * and an empty result would read as "no connection ever waited"
	 * @param tcp6 the IPv6 table; may be missing (a kernel without IPv6)
	 * @throws BadInputException when {@code tcp} does not exist (not Linux, or no
	 * {@code /proc})
	 */
	public SocketSampler(Path tcp, Path tcp6, int port, Duration interval) {
		if (!Files.isReadable(tcp)) {
			throw new BadInputException("cannot read " + tcp + ": the socket sampler reads Linux's TCP table, so it "
					+ "runs on Linux only, with /proc mounted, in the gateway's network namespace");
		}
		if (port < 1 || port > 65_535 || interval.isNegative() || interval.isZero()) {
			throw new IllegalArgumentException("port must be 1-65535 and the interval positive");
		}
		this.tcp = tcp;
		this.tcp6 = Files.isReadable(tcp6) ? tcp6 : null;
		this.port = port;
		this.interval = interval;
	}

	/** Reads both tables once. */
	public SocketSample sample() throws IOException {
		long t = System.currentTimeMillis();
		ProcNetTcp.Table table = ProcNetTcp.table(Files.readString(this.tcp), this.port);
		if (this.tcp6 != null) {
			table = table.plus(ProcNetTcp.table(Files.readString(this.tcp6), this.port));
		}
		List<String> waiting = new ArrayList<>();
		for (ProcNetTcp.Connection connection : table.established()) {
			if (connection.unreadBytes() > 0) {
				waiting.add(connection.remote());
			}
		}
		return new SocketSample(t, table.established().size(), waiting.size(), table.acceptQueue(), waiting);
	}

	/**
	 * Samples into {@code out} (replaced if it exists, so two runs never mix) until
	 * {@code maxDuration} has passed, {@link #stop} is called or the thread is
	 * interrupted. Samples keep to a fixed rate; readings that fall behind (the box is
	 * busy) are skipped, not bunched up. Each line is flushed as written, so whatever
	 * stops the sampler leaves complete lines.
	 * @return how many samples were written
	 */
	public int run(Path out, Duration maxDuration) throws IOException {
		int written = 0;
		try (Writer writer = Files.newBufferedWriter(out, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
				StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
			long step = this.interval.toNanos();
			long start = System.nanoTime();
			long deadline = start + maxDuration.toNanos();
			StringBuilder line = new StringBuilder(256);
			for (long next = start; next < deadline && this.stop.getCount() > 0; next += step) {
				long now = System.nanoTime();
				if (now < next && this.stop.await(next - now, TimeUnit.NANOSECONDS)) {
					break;
				}
				now = System.nanoTime();
				if (now - next >= step) {
					next += (now - next) / step * step;
				}
				line.setLength(0);
				sample().appendJson(line);
				writer.append(line).append('\n').flush();
				written++;
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		finally {
			this.finished.countDown();
		}
		return written;
	}

	/**
	 * Ends {@link #run} after the sample in progress, from any thread (e.g. a SIGTERM's
	 * shutdown hook).
	 */
	public void stop() {
		this.stop.countDown();
	}

	/** Waits up to {@code timeout} for {@link #run} to have returned; whether it has. */
	public boolean awaitFinished(Duration timeout) throws InterruptedException {
		return this.finished.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
	}

}
