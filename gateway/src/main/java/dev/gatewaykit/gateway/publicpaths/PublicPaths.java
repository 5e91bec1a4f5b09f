package dev.gatewaykit.gateway.publicpaths;

import org.springframework.http.server.PathContainer;

/**
 * Decides whether a request path needs no bearer token. Paths reaching this check have
 * already been refused if they are not in canonical form
 * ({@link dev.gatewaykit.gateway.filter.PathHygieneWebFilter}), so a matcher never sees
 * {@code ..} or {@code //}.
 */
public interface PublicPaths {

	boolean isPublic(PathContainer path);

}
