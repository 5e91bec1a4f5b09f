package dev.gatewaykit.bench.analysis.diagnostics;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Where a gateway's CPU went: its on-CPU profile over part of the window (every thread,
 * async-profiler's collapsed stacks with the thread as the root frame), each sample given
 * to a {@link CpuPart}, and the shares applied to the gateway's measured CPU per request.
 * A sample belongs to the first frame from the leaf that is a library's or the user's;
 * the JDK's, the JVM runtime's and the kernel's frames take the part of the code that
 * called them, so a socket write under Netty is Netty's and a {@code HashMap} lookup
 * under Jackson is JSON's. GC and JIT compiler threads are parts of their own, and
 * Lettuce's event-loop threads are the Redis client's whatever they run.
 *
 * @param samples the profile's samples, all threads
 * @param gatewayMicros the gateway's CPU per request the shares divide
 * @param parts each part's samples, share and µs per request, largest first; parts with
 * no sample left out
 */
public record CpuSplit(long samples, double gatewayMicros, List<Part> parts) {

	/** The on-CPU profile's collapsed stacks, in the mode's directory. */
	public static final String FILE = "cpu.collapsed";

	/**
	 * A Java frame, once its slashes are dots: {@code package.Class.method}, at least one
	 * package. async-profiler writes Java classes with slashes; a native frame has none.
	 */
	private static final Pattern JAVA_FRAME = Pattern.compile("[a-z_][\\w$]*(\\.[\\w$]+)+\\.[\\w$<>]+");

	/** async-profiler's frame-type suffix ({@code _[j]}, {@code _[k]}, ...). */
	private static final Pattern SUFFIX = Pattern.compile("_\\[[a-z0-9]\\]$");

	public CpuSplit {
		parts = List.copyOf(parts);
	}

	/**
	 * A part's CPU.
	 *
	 * @param part what spent it
	 * @param samples its samples
	 * @param pct its share of all samples, %
	 * @param micros its µs per request: the share of the gateway's CPU per request
	 */
	public record Part(CpuPart part, long samples, double pct, double micros) {
	}

	/**
	 * The split of {@code collapsed} applied to {@code gatewayMicros}; no parts when the
	 * profile holds no sample.
	 */
	public static CpuSplit of(String collapsed, double gatewayMicros) {
		Map<CpuPart, Long> counts = new EnumMap<>(CpuPart.class);
		long total = 0;
		for (CollapsedStack stack : CollapsedStack.parse(collapsed)) {
			counts.merge(partOf(stack.frames()), stack.count(), Long::sum);
			total += stack.count();
		}
		List<Part> parts = new ArrayList<>();
		for (Map.Entry<CpuPart, Long> entry : counts.entrySet()) {
			double share = (double) entry.getValue() / total;
			parts.add(new Part(entry.getKey(), entry.getValue(), 100 * share, share * gatewayMicros));
		}
		parts.sort(Comparator.comparingLong(Part::samples).reversed());
		return new CpuSplit(total, gatewayMicros, parts);
	}

	/**
	 * The part one stack's samples belong to. {@code frames[0]} is the thread
	 * ({@code [name tid=N]}), the last frame the leaf.
	 */
	static CpuPart partOf(String[] frames) {
		String thread = (frames.length > 0 && frames[0].startsWith("[")) ? frames[0].substring(1) : "";
		if (CompilerThreads.isCompiler(thread)) {
			return CpuPart.JIT;
		}
		if (thread.startsWith("GC Thread") || thread.startsWith("G1 ") || thread.startsWith("ParGC")) {
			return CpuPart.GC;
		}
		// Lettuce's own event loops: the socket I/O under them is the Redis client's
		// (a first fixed run put 4 µs under Lettuce's frames and its reads under Netty).
		if (thread.startsWith("lettuce-")) {
			return CpuPart.REDIS;
		}
		boolean collecting = false;
		for (int i = frames.length - 1; i >= 0; i--) {
			String frame = SUFFIX.matcher(frames[i]).replaceFirst("");
			if (frames[i].endsWith("_[k]") || frame.startsWith("[")) {
				continue;
			}
			String java = frame.replace('/', '.');
			if (frame.indexOf('/') < 0 || !JAVA_FRAME.matcher(java).matches()) {
				// A native frame of the JVM (C++) or libc: the VM thread's
				// collections are GC's.
				collecting |= frame.contains("Scavenge") || frame.contains("ParallelCompact")
						|| frame.contains("CollectedHeap::collect") || frame.contains("VM_GC");
				continue;
			}
			CpuPart library = CpuPart.ofLibrary(java);
			if (library != null) {
				return library;
			}
			if (CpuPart.JDK.stream().noneMatch(java::startsWith)) {
				return CpuPart.FILTERS;
			}
		}
		return collecting ? CpuPart.GC : CpuPart.JVM;
	}

}
