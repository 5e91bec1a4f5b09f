package dev.gatewaykit.bench.analysis.run;

import java.util.List;
import java.util.Map;

import tools.jackson.databind.JsonNode;

import dev.gatewaykit.bench.analysis.flip.FlipSummary;
import dev.gatewaykit.bench.analysis.repeat.ModeSamples;
import dev.gatewaykit.bench.analysis.repeat.Sample;
import dev.gatewaykit.bench.analysis.scaling.ScalingCurve;
import dev.gatewaykit.bench.analysis.summary.Headline;
import dev.gatewaykit.bench.analysis.summary.MachineFacts;
import dev.gatewaykit.bench.analysis.summary.ModeSummary;
import dev.gatewaykit.bench.analysis.summary.Ratio;

/**
 * Everything about one bench run ({@code <run>/summary.json}): every mode's figures, the
 * ceiling, the headline ratio, the parameters, the machine and the versions.
 * {@code compare} reads these files.
 *
 * @param schema format version of this file
 * @param run the run directory's name (its timestamp)
 * @param createdAt when the summary was written (ISO-8601)
 * @param params the run's parameters as the kit wrote them ({@code params.json}),
 * {@code null} if absent
 * @param machine CPU, memory, OS
 * @param versions JDK, Gatling, nginx, redis-server, toxiproxy-server, git commit
 * @param modes one summary per mode, in report order
 * @param ceiling nginx → mall-api without the gateway, {@code null} if not run
 * @param ratio the headline ratio, {@code null} when the run has no pair to divide
 * @param ratioText the ratio as printed
 * @param warnings things the reader should know before quoting a figure
 * @param flip the mode switch of a {@code --flip-at} run and the figures either side of
 * it, {@code null} without one
 * @param headline fixed against naive beside the original incident's figures
 * @param samples every repeat of every mode ({@code --repeat N}), in report order; one
 * sample per mode for a run without repeats, and for a summary written before repeats
 * existed (derived from {@code modes})
 * @param scaling each mode's TPS against its gateway count ({@code --gateways}); empty
 * without scale points
 */
public record RunSummary(int schema, String run, String createdAt, JsonNode params, MachineFacts machine,
		Map<String, String> versions, List<ModeSummary> modes, ModeSummary ceiling, Ratio ratio, String ratioText,
		List<String> warnings, FlipSummary flip, Headline headline, List<ModeSamples> samples,
		List<ScalingCurve> scaling) {

	public static final int SCHEMA = 1;

	public RunSummary {
		modes = (modes != null) ? List.copyOf(modes) : List.of();
		warnings = (warnings != null) ? List.copyOf(warnings) : List.of();
		samples = (samples != null) ? List.copyOf(samples) : modes.stream().map(RunSummary::single).toList();
		scaling = (scaling != null) ? List.copyOf(scaling) : List.of();
	}

	/**
	 * The directory, relative to the run, of the repeat that stands for {@code mode} (the
	 * mode's name without repeats).
	 */
	public String directory(String mode) {
		return this.samples.stream()
			.filter((samples) -> samples.mode().equals(mode))
			.map(ModeSamples::shown)
			.findFirst()
			.orElse(mode);
	}

	private static ModeSamples single(ModeSummary mode) {
		return new ModeSamples(mode.mode(), List.of(Sample.of(1, mode.mode(), mode)));
	}

}
