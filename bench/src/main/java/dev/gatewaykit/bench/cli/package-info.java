/**
 * The commands of {@code ./kit}, declared with picocli:
 * {@link dev.gatewaykit.bench.cli.Kit} is the registry,
 * {@link dev.gatewaykit.bench.cli.KitCommand} what every command shares, the option
 * groups ({@code LoadOptionGroup}, {@code TargetOptionGroup}, {@code GateOptionGroup})
 * the options several commands take, and {@link dev.gatewaykit.bench.cli.ExitCodes} what
 * the exit status means. An option field is null when the command line did not give it.
 */
@NullMarked
package dev.gatewaykit.bench.cli;

import org.jspecify.annotations.NullMarked;
