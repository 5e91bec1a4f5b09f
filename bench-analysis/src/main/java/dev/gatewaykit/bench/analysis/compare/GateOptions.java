package dev.gatewaykit.bench.analysis.compare;

import java.nio.file.Path;

import org.jspecify.annotations.Nullable;

/**
 * How {@link Gate#check} judges and where it writes its verdict.
 *
 * @param thresholds how much worse a metric may get
 * @param force compare runs that are not comparable anyway, saying what differs
 * @param json where to write the verdict as JSON, {@code null} for nowhere
 * @param junit where to write the verdict as JUnit XML, {@code null} for nowhere
 */
public record GateOptions(Thresholds thresholds, boolean force, @Nullable Path json, @Nullable Path junit) {

	/** The default limits, not forced, no files. */
	public static final GateOptions DEFAULT = new GateOptions(Thresholds.DEFAULT, false, null, null);

	/**
	 * These options writing {@code verdict.json} and {@code verdict.xml} into
	 * {@code dir}.
	 */
	public GateOptions writingInto(Path dir) {
		return new GateOptions(this.thresholds, this.force, dir.resolve("verdict.json"), dir.resolve("verdict.xml"));
	}

}
