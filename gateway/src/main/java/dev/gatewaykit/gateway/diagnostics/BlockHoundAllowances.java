package dev.gatewaykit.gateway.diagnostics;

import reactor.blockhound.BlockHound;

/**
 * The calls of the gateway's libraries that BlockHound sees block an event loop but that
 * are not a mode's blocking: short lock waits, and the naive log style's synchronous
 * writes. The gateway's diagnostics and its BlockHound tests both allow them, so that
 * what they report is the modes' blocking calls. Each says what it may hide.
 */
public final class BlockHoundAllowances {

	private BlockHoundAllowances() {
	}

	/**
	 * Adds the allowances to {@code builder}.
	 * @param builder the BlockHound set-up to extend
	 */
	public static void applyTo(BlockHound.Builder builder) {
		// Logback's OutputStreamAppender takes its stream lock and writes in writeBytes.
		// With the fixed log style only the AsyncAppender's worker (a plain thread) gets
		// there, except for start-up messages; with the naive style every log line is a
		// synchronous write on the event loop, which is that style's known cost, measured
		// by the bench on its own (log-style), not a blocking call of a mode.
		builder.allowBlockingCallsInside("ch.qos.logback.core.OutputStreamAppender", "writeBytes");
		// Every reactive Redis call asks Spring Data Redis's LettuceConnectionFactory for
		// its shared reactive connection, taking the factory's ReentrantLock twice, and
		// two event loops asking at once park on it (400 requests 16 at a time: 3 of
		// them, EventLoopBlockHoundTests). The gateway creates that connection at
		// start-up (eager initialisation, GatewayConfiguration), so the lock guards null
		// checks. Connecting or validating under it is I/O, and stays reported.
		String factory = "org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory";
		builder.allowBlockingCallsInside(factory, "getSharedReactiveConnection");
		builder.disallowBlockingCallsInside(factory + "$SharedConnection", "getNativeConnection");
		builder.disallowBlockingCallsInside(factory + "$SharedConnection", "validateConnection");
		// Lettuce 6.8 counts a connection's writers under a ReentrantLock that every
		// command written from any thread takes for a compare-and-set (183 parks in the
		// same 400 requests once the factory's lock was allowed). It also waits there
		// while an exclusive section runs (a reconnect, draining queued commands): those
		// parks go unreported too, which matters when Redis goes away (./kit chaos).
		builder.allowBlockingCallsInside("io.lettuce.core.protocol.SharedLock", "incrementWriters");
		// Resilience4j's Spring Boot set-up keeps the last 100 events of every breaker
		// and bulkhead for /actuator/*events; each call adds one under a StampedLock
		// write lock held for an array store (3 parks in the same 400 requests). Still
		// a lock every call on every event loop takes: a cost of the template's
		// resilience set-up that no benchmark has isolated yet.
		builder.allowBlockingCallsInside("io.github.resilience4j.consumer.CircularEventConsumer", "consumeEvent");
	}

}
