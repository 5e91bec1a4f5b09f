/**
 * The regression gate ({@link dev.gatewaykit.bench.analysis.compare.Gate}): a run against
 * a saved baseline, refused when the two did not measure the same thing, decided per mode
 * and metric on the medians and ranges of the repeats, reported as a table, a status,
 * {@code verdict.json} and JUnit XML.
 */
@NullMarked
package dev.gatewaykit.bench.analysis.compare;

import org.jspecify.annotations.NullMarked;
