/**
 * Public paths: the request paths that need no bearer token
 * ({@code kit.gateway.public-paths}), and the two matchers that can check them
 * ({@code kit.gateway.public-paths-matcher}), the naive one and its fix.
 */
@NullMarked
package dev.gatewaykit.gateway.core.publicpaths;

import org.jspecify.annotations.NullMarked;
