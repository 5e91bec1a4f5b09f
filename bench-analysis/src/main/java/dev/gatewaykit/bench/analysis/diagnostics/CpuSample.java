package dev.gatewaykit.bench.analysis.diagnostics;

import java.util.Map;
import java.util.TreeMap;

import org.jspecify.annotations.Nullable;

/**
 * One reading of every watched process's CPU time (a line of {@code cpu.jsonl}).
 *
 * @param epochMs when it was read
 * @param ticks user + system clock ticks by process name, the process and its descendants
 * together (nginx's workers count as nginx); a process not running then is absent
 * @param machine the whole machine's ticks at the same moment, what the processes' sum
 * does not see included (the kit's own JVM, other jobs, the kernel's softirq); null when
 * unknown (another OS, or a file from before it was read)
 */
public record CpuSample(long epochMs, Map<String, Long> ticks, @Nullable MachineCpu machine) {

	/** The file a mode's samples are written to. */
	public static final String FILE = "cpu.jsonl";

	public CpuSample {
		ticks = new TreeMap<>(ticks);
	}

	/** A reading without the machine's ticks. */
	public CpuSample(long epochMs, Map<String, Long> ticks) {
		this(epochMs, ticks, null);
	}

}
