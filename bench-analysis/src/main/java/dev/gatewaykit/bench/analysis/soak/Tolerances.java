package dev.gatewaykit.bench.analysis.soak;

/**
 * How far above its baseline each resource may end after the load and still count as
 * "back". A soak compares two quiet moments of the same process, so the allowances only
 * cover what a healthy gateway keeps on purpose; docs/soak.md gives the reasoning.
 *
 * @param heapFraction heap after GC may grow by this fraction of the baseline...
 * @param heapBytes ...or by this many bytes, whichever is larger: caches that fill on
 * first use (route lookups, compiled patterns, JIT-era metadata) are small and bounded
 * @param directBytes direct memory may grow by this much: pooled allocators keep chunks
 * they carved for the load instead of returning them, bounded by their arenas
 * @param openFiles descriptors may grow by this many: idle keep-alive connections the
 * pools hold, a log file rolled over
 * @param threads threads may grow by this many: pool threads that have not yet reached
 * their idle timeout
 */
public record Tolerances(double heapFraction, long heapBytes, long directBytes, int openFiles, int threads) {

	private static final long MIB = 1024 * 1024;

	/** The allowances {@code ./kit soak} judges by. */
	public static final Tolerances DEFAULT = new Tolerances(0.10, 16 * MIB, 16 * MIB, 8, 4);

	/** The most heap after GC that is still "back" from {@code baseline}. */
	public long heapLimit(long baseline) {
		return baseline + Math.max((long) (baseline * this.heapFraction), this.heapBytes);
	}

}
