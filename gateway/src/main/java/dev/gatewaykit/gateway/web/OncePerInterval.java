package dev.gatewaykit.gateway.web;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Lets one event per key through per interval and counts the others, so that an overload
 * (thousands of identical refusals a second) is logged as one line per cause per interval
 * with how many were left out, rather than a line per request, which would add logging to
 * the overload itself. Thread-safe: any thread may call {@link #tryAcquire}; of
 * concurrent callers past the interval exactly one wins.
 */
public final class OncePerInterval {

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

	private static final class Window {

		final AtomicLong lastNanos;

		final AtomicLong suppressed = new AtomicLong();

		Window(long lastNanos) {
			this.lastNanos = new AtomicLong(lastNanos);
		}

	}

}
