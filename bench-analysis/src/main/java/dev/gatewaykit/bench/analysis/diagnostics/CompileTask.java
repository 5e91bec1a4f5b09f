package dev.gatewaykit.bench.analysis.diagnostics;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A method the JIT compiled while a profile ran, and the compiler threads' samples spent
 * on it: async-profiler's {@code comptask} feature puts the method being compiled as a
 * frame just above the compiler's {@code compile_method}
 * ({@code C2Compiler::compile_method} for C2, {@code Compiler::compile_method} for C1).
 *
 * @param compiler {@code C1} or {@code C2}
 * @param method the method, {@code package.Class.method}
 * @param samples the compiler's samples on it
 */
public record CompileTask(String compiler, String method, long samples) {

	/** Each compiler's entry, the frame the compiled method sits on. */
	private static final Map<String, String> COMPILERS = Map.of("C2Compiler::compile_method", "C2",
			"Compiler::compile_method", "C1");

	/**
	 * The tasks of {@code collapsed} that took the most samples, at most {@code most},
	 * the most first; none without the {@code comptask} feature.
	 */
	public static List<CompileTask> top(String collapsed, int most) {
		Map<List<String>, Long> counts = new HashMap<>();
		for (CollapsedStack stack : CollapsedStack.parse(collapsed)) {
			String[] frames = stack.frames();
			if (CpuSplit.partOf(frames) != CpuPart.JIT) {
				continue;
			}
			for (int i = 1; i < frames.length; i++) {
				String compiler = COMPILERS.get(frames[i - 1]);
				if (compiler != null && isJava(frames[i])) {
					String method = frames[i].replaceFirst("_\\[[a-z0-9]\\]$", "").replace('/', '.');
					counts.merge(List.of(compiler, method), stack.count(), Long::sum);
					break;
				}
			}
		}
		List<CompileTask> tasks = new ArrayList<>();
		counts.forEach((key, samples) -> tasks.add(new CompileTask(key.get(0), key.get(1), samples)));
		tasks.sort(Comparator.comparingLong(CompileTask::samples)
			.reversed()
			.thenComparing(CompileTask::method)
			.thenComparing(CompileTask::compiler));
		return List.copyOf(tasks.subList(0, Math.min(most, tasks.size())));
	}

	/**
	 * A Java method's frame ({@code package/Class.method}), not the compiler's own next
	 * frame when the profile ran without {@code comptask}, a kernel frame or one
	 * async-profiler could not name.
	 */
	private static boolean isJava(String frame) {
		return frame.contains("/") && !frame.contains("::") && !frame.startsWith("[") && !frame.endsWith("_[k]");
	}

	/** "C2 io.netty.buffer.AbstractByteBuf.writeBytes 12". */
	public String describe() {
		return String.format(Locale.ROOT, "%s %s %d", this.compiler, this.method, this.samples);
	}

}
