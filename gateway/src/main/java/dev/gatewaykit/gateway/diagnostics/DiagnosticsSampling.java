package dev.gatewaykit.gateway.diagnostics;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import io.micrometer.core.instrument.MeterRegistry;
import io.netty.util.concurrent.EventExecutorGroup;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.SmartLifecycle;

/**
 * The diagnostics' own thread: one daemon platform thread, outside Reactor and Netty so
 * that it keeps time while they are blocked, which ticks the {@link EventLoopLagProbe} at
 * the probe interval and records a {@link SecondRecorder second} at every wall-clock
 * second boundary. It starts after the web server (the last lifecycle phase, when the
 * event loops exist) and stops first when the context closes.
 */
final class DiagnosticsSampling implements SmartLifecycle {

	static final String THREAD_NAME = "kit-diagnostics";

	private static final Logger log = LoggerFactory.getLogger(DiagnosticsSampling.class);

	private final Supplier<EventExecutorGroup> eventLoops;

	private final MeterRegistry registry;

	private final Map<String, String> poolNames;

	private final Duration probeInterval;

	private final RecentSeconds seconds;

	private volatile @Nullable ScheduledExecutorService thread;

	private volatile @Nullable EventLoopLagProbe probe;

	private boolean tickFailed;

	/**
	 * @param eventLoops the server's event loops, looked up at start
	 * @param registry where the pool and Redis meters are, and where the lag timer goes
	 * @param poolNames pool names reported under another name
	 * @param probeInterval how often each loop is probed
	 * @param seconds where the seconds go
	 */
	DiagnosticsSampling(Supplier<EventExecutorGroup> eventLoops, MeterRegistry registry, Map<String, String> poolNames,
			Duration probeInterval, RecentSeconds seconds) {
		this.eventLoops = eventLoops;
		this.registry = registry;
		this.poolNames = poolNames;
		this.probeInterval = probeInterval;
		this.seconds = seconds;
	}

	@Override
	public synchronized void start() {
		if (this.thread != null) {
			return;
		}
		EventLoopLagProbe lag;
		try {
			lag = new EventLoopLagProbe(this.eventLoops.get(), this.registry);
		}
		catch (RuntimeException ex) {
			// Diagnostics are never a reason for the gateway not to serve.
			log.warn("Diagnostics are off: the server's event loops cannot be found", ex);
			return;
		}
		SecondRecorder recorder = new SecondRecorder(lag, new ConnectionPools(this.registry, this.poolNames),
				new RedisCommands(this.registry), ReactorExecutors::read, this.seconds);
		ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor((task) -> {
			Thread daemon = new Thread(task, THREAD_NAME);
			daemon.setDaemon(true);
			return daemon;
		});
		long interval = this.probeInterval.toNanos();
		thread.scheduleAtFixedRate(() -> tick(lag), interval, interval, TimeUnit.NANOSECONDS);
		// The first second is partial: its values are taken and dropped.
		scheduleEndOf(thread, recorder, System.currentTimeMillis() / 1000, false);
		this.probe = lag;
		this.thread = thread;
		log.info("Diagnostics: probing {} event loops every {} ms, keeping the last {} seconds", lag.loopCount(),
				this.probeInterval.toMillis(), this.seconds.capacity());
	}

	private void scheduleEndOf(ScheduledExecutorService thread, SecondRecorder recorder, long epochSecond,
			boolean keep) {
		long delay = Math.max(0, (epochSecond + 1) * 1000 - System.currentTimeMillis());
		try {
			thread.schedule(() -> endOf(thread, recorder, epochSecond, keep), delay, TimeUnit.MILLISECONDS);
		}
		catch (RejectedExecutionException ex) {
			// Stopped meanwhile: the context is closing.
		}
	}

	private void endOf(ScheduledExecutorService thread, SecondRecorder recorder, long epochSecond, boolean keep) {
		try {
			if (keep) {
				recorder.record(epochSecond);
			}
			else {
				recorder.skip();
			}
		}
		catch (RuntimeException ex) {
			log.warn("Diagnostics could not record second {}", epochSecond, ex);
		}
		// Late by more than a second (a paused JVM): the missed seconds are folded into
		// the next one rather than reported as empty.
		long next = Math.max(epochSecond + 1, System.currentTimeMillis() / 1000);
		if (!thread.isShutdown()) {
			scheduleEndOf(thread, recorder, next, true);
		}
	}

	private void tick(EventLoopLagProbe lag) {
		try {
			lag.tick();
		}
		catch (RuntimeException ex) {
			// A periodic task that throws is never run again: log once, keep ticking.
			if (!this.tickFailed) {
				this.tickFailed = true;
				log.warn("Diagnostics could not probe the event loops", ex);
			}
		}
	}

	@Override
	public synchronized void stop() {
		ScheduledExecutorService thread = this.thread;
		if (thread != null) {
			thread.shutdownNow();
			this.thread = null;
			this.probe = null;
		}
	}

	@Override
	public boolean isRunning() {
		return this.thread != null;
	}

	/** The loops being probed, while running (for tests that check which loops). */
	@Nullable EventLoopLagProbe probe() {
		return this.probe;
	}

	@FunctionalInterface
	private interface SecondTask {

		void run(long epochSecond);

	}

}
