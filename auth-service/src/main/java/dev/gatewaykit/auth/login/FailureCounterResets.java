package dev.gatewaykit.auth.login;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import dev.gatewaykit.auth.config.AuthProperties;

import org.springframework.context.SmartLifecycle;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.stereotype.Component;

/**
 * Clears the failure counters of users who logged in successfully: batched, and written
 * off the login's path.
 * <p>
 * Profiling an auth service under load found a synchronous {@code DEL} per successful
 * login on the hot path: one more Redis round trip for every login, almost always
 * deleting a key that does not exist. Here a login only adds the user name to an
 * in-memory set; every {@code kit.auth.lockout.reset-flush-interval} a background task
 * deletes the pending counters with one multi-key {@code DEL} per
 * {@code reset-batch-size} names.
 * <p>
 * <b>The tradeoff:</b> a reset lands up to one flush interval (200 ms by default) late. A
 * failure in that window still counts on top of the old ones, and is then cleared with
 * them. Against brute force that is at most one interval's worth of attempts by a user
 * who has just proved they know the password, which we accept.
 * <p>
 * <b>Bounded memory:</b> once {@code reset-batch-size} names are pending, the login that
 * finds the set full flushes it itself and waits for the {@code DEL}, rather than grow
 * the set or drop a reset. A flush that fails puts its names back, so Redis being briefly
 * away loses nothing either.
 * <p>
 * <b>Nothing lost on shutdown:</b> as a {@link SmartLifecycle} in {@link #PHASE} this
 * stops after the web server (no more logins can arrive) and before the Redis connection
 * factory (phase 0), and flushes what is pending.
 */
@Component
public class FailureCounterResets implements SmartLifecycle {

	/**
	 * Stopped after the web server ({@code DEFAULT_PHASE - 2048}), before Lettuce's
	 * connection factory (0): higher phases stop first.
	 */
	static final int PHASE = SmartLifecycle.DEFAULT_PHASE - 4096;

	private static final Logger logger = LoggerFactory.getLogger(FailureCounterResets.class);

	private final Set<String> pending = ConcurrentHashMap.newKeySet();

	/**
	 * The set's size, kept alongside it because {@code ConcurrentHashMap.size()} sums
	 * counter cells.
	 */
	private final AtomicInteger pendingCount = new AtomicInteger();

	private final ReactiveStringRedisTemplate redis;

	private final Duration flushInterval;

	private final int batchSize;

	private final Duration timeout;

	private volatile @Nullable Disposable ticker;

	public FailureCounterResets(ReactiveStringRedisTemplate redis, AuthProperties properties) {
		this.redis = redis;
		this.flushInterval = properties.lockout().resetFlushInterval();
		this.batchSize = properties.lockout().resetBatchSize();
		this.timeout = properties.redisTimeout();
	}

	/**
	 * Schedules clearing {@code username}'s failure counter. Completes at once, unless
	 * the pending set is full, in which case it completes when this caller has flushed
	 * it. Never fails.
	 */
	public Mono<Void> add(String username) {
		return Mono.defer(() -> {
			if (this.pending.add(username) && this.pendingCount.incrementAndGet() >= this.batchSize) {
				// The login has stored its session by now: a failed flush must not fail
				// it. The names are back in the set (see delete) for the next flush to
				// retry.
				return flush().onErrorResume((ex) -> {
					logger.debug("Inline flush of login failure counters failed", ex);
					return Mono.empty();
				});
			}
			return Mono.empty();
		});
	}

	/**
	 * Deletes the counters of every pending user name, {@code reset-batch-size} keys per
	 * {@code DEL}.
	 */
	public Mono<Void> flush() {
		return Mono.defer(() -> {
			List<String> usernames = drain();
			if (usernames.isEmpty()) {
				return Mono.empty();
			}
			List<List<String>> batches = new ArrayList<>();
			for (int from = 0; from < usernames.size(); from += this.batchSize) {
				batches.add(usernames.subList(from, Math.min(from + this.batchSize, usernames.size())));
			}
			return Flux.fromIterable(batches).flatMap(this::delete).then();
		});
	}

	/** How many resets are waiting for the next flush. */
	public int pendingCount() {
		return this.pendingCount.get();
	}

	private Mono<Long> delete(List<String> usernames) {
		String[] keys = usernames.stream().map(LoginAttempts::failuresKey).toArray(String[]::new);
		// Put the names back if the DEL fails or is cancelled (by stop(), mid-flush):
		// deleting twice is harmless, losing a reset is not.
		return this.redis.delete(keys)
			.timeout(this.timeout)
			.doOnError((ex) -> requeue(usernames))
			.doOnCancel(() -> requeue(usernames));
	}

	private List<String> drain() {
		List<String> drained = new ArrayList<>(Math.min(this.pendingCount.get(), this.batchSize * 4));
		for (Iterator<String> names = this.pending.iterator(); names.hasNext();) {
			String name = names.next();
			if (this.pending.remove(name)) {
				this.pendingCount.decrementAndGet();
				drained.add(name);
			}
		}
		return drained;
	}

	private void requeue(List<String> usernames) {
		for (String name : usernames) {
			if (this.pending.add(name)) {
				this.pendingCount.incrementAndGet();
			}
		}
	}

	@Override
	public void start() {
		this.ticker = Flux.interval(this.flushInterval)
			.onBackpressureDrop()
			.concatMap((tick) -> flush().onErrorResume((ex) -> {
				logger.warn("Could not clear {} login failure counters, will retry: {}", this.pendingCount.get(),
						ex.toString());
				return Mono.empty();
			}))
			.subscribe();
	}

	@Override
	public void stop() {
		Disposable running = this.ticker;
		this.ticker = null;
		if (running != null) {
			running.dispose();
		}
		int count = this.pendingCount.get();
		if (count == 0) {
			return;
		}
		try {
			// Blocking is fine here: stop() runs on the thread closing the context, never
			// on an event loop.
			flush().block(this.timeout.multipliedBy(2));
			logger.info("Cleared {} pending login failure counters on shutdown", count);
		}
		catch (RuntimeException ex) {
			logger.warn("Could not clear {} pending login failure counters on shutdown: {}", count, ex.toString());
		}
	}

	@Override
	public boolean isRunning() {
		return this.ticker != null;
	}

	@Override
	public int getPhase() {
		return PHASE;
	}

}
