package dev.gatewaykit.bench.analysis.chaos;

import java.time.Duration;

/**
 * How a chaos run was timed, beside its outcomes in {@code chaos.json}: what each figure
 * of an outcome was measured against.
 *
 * @param rate requests per second of the open-model load
 * @param baseline how long the load ran clean before each fault
 * @param fault how long each fault lasted
 * @param margin how long after the lift an answer still counts as the fault's
 * @param recoveryTarget how soon after the lift the answers must be clean again
 */
public record ChaosPlan(int rate, Duration baseline, Duration fault, Duration margin, Duration recoveryTarget) {
}
