package dev.gatewaykit.bench.analysis.knee;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import dev.gatewaykit.bench.analysis.diagnostics.CodeTier;
import dev.gatewaykit.bench.analysis.diagnostics.CompileTask;

/**
 * What a fresh gateway's CPU ran in each of its cold start's first seconds, by
 * {@link CodeTier}: interpreted, C1- or C2-compiled code, the JIT compiler itself, GC.
 * Read from async-profiler's on-CPU profile of every thread, dumped at the end of each
 * second; a dump holds every sample since the profile began, so a second's samples are
 * its dump's less the one before.
 *
 * @param seconds the seconds profiled, the load's first one first
 * @param compiling the methods the JIT spent most on over those seconds, the most first
 * (at most {@link #COMPILING})
 */
public record ColdProfile(List<Second> seconds, List<CompileTask> compiling) {

	/** The most compiled methods named. */
	public static final int COMPILING = 10;

	/** Where a cold start's profile is written, in its directory. */
	public static final String FILE = "profile.json";

	public ColdProfile {
		seconds = List.copyOf(seconds);
		compiling = List.copyOf(compiling);
	}

	/**
	 * One second's samples.
	 *
	 * @param second the second of the load, from 1
	 * @param samples its samples, every tier
	 * @param tiers each tier's samples
	 */
	public record Second(int second, long samples, Map<CodeTier, Long> tiers) {

		public Second {
			Map<CodeTier, Long> ordered = new EnumMap<>(CodeTier.class);
			ordered.putAll(tiers);
			tiers = Collections.unmodifiableMap(ordered);
		}

		/** {@code tier}'s share of the second's samples, %; 0 in a second with none. */
		public double pct(CodeTier tier) {
			return (this.samples > 0) ? 100.0 * this.tiers.getOrDefault(tier, 0L) / this.samples : 0;
		}

		/**
		 * "second 1: 812 samples: interpreted 31 %, C1-compiled 22 %, ...", every tier in
		 * order.
		 */
		public String describe() {
			String shares = List.of(CodeTier.values())
				.stream()
				.map((tier) -> String.format(Locale.ROOT, "%s %.0f %%", tier.label(), pct(tier)))
				.collect(Collectors.joining(", "));
			return String.format(Locale.ROOT, "second %d: %d samples: %s", this.second, this.samples, shares);
		}

	}

	/**
	 * The profile whose dumps, one at the end of each second in order, held
	 * {@code cumulative} (each tier's samples since the profile began), and whose JIT
	 * spent most on {@code compiling}.
	 * @throws IllegalArgumentException when a dump holds fewer samples of a tier than the
	 * one before: not dumps of one profile
	 */
	public static ColdProfile of(List<Map<CodeTier, Long>> cumulative, List<CompileTask> compiling) {
		List<Second> seconds = new ArrayList<>();
		Map<CodeTier, Long> before = new EnumMap<>(CodeTier.class);
		for (Map<CodeTier, Long> dump : cumulative) {
			Map<CodeTier, Long> tiers = new EnumMap<>(CodeTier.class);
			long samples = 0;
			for (CodeTier tier : CodeTier.values()) {
				long count = dump.getOrDefault(tier, 0L) - before.getOrDefault(tier, 0L);
				if (count < 0) {
					throw new IllegalArgumentException("dump " + (seconds.size() + 1) + " holds fewer " + tier.label()
							+ " samples than the one before: not one profile's dumps");
				}
				tiers.put(tier, count);
				samples += count;
			}
			seconds.add(new Second(seconds.size() + 1, samples, tiers));
			before = dump;
		}
		return new ColdProfile(seconds, compiling.subList(0, Math.min(COMPILING, compiling.size())));
	}

	/** One line a second, then what the JIT compiled most. */
	public List<String> describe() {
		List<String> lines = new ArrayList<>(this.seconds.stream().map(Second::describe).toList());
		if (!this.compiling.isEmpty()) {
			lines.add("compiled most (compiler samples): "
					+ this.compiling.stream().map(CompileTask::describe).collect(Collectors.joining(", ")));
		}
		return lines;
	}

}
