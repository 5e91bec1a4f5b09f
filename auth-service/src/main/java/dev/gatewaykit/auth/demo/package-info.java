/**
 * The demo users seeded at start-up, and the CSV of their credentials the load tests log
 * in with.
 */
@NullMarked
package dev.gatewaykit.auth.demo;

import org.jspecify.annotations.NullMarked;
