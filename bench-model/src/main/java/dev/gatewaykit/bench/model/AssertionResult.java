package dev.gatewaykit.bench.model;

/**
 * One pass/fail gate evaluated on the measured window, the same gate the simulation gives
 * Gatling.
 *
 * @param name e.g. {@code p99 < 500 ms}
 * @param actual the measured value
 * @param passed whether the gate passed
 */
public record AssertionResult(String name, double actual, boolean passed) {

}
