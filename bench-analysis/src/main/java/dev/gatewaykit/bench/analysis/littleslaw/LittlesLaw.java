package dev.gatewaykit.bench.analysis.littleslaw;

import java.util.function.Function;

import org.jspecify.annotations.Nullable;

import dev.gatewaykit.bench.model.LoadModel;
import dev.gatewaykit.bench.model.Numbers;
import dev.gatewaykit.bench.model.Workload;
import dev.gatewaykit.common.mode.ExecutionMode;
import dev.gatewaykit.common.mode.MvcMode;

/**
 * Little's law applied to the gateway: a pool of {@code N} threads, each held for
 * {@code W} seconds per request, completes at most {@code N / W} requests per second,
 * whatever the load.
 * <p>
 * The original incident's arithmetic: 4 event loops, each blocked about 53 ms per
 * request, allow about 75 requests per second; move the blocking calls off the loops and
 * the bound becomes the pool they moved to, or, when nothing blocks, the load the
 * injector offers. The time a request holds a thread is measured where the gateway's
 * meters allow ({@link HoldTime}: the blocking calls' wall time plus the pool's CPU per
 * request); otherwise it is the latency the bench injected on the links, which leaves out
 * the services' own time and the gateway's CPU. Every prediction is also capped by that
 * offered load: a closed workload of {@code U} users cannot exceed {@code U / W} even
 * with infinitely many threads, and an open workload never exceeds its arrival rate. CPU
 * is the remaining bound, which this arithmetic does not model.
 */
public final class LittlesLaw {

	private LittlesLaw() {
	}

	/**
	 * Predicts the throughput of one mode.
	 * @param mode how the gateway runs its blocking calls
	 * @param gateway the live gateway's thread counts; {@code null} when unknown (the
	 * prediction then says so)
	 * @param links per-round-trip latencies and the base service time
	 * @param workload what the injector offers
	 */
	public static Prediction predict(ExecutionMode mode, GatewayFacts gateway, LinkLatencies links, Workload workload) {
		return predict(mode, gateway, links, workload, null);
	}

	/**
	 * Likewise, with the measured time a request held a thread of the mode's pool.
	 * @param hold the measured hold time; {@code null} to use the injected latency
	 */
	public static Prediction predict(ExecutionMode mode, GatewayFacts gateway, LinkLatencies links, Workload workload,
			HoldTime hold) {
		return predict(mode, gateway, links, workload, hold, 1);
	}

	/**
	 * Likewise, for {@code instances} gateways behind one nginx, each with the threads
	 * {@code gateway} reports and the measured hold time: the thread bound is theirs
	 * together.
	 */
	public static Prediction predict(ExecutionMode mode, GatewayFacts gateway, LinkLatencies links, Workload workload,
			HoldTime hold, int instances) {
		return predict(mode.threadBound() ? (facts) -> pool(mode, facts) : null, gateway, links, workload, hold,
				instances);
	}

	/**
	 * gateway-mvc's modes, by the same law: {@code mvc-platform} holds one of Tomcat's
	 * threads per request as the blocking mode holds a loop (threads ÷ the measured hold
	 * time); {@code mvc-virtual} holds no pool's thread while it waits, so like the
	 * reactive mode it is left to the offered load and the CPU.
	 * <p>
	 * The hold time is the blocking calls' wall time plus Tomcat's CPU per request, as
	 * for the blocking mode; but a Tomcat thread also waits for mall-api's answer (the
	 * MVC proxy blocks too), which neither part counts, so the bound is somewhat high.
	 */
	public static Prediction predict(MvcMode mode, @Nullable GatewayFacts gateway, LinkLatencies links,
			Workload workload, @Nullable HoldTime hold, int instances) {
		return predict(mode.threadBound() ? (facts) -> pool(mode, facts) : null, gateway, links, workload, hold,
				instances);
	}

	/**
	 * @param pool the pool a request holds while it waits, from the gateway's facts;
	 * {@code null} when the mode holds none
	 */
	private static Prediction predict(@Nullable Function<GatewayFacts, Pool> pool, @Nullable GatewayFacts gateway,
			LinkLatencies links, Workload workload, @Nullable HoldTime hold, int instances) {
		if (instances < 1) {
			throw new IllegalArgumentException("instances must be at least 1, was " + instances);
		}
		boolean threadBound = pool != null;
		boolean measured = hold != null && threadBound && hold.totalMs() > 0;
		double blockedMs = measured ? hold.totalMs() : links.blockedMs();
		String blocked = measured ? "(" + hold.describe() + ")" : Numbers.trim(blockedMs, 1) + " ms";
		Bound offered = offeredBound(workload, blockedMs, blocked);
		// Said where it matters: a thread bound resting on the injected latency alone
		// leaves out the services' own time and the gateway's CPU, and over-predicts.
		String threadBlocked = measured ? blocked : blocked + " injected";
		Bound threads = null;
		if (threadBound) {
			if (gateway == null) {
				return new Prediction(null, "thread counts unknown (no gateway.json)", Prediction.NONE, null,
						offered.value);
			}
			threads = threadBound(pool.apply(gateway), instances, blockedMs, threadBlocked);
		}
		if (threads != null && threads.value != null && (offered.value == null || threads.value <= offered.value)) {
			return new Prediction(threads.value, threads.formula, Prediction.THREADS, threads.value, offered.value,
					measured ? hold : null);
		}
		Double threadValue = (threads != null) ? threads.value : null;
		if (offered.value != null) {
			return new Prediction(offered.value, offered.formula, Prediction.OFFERED_LOAD, threadValue, offered.value,
					measured ? hold : null);
		}
		return new Prediction(null, "no blocked time: bound by CPU, not by threads", Prediction.NONE, threadValue,
				null);
	}

	private static Bound offeredBound(Workload workload, double blockedMs, String blocked) {
		if (workload.model() == LoadModel.OPEN) {
			return new Bound(workload.rate(), "offered " + Numbers.trim(workload.rate(), 1) + " req/s");
		}
		if (blockedMs <= 0) {
			return new Bound(null, null);
		}
		double value = workload.users() / (blockedMs / 1000.0);
		return new Bound(value, plural(workload.users(), "user") + " / " + blocked + " = " + Math.round(value));
	}

	private static Pool pool(ExecutionMode mode, GatewayFacts gateway) {
		return switch (mode) {
			case BLOCKING -> new Pool(gateway.eventLoopThreads(), "loop", mode.id());
			case PUBLISH_ON -> new Pool(gateway.parallelThreads(), "parallel thread", mode.id());
			case BOUNDED_ELASTIC -> new Pool(gateway.boundedElasticThreads(), "elastic thread", mode.id());
			case REACTIVE -> throw new IllegalArgumentException("reactive mode holds no thread while it waits");
		};
	}

	private static Pool pool(MvcMode mode, GatewayFacts gateway) {
		if (mode != MvcMode.PLATFORM) {
			throw new IllegalArgumentException(mode.id() + " holds no pool's thread while it waits");
		}
		// null when the gateway runs virtual threads after all: refused below, by count.
		Integer tomcat = gateway.tomcatThreads();
		return new Pool((tomcat != null) ? tomcat : 0, "Tomcat thread", mode.id());
	}

	private static Bound threadBound(Pool pool, int instances, double blockedMs, String blocked) {
		if (pool.count < 1) {
			throw new IllegalArgumentException("gateway.json reports " + pool.count + " " + pool.noun + "s for mode "
					+ pool.mode + "; expected at least 1");
		}
		if (blockedMs <= 0) {
			return new Bound(null, null);
		}
		double value = instances * pool.count / (blockedMs / 1000.0);
		String threads = ((instances == 1) ? "" : instances + " gateways × ") + plural(pool.count, pool.noun);
		return new Bound(value, threads + " / " + blocked + " = " + Math.round(value));
	}

	/**
	 * The threads a request holds one of while it waits, what to call one, and the mode
	 * (for the error when there are none).
	 */
	private record Pool(int count, String noun, String mode) {
	}

	private static String plural(int count, String noun) {
		return count + " " + ((count == 1) ? noun : noun + "s");
	}

	private record Bound(Double value, String formula) {
	}

}
