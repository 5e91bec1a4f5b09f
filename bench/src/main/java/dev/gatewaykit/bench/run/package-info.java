/**
 * One bench run: its options and the per-mode sequence ({@code BenchRun}), the backends
 * and their toxiproxy links every run brings up ({@code KitLinks}), the mode switch of a
 * flip run ({@code ModeFlipper}), and the steps after the modes: the report with the
 * tools' versions ({@code RunReports}, {@code ToolVersions}).
 */
@NullMarked
package dev.gatewaykit.bench.run;

import org.jspecify.annotations.NullMarked;
