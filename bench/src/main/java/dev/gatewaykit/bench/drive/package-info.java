/**
 * The kit's own load from inside the kit's JVM: demo users' logins and an open-model
 * driver whose rate and target can change while it runs (chaos, the A/B gate). Benches of
 * throughput use Gatling instead.
 */
@NullMarked
package dev.gatewaykit.bench.drive;

import org.jspecify.annotations.NullMarked;
