/**
 * A whole run as {@code summary.json} records it: every mode's summary, the machine and
 * versions, the fixed/naive ratio and the headline, the repeats and a flip. The gate
 * reads two of these.
 */
@NullMarked
package dev.gatewaykit.bench.analysis.run;

import org.jspecify.annotations.NullMarked;
