/**
 * summary.json, report.html and the terminal table of a run.
 */
@NullMarked
package dev.gatewaykit.bench.report;

import org.jspecify.annotations.NullMarked;
