package dev.gatewaykit.bench.chaos;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import dev.gatewaykit.launcher.toxiproxy.Toxic;

/**
 * The faults of {@code ./kit chaos}, each on one link: a toxiproxy toxic, a frozen
 * process ({@code SIGSTOP}, then {@code SIGCONT}), or a Redis crash and restart. Every
 * fault must be answered within its link's timeout plus a margin, and the answers must be
 * all 2xx again within the recovery target once it is lifted (docs/chaos.md says what
 * each one is expected to answer while it lasts).
 */
public enum Fault {

	/** Every Redis answer later than the command timeout. */
	REDIS_LATENCY("redis-latency", Link.REDIS, Kind.TOXIC),

	/** Redis accepts and never answers. */
	REDIS_BLACK_HOLE("redis-black-hole", Link.REDIS, Kind.TOXIC),

	/** Every Redis connection reset. */
	REDIS_RESET("redis-reset", Link.REDIS, Kind.TOXIC),

	/**
	 * Redis killed (sessions since its last snapshot lost), started again when the fault
	 * is lifted; the load logs in again after it.
	 */
	REDIS_RESTART("redis-restart", Link.REDIS, Kind.REDIS_RESTART),

	/** Every relay-token answer later than the relay timeout. */
	AUTH_LATENCY("auth-latency", Link.AUTH, Kind.TOXIC),

	/** auth-service accepts and never answers. */
	AUTH_BLACK_HOLE("auth-black-hole", Link.AUTH, Kind.TOXIC),

	/** Every auth-service connection reset. */
	AUTH_RESET("auth-reset", Link.AUTH, Kind.TOXIC),

	/** auth-service's answers stop after their first bytes. */
	AUTH_STALL("auth-stall", Link.AUTH, Kind.TOXIC),

	/** auth-service frozen. */
	AUTH_SIGSTOP("auth-sigstop", Link.AUTH, Kind.SIGSTOP),

	/** Every mall-api answer later than the response timeout. */
	MALL_LATENCY("mall-latency", Link.MALL, Kind.TOXIC),

	/** mall-api accepts and never answers. */
	MALL_BLACK_HOLE("mall-black-hole", Link.MALL, Kind.TOXIC),

	/** Every mall-api connection reset. */
	MALL_RESET("mall-reset", Link.MALL, Kind.TOXIC),

	/** mall-api's answers stop after their first bytes. */
	MALL_STALL("mall-stall", Link.MALL, Kind.TOXIC),

	/** mall-api frozen. */
	MALL_SIGSTOP("mall-sigstop", Link.MALL, Kind.SIGSTOP);

	/**
	 * How many bytes of a stalled answer get through: the status line and part of the
	 * headers of an HTTP answer, a reply or two of Redis.
	 */
	static final int STALL_FIRST_BYTES = 128;

	private final String id;

	private final Link link;

	private final Kind kind;

	Fault(String id, Link link, Kind kind) {
		this.id = id;
		this.link = link;
		this.kind = kind;
	}

	/** How a fault is applied and lifted. */
	public enum Kind {

		/** A toxic on the link's proxy, removed to lift it. */
		TOXIC,

		/** {@code SIGSTOP} of the link's service, {@code SIGCONT} to lift it. */
		SIGSTOP,

		/** Redis killed, started again to lift it. */
		REDIS_RESTART

	}

	public String id() {
		return this.id;
	}

	public Link link() {
		return this.link;
	}

	public Kind kind() {
		return this.kind;
	}

	/**
	 * The toxic of a {@link Kind#TOXIC} fault. A latency or a stall is twice and three
	 * times the link's timeout: well past it, so that only the timeout can end the call.
	 */
	public Optional<Toxic> toxic() {
		Duration timeout = this.link.timeout();
		return Optional.ofNullable(switch (this) {
			case REDIS_LATENCY, AUTH_LATENCY, MALL_LATENCY -> Toxic.latency(timeout.multipliedBy(2));
			case REDIS_BLACK_HOLE, AUTH_BLACK_HOLE, MALL_BLACK_HOLE -> Toxic.blackHole();
			case REDIS_RESET, AUTH_RESET, MALL_RESET -> Toxic.resetPeer();
			case AUTH_STALL, MALL_STALL -> Toxic.stall(STALL_FIRST_BYTES, timeout.multipliedBy(3));
			default -> null;
		});
	}

	/** Every fault's name, for the help and the error of an unknown one. */
	public static List<String> ids() {
		return Arrays.stream(values()).map(Fault::id).toList();
	}

	/** The fault named {@code id}. */
	public static Fault of(String id) {
		return Arrays.stream(values())
			.filter((fault) -> fault.id.equals(id))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException(
					"unknown fault '" + id + "' (" + String.join(", ", ids()) + ")"));
	}

}
