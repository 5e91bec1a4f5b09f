package dev.gatewaykit.bench.analysis.diagnostics;

import java.util.Map;
import java.util.TreeMap;

/**
 * One reading of every watched process's CPU time (a line of {@code cpu.jsonl}).
 *
 * @param epochMs when it was read
 * @param ticks user + system clock ticks by process name, the process and its descendants
 * together (nginx's workers count as nginx); a process not running then is absent
 */
public record CpuSample(long epochMs, Map<String, Long> ticks) {

	/** The file a mode's samples are written to. */
	public static final String FILE = "cpu.jsonl";

	public CpuSample {
		ticks = new TreeMap<>(ticks);
	}

}
