package dev.gatewaykit.bench.analysis.compare;

/**
 * A parameter, machine fact or version that differs between the two runs.
 *
 * @param key where it is: {@code params.users}, {@code machine.cpuCount},
 * {@code versions.jdk}
 * @param baseline the baseline's value as text ({@code not recorded} when absent)
 * @param current the current run's value as text
 */
public record Difference(String key, String baseline, String current) {

	/** {@code params.users: 200 → 100} */
	public String text() {
		return this.key + ": " + this.baseline + " → " + this.current;
	}

}
