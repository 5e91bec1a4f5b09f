package dev.gatewaykit.bench.analysis.scaling;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.gatewaykit.bench.analysis.summary.SummarizedCase;
import dev.gatewaykit.bench.model.BadInputException;

/**
 * One mode's scaling curve: its one-gateway case (the mode's own) and its scale points,
 * by instances.
 *
 * @param mode the mode
 * @param points one per gateway count, rising
 */
public record ScalingCurve(String mode, List<ScalePoint> points) {

	public ScalingCurve {
		points = List.copyOf(points);
	}

	/**
	 * The curves of a run: one per mode that has scale points, its first repeat as the
	 * one-gateway point. None without scale points.
	 * @param modes the run's mode cases
	 * @param scalePoints its scale points
	 * @throws BadInputException when a mode's scale points have no one-gateway case to be
	 * read against
	 */
	public static List<ScalingCurve> of(List<SummarizedCase> modes, List<SummarizedCase> scalePoints) {
		Map<String, List<SummarizedCase>> byMode = new LinkedHashMap<>();
		for (SummarizedCase point : scalePoints) {
			byMode.computeIfAbsent(point.facts().mode(), (mode) -> new ArrayList<>()).add(point);
		}
		List<ScalingCurve> curves = new ArrayList<>();
		byMode.forEach((mode, cases) -> {
			SummarizedCase one = modes.stream()
				.filter((candidate) -> candidate.facts().mode().equals(mode) && candidate.facts().gateways() == 1)
				.min(Comparator.comparingInt((SummarizedCase candidate) -> candidate.facts().repeat()))
				.orElseThrow(() -> new BadInputException("scale points of " + mode + " ("
						+ cases.get(0).dir().getFileName() + "/) but no one-gateway case of it to read them against"));
			List<ScalePoint> points = new ArrayList<>();
			points.add(ScalePoint.of(1, name(one), one.summary(), one.summary()));
			cases.stream()
				.sorted(Comparator.comparingInt((SummarizedCase point) -> point.facts().gateways()))
				.forEach((point) -> points
					.add(ScalePoint.of(point.facts().gateways(), name(point), point.summary(), one.summary())));
			curves.add(new ScalingCurve(mode, points));
		});
		return curves;
	}

	private static String name(SummarizedCase measured) {
		return measured.dir().getFileName().toString();
	}

}
