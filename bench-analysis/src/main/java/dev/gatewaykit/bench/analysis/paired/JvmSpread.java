package dev.gatewaykit.bench.analysis.paired;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How much a metric varies between windows of one gateway JVM and between the JVMs of one
 * side: what says whether warm JVMs alternated carry the JVM-to-JVM variance a fresh JVM
 * per case would (JMH's forks). Both are coefficients of variation, %.
 *
 * @param withinPct the pooled standard deviation of the windows around their JVM's mean,
 * over the grand mean
 * @param betweenPct the standard deviation of the JVMs' means around their side's mean,
 * over the grand mean; 0 with one JVM a side
 */
public record JvmSpread(double withinPct, double betweenPct) {

	public static JvmSpread of(List<GatePair> pairs, GateMetric metric) {
		Map<String, List<Double>> byJvm = new LinkedHashMap<>();
		for (GatePair pair : pairs) {
			for (CaseFigures side : List.of(pair.baseline(), pair.candidate())) {
				byJvm.computeIfAbsent(side.side() + "#" + side.jvm(), (key) -> new ArrayList<>())
					.add(side.value(metric));
			}
		}
		double squares = 0;
		int degrees = 0;
		double sum = 0;
		int count = 0;
		Map<String, List<Double>> meansBySide = new LinkedHashMap<>();
		for (Map.Entry<String, List<Double>> jvm : byJvm.entrySet()) {
			List<Double> values = jvm.getValue();
			double mean = mean(values);
			for (double value : values) {
				squares += (value - mean) * (value - mean);
				sum += value;
			}
			degrees += values.size() - 1;
			count += values.size();
			meansBySide
				.computeIfAbsent(jvm.getKey().substring(0, jvm.getKey().indexOf('#')), (key) -> new ArrayList<>())
				.add(mean);
		}
		if (count == 0) {
			return new JvmSpread(0, 0);
		}
		double grand = sum / count;
		double within = (degrees > 0) ? Math.sqrt(squares / degrees) : 0;
		double betweenSquares = 0;
		int betweenDegrees = 0;
		for (List<Double> means : meansBySide.values()) {
			double mean = mean(means);
			for (double value : means) {
				betweenSquares += (value - mean) * (value - mean);
			}
			betweenDegrees += means.size() - 1;
		}
		double between = (betweenDegrees > 0) ? Math.sqrt(betweenSquares / betweenDegrees) : 0;
		return new JvmSpread(100 * within / grand, 100 * between / grand);
	}

	private static double mean(List<Double> values) {
		return values.stream().mapToDouble(Double::doubleValue).average().orElse(0);
	}

}
