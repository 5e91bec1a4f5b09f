package dev.gatewaykit.bench.analysis.paired;

/**
 * A gate run as {@code verdict.json} keeps it: how it was measured and what it found.
 *
 * @param baseline the baseline as given (jar or ref, and its arguments)
 * @param candidate the candidate
 * @param profile the profile or mode both sides ran
 * @param rate the load's requests a second
 * @param rateSource how the rate was chosen: given, or the calibration's figures
 * @param jvms gateway JVMs per side
 * @param settleSeconds load on a JVM before each window
 * @param windowSeconds each window
 * @param blockHound whether BlockHound recorded in every gateway
 * @param setupSeconds from the stack's start to the first window
 * @param measuredSeconds the pairs
 * @param cores the machine's processors
 * @param verdict the answer
 */
public record GateOutcome(String baseline, String candidate, String profile, double rate, String rateSource, int jvms,
		long settleSeconds, long windowSeconds, boolean blockHound, double setupSeconds, double measuredSeconds,
		int cores, PairedVerdict verdict) {

	/** The file of a gate's directory that holds it. */
	public static final String FILE = "verdict.json";

	/**
	 * The requests a second the stack's median CPU per request allows on {@link #cores}
	 * if CPU were all that bound it, per side: what TPS at saturation the change implies
	 * (the load's own CPU is not counted, so a real bench sees less).
	 */
	public double impliedCapacity(boolean baseline) {
		MetricOutcome stack = this.verdict.metrics()
			.stream()
			.filter((metric) -> metric.metric() == GateMetric.STACK_CPU)
			.findFirst()
			.orElseThrow();
		double micros = baseline ? stack.baselineMedian() : stack.candidateMedian();
		return (micros > 0) ? this.cores * 1e6 / micros : 0;
	}

}
