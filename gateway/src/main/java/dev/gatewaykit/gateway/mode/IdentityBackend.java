package dev.gatewaykit.gateway.mode;

import dev.gatewaykit.common.mode.ExecutionMode;
import dev.gatewaykit.common.relay.RelayTokenEndpoint;
import dev.gatewaykit.common.session.Session;
import reactor.core.publisher.Mono;

/**
 * The two dependency calls the gateway makes for every proxied request. The filters
 * depend on this interface only; each {@link ExecutionMode} is one implementation, so a
 * benchmark between modes compares threading alone.
 * <p>
 * Every implementation does exactly the same work: {@link #loadSession} is one Redis GET
 * and, on a hit, one EXPIRE that slides the idle timeout (the RuoYi-Cloud pattern);
 * {@link #fetchRelayToken} is one HTTP POST to auth-service's
 * {@link RelayTokenEndpoint#PATH /oauth/relay-token}.
 */
public interface IdentityBackend {

	/**
	 * The session for a bearer token, with its idle timeout refreshed; empty when Redis
	 * has no such session. Fails with {@link IdentityUnavailableException} when Redis
	 * cannot answer in time.
	 */
	Mono<Session> loadSession(String token);

	/**
	 * A signed relay token for the session's user, to be forwarded to mall-api. Fails
	 * with {@link IdentityUnavailableException} when auth-service cannot answer in time
	 * or answers with an error.
	 */
	Mono<String> fetchRelayToken(Session session);

}
