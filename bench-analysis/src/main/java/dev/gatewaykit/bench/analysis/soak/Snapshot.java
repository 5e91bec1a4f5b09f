package dev.gatewaykit.bench.analysis.soak;

import org.jspecify.annotations.Nullable;

/**
 * The gateway's memory, files and threads at one moment of a soak.
 *
 * @param epochMs when it was taken
 * @param t seconds since the soak's load started (negative before it: the baseline)
 * @param gcForced whether a full GC ran just before ({@code jcmd GC.run}): then
 * {@code heapBytes} is the live heap; otherwise it includes garbage not yet collected
 * @param heapBytes heap in use
 * @param heapAfterGcBytes the heap after the last major collection: {@code heapBytes}
 * when {@code gcForced}, else the JVM's live-data meter, {@code null} before the first
 * major collection
 * @param directBytes NIO direct buffers in use
 * @param nettyDirectBytes direct memory Reactor Netty's allocators report, {@code null}
 * when the gateway does not publish it
 * @param openFiles open file descriptors
 * @param threads threads
 */
public record Snapshot(long epochMs, double t, boolean gcForced, long heapBytes, @Nullable Long heapAfterGcBytes,
		long directBytes, @Nullable Long nettyDirectBytes, int openFiles, int threads) {

	/** One snapshot from a scrape and {@code /proc}. */
	public static Snapshot of(long epochMs, double t, boolean gcForced, JvmMemory memory, ProcessFacts process) {
		Long afterGc = gcForced ? Long.valueOf(memory.heapUsedBytes()) : memory.liveDataBytes();
		return new Snapshot(epochMs, t, gcForced, memory.heapUsedBytes(), afterGc, memory.directBytes(),
				memory.nettyDirectBytes(), process.openFiles(), process.threads());
	}

}
