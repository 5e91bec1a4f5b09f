/**
 * {@code ./kit chaos}: a steady open-model load through nginx and the gateway while
 * faults are injected one at a time on the gateway's Redis, auth-service and mall-api
 * links, and what each fault did to the answers (statuses, slowest, errors, recovery,
 * circuit-breaker transitions).
 */
@NullMarked
package dev.gatewaykit.bench.chaos;

import org.jspecify.annotations.NullMarked;
