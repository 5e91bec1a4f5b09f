package dev.gatewaykit.gateway.web;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import java.util.function.LongSupplier;

/**
 * Lets one event per key through per interval and counts the others, so that an overload
 * (thousands of identical refusals a second) is logged as one line per cause per interval
 * with how many were left out, rather than a line per request, which would add logging to
 * the overload itself. Thread-safe: any thread may call {@link #tryAcquire}; of
 * concurrent callers past the interval exactly one wins. The count of those left out
 * would wait for the next event of its key, which after a burst may never come:
 * {@link #flushEvery} reports it once the interval is over.
 */
public final class OncePerInterval {

	/**
	 * One daemon thread for every flush: a few keys a second at most, nothing that may
	 * block, and nothing that must finish when the JVM exits.
	 */
	private static final ScheduledExecutorService FLUSHER = Executors.newSingleThreadScheduledExecutor((task) -> {
		Thread thread = new Thread(task, "log-left-out-flush");
		thread.setDaemon(true);
		return thread;
	});

	private final long intervalNanos;

	private final LongSupplier nanoTime;

	private final Map<String, Window> windows = new ConcurrentHashMap<>();

	public OncePerInterval(Duration interval, LongSupplier nanoTime) {
		this.intervalNanos = interval.toNanos();
		this.nanoTime = nanoTime;
	}

	/**
	 * How many events of this key were suppressed since the last one let through, or -1
	 * when this one is suppressed too.
	 */
	public long tryAcquire(String key) {
		Window window = this.windows.computeIfAbsent(key,
				(k) -> new Window(this.nanoTime.getAsLong() - this.intervalNanos));
		long now = this.nanoTime.getAsLong();
		long last = window.lastNanos.get();
		if (now - last >= this.intervalNanos && window.lastNanos.compareAndSet(last, now)) {
			return window.suppressed.getAndSet(0);
		}
		window.suppressed.incrementAndGet();
		return -1;
	}

	/**
	 * Reports, for each key whose interval has ended with events left out since its last
	 * line, how many; the report takes the place of that key's next line.
	 */
	public void flush(BiConsumer<String, Long> leftOut) {
		long now = this.nanoTime.getAsLong();
		this.windows.forEach((key, window) -> {
			long last = window.lastNanos.get();
			if (window.suppressed.get() > 0 && now - last >= this.intervalNanos
					&& window.lastNanos.compareAndSet(last, now)) {
				long suppressed = window.suppressed.getAndSet(0);
				if (suppressed > 0) {
					leftOut.accept(key, suppressed);
				}
			}
		});
	}

	/**
	 * {@link #flush} once per interval on a daemon thread, until the returned handle is
	 * closed.
	 */
	public AutoCloseable flushEvery(BiConsumer<String, Long> leftOut) {
		long millis = Math.max(1, this.intervalNanos / 1_000_000);
		ScheduledFuture<?> flushing = FLUSHER.scheduleAtFixedRate(() -> {
			try {
				flush(leftOut);
			}
			catch (RuntimeException ex) {
				// A report that failed must not cancel the next ones (a scheduled task
				// that throws is never run again).
			}
		}, millis, millis, TimeUnit.MILLISECONDS);
		return () -> flushing.cancel(false);
	}

	private static final class Window {

		final AtomicLong lastNanos;

		final AtomicLong suppressed = new AtomicLong();

		Window(long lastNanos) {
			this.lastNanos = new AtomicLong(lastNanos);
		}

	}

}
