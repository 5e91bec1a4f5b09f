/**
 * A mode's figures, their validity, and the bench's mode names.
 */
@NullMarked
package dev.gatewaykit.bench.analysis.summary;

import org.jspecify.annotations.NullMarked;
