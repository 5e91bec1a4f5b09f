package dev.gatewaykit.gateway.web;

import java.time.Duration;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * The gateway's own deadlines: a call, or an error if it has not signalled in time, with
 * the call cancelled. What {@code Mono.timeout(Duration)} does, timed on threads of their
 * own, and without its cost on every subscription: its operator names the whole upstream
 * chain for the exception's message ({@code FluxTimeout.addNameToTimeoutDescription},
 * walking every operator through {@code Scannable.name()}) whether or not it ever times
 * out, 8.5 µs of gateway CPU per request for the identity checks' two timeouts in
 * async-profiler on the reactive mode.
 */
public final class Deadlines {

	/**
	 * The timers. Not {@code Schedulers.parallel()} (where {@code Mono.delay} puts them
	 * by default): there they shared the threads the publish-on mode blocks, so under
	 * load the timer that should end a stalled call waited behind the stalled calls
	 * themselves. Nothing else runs here but the few operators after a deadline passes
	 * (an error answer, which does not block).
	 */
	private static final Scheduler timers = Schedulers.newParallel("kit-deadline",
			Math.max(1, Schedulers.DEFAULT_POOL_SIZE / 2), true);

	private Deadlines() {
	}

	/**
	 * The call, or the error {@code expired} gives if the call has not signalled within
	 * {@code timeout}; the call is then cancelled.
	 */
	public static <T> Mono<T> within(Mono<T> call, Duration timeout, Supplier<? extends Throwable> expired) {
		return Mono.firstWithSignal(call, Mono.delay(timeout, timers).then(Mono.<T>error(expired)));
	}

	/** {@link #within} with a {@link TimeoutException} that says how long it waited. */
	public static <T> Mono<T> within(Mono<T> call, Duration timeout) {
		return within(call, timeout, () -> new TimeoutException("no answer within " + timeout.toMillis() + " ms"));
	}

}
