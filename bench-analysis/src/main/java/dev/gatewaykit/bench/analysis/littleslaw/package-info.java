/**
 * The prediction beside each measured TPS: Little's law with the measured hold time.
 */
@NullMarked
package dev.gatewaykit.bench.analysis.littleslaw;

import org.jspecify.annotations.NullMarked;
