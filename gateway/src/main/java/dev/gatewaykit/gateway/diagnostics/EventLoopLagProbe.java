package dev.gatewaykit.gateway.diagnostics;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import dev.gatewaykit.common.diagnostics.GatewaySecond;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.EventExecutorGroup;
import io.netty.util.concurrent.SingleThreadEventExecutor;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Measures how late each event loop runs a task: on every {@link #tick()} a no-op is
 * submitted to each loop whose previous probe has already run, and when it runs it
 * records how long it waited. A loop blocked for two seconds therefore shows one probe
 * with a two-second lag when it finally runs — never a pile-up of probes behind the
 * block, which would both add work to a loop in trouble and smear the lag over many
 * smaller values. A loop that is shutting down is not probed.
 * <p>
 * The lag goes into an HdrHistogram {@link Recorder} (microseconds), read per second by
 * {@link #takeInterval()}, and into the {@code kit.eventloop.lag} timer for dashboards.
 * {@link #tick()} and {@link #takeInterval()} are called by one thread.
 */
final class EventLoopLagProbe {

	/** The timer every probe is recorded into. */
	static final String TIMER = "kit.eventloop.lag";

	private final List<LoopProbe> loops = new ArrayList<>();

	/**
	 * The longest lag the histogram holds (a longer one is recorded as this): a fixed
	 * range, because an auto-resizing HdrHistogram resizes under a lock that the reader
	 * can hold, and the probe records on the event loop it measures (BlockHound saw a
	 * loop park there).
	 */
	static final long HIGHEST_LAG_MICROS = TimeUnit.MINUTES.toMicros(10);

	private final Recorder lagMicros = new Recorder(HIGHEST_LAG_MICROS, 2);

	private final Timer timer;

	private Histogram interval;

	EventLoopLagProbe(EventExecutorGroup loops, MeterRegistry registry) {
		for (EventExecutor loop : loops) {
			this.loops.add(new LoopProbe(loop));
		}
		this.timer = Timer.builder(TIMER)
			.description("How late a no-op scheduled on a Reactor Netty event loop ran")
			.register(registry);
		this.interval = this.lagMicros.getIntervalHistogram();
	}

	/** Records one probe's lag, on the loop that ran it: nothing here may block. */
	void record(long lagNanos) {
		this.lagMicros.recordValue(Math.min(TimeUnit.NANOSECONDS.toMicros(lagNanos), HIGHEST_LAG_MICROS));
		this.timer.record(lagNanos, TimeUnit.NANOSECONDS);
	}

	/** Submits a probe to every loop whose previous probe has run. */
	void tick() {
		for (LoopProbe loop : this.loops) {
			loop.submit();
		}
	}

	/** The probes that completed since the last call, over all loops. */
	GatewaySecond.Lag takeInterval() {
		this.interval = this.lagMicros.getIntervalHistogram(this.interval);
		Histogram lag = this.interval;
		if (lag.getTotalCount() == 0) {
			return new GatewaySecond.Lag(0, 0, 0, 0);
		}
		return new GatewaySecond.Lag((int) lag.getTotalCount(), lag.getValueAtPercentile(50),
				lag.getValueAtPercentile(99), lag.getMaxValue());
	}

	/**
	 * Tasks queued on the loops now, summed (Reactor Netty's
	 * {@code reactor.netty.eventloop.pending.tasks}, without going through a meter).
	 */
	int pendingTasks() {
		int pending = 0;
		for (LoopProbe loop : this.loops) {
			if (loop.executor instanceof SingleThreadEventExecutor executor) {
				pending += executor.pendingTasks();
			}
		}
		return pending;
	}

	/** How many loops are probed. */
	int loopCount() {
		return this.loops.size();
	}

	/** The loops probed. */
	List<EventExecutor> loops() {
		return this.loops.stream().map((loop) -> loop.executor).toList();
	}

	/** How many loops have a probe submitted and not yet run. */
	int inFlight() {
		return (int) this.loops.stream().filter((loop) -> loop.inFlight.get()).count();
	}

	private final class LoopProbe implements Runnable {

		private final EventExecutor executor;

		private final AtomicBoolean inFlight = new AtomicBoolean();

		// Written before execute() and read by the loop after it: execute() publishes it.
		private long submittedAt;

		LoopProbe(EventExecutor executor) {
			this.executor = executor;
		}

		void submit() {
			// A loop shutting down gracefully ends only after a quiet period without
			// tasks, and a probe is a task: probing it would hold its shutdown up to the
			// timeout. The sampling stops before its own context's loops do, but the
			// loops need not be that context's alone (Reactor Netty's global ones are
			// shared by every context in the JVM).
			if (this.executor.isShuttingDown() || !this.inFlight.compareAndSet(false, true)) {
				return;
			}
			this.submittedAt = System.nanoTime();
			try {
				this.executor.execute(this);
			}
			catch (RejectedExecutionException ex) {
				// The loop is shutting down: nothing to measure any more.
				this.inFlight.set(false);
			}
		}

		@Override
		public void run() {
			record(Math.max(0, System.nanoTime() - this.submittedAt));
			this.inFlight.set(false);
		}

	}

}
