package dev.gatewaykit.bench.analysis.diagnostics;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * What kind of code a JVM's CPU ran, from async-profiler's annotated collapsed stacks
 * (its {@code ann} option: a Java frame ends in {@code _[0]} when interpreted,
 * {@code _[1]} when compiled by C1, {@code _[j]} by C2, {@code _[i]} when inlined into
 * the frame below it). A fresh JVM runs interpreted and C1 code where a warm one runs
 * C2's, and compiles it meanwhile on the same cores. A sample belongs to its leaf-most
 * Java frame's tier: the code that ran, or that called what ran (the JVM's runtime, a
 * native method, the kernel), so an interpreted method's calls into the runtime that
 * resolves and links it are the interpreter's; an inlined frame's tier is that of the
 * frame it was inlined into. The JIT compiler's and the GC's threads are tiers of their
 * own, as {@link CpuSplit} tells them; a sample with no Java frame in any other thread is
 * {@link #RUNTIME}'s.
 */
public enum CodeTier {

	INTERPRETED("interpreted"),

	C1("C1-compiled"),

	C2("C2-compiled"),

	/**
	 * No Java frame named: threads of the JVM's or of native code's that run no Java, and
	 * the samples async-profiler could not walk into Java ({@code [unknown_Java]},
	 * {@code [not_walkable_Java]}), which did run Java of an unknown tier.
	 */
	RUNTIME("no Java frame"),

	JIT("JIT compiler"),

	GC("GC");

	private final String label;

	CodeTier(String label) {
		this.label = label;
	}

	@JsonValue
	public String label() {
		return this.label;
	}

	/**
	 * Each tier's samples in {@code collapsed}, every tier there (0 when it has none).
	 */
	public static Map<CodeTier, Long> count(String collapsed) {
		Map<CodeTier, Long> counts = new EnumMap<>(CodeTier.class);
		for (CodeTier tier : values()) {
			counts.put(tier, 0L);
		}
		for (CollapsedStack stack : CollapsedStack.parse(collapsed)) {
			counts.merge(of(stack.frames()), stack.count(), Long::sum);
		}
		return Collections.unmodifiableMap(counts);
	}

	/** The tier of one stack, {@code frames[0]} its thread, the last frame the leaf. */
	static CodeTier of(String[] frames) {
		CpuPart part = CpuSplit.partOf(frames);
		if (part == CpuPart.JIT) {
			return JIT;
		}
		if (part == CpuPart.GC) {
			return GC;
		}
		for (int i = frames.length - 1; i > 0; i--) {
			String frame = frames[i];
			if (frame.endsWith("_[0]")) {
				return INTERPRETED;
			}
			if (frame.endsWith("_[1]")) {
				return C1;
			}
			if (frame.endsWith("_[j]")) {
				return C2;
			}
		}
		return RUNTIME;
	}

}
