package dev.gatewaykit.gateway.core.publicpaths;

import org.springframework.http.server.PathContainer;

/**
 * Decides whether a request path needs no bearer token. Paths reaching this check have
 * already been refused if they are not in canonical form (the gateway's path-hygiene
 * filter), so a matcher never sees {@code ..} or {@code //}.
 */
public interface PublicPaths {

	boolean isPublic(PathContainer path);

}
