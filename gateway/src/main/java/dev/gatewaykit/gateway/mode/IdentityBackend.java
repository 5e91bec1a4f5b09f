package dev.gatewaykit.gateway.mode;

import dev.gatewaykit.common.mode.ExecutionMode;
import dev.gatewaykit.common.relay.RelayTokenEndpoint;
import dev.gatewaykit.common.session.Session;
import dev.gatewaykit.common.session.SessionKeys;
import reactor.core.publisher.Mono;

import dev.gatewaykit.gateway.core.relay.RelayCodec;

/**
 * The two dependency calls the gateway makes for every proxied request, both naming the
 * session by its {@link SessionKeys#reference reference} (computed once per request from
 * the bearer token, which goes no further than the authentication filter). The filters
 * depend on this interface only; each {@link ExecutionMode} is one implementation, so a
 * benchmark between modes compares threading alone.
 * <p>
 * Every implementation does exactly the same work: {@link #loadSession} is one Redis GET
 * and, on a hit, one EXPIRE that slides the idle timeout (the RuoYi-Cloud pattern);
 * {@link #fetchRelayToken} is one HTTP POST to auth-service's
 * {@link RelayTokenEndpoint#PATH /oauth/relay-token}, whose body names the session by its
 * reference, through {@link dev.gatewaykit.gateway.core.relay.RelayCodec}: auth-service
 * loads that session and signs the identity it holds, never one the gateway names.
 */
public interface IdentityBackend {

	/**
	 * The session with this reference, with its idle timeout refreshed; empty when Redis
	 * has no such session or holds a value that is not one. Fails with
	 * {@link dev.gatewaykit.gateway.core.identity.IdentityUnavailableException} when
	 * Redis cannot answer in time.
	 * @param reference the session's reference, {@link SessionKeys#reference} of the
	 * bearer token
	 */
	Mono<Session> loadSession(String reference);

	/**
	 * A signed relay token for the user of the session with this reference, to be
	 * forwarded to mall-api; empty when auth-service has no such session any more (it
	 * answered {@link RelayCodec#NO_SUCH_SESSION}: revoked or expired since
	 * {@link #loadSession} read it), which is the client's fault, not auth-service's.
	 * Fails with
	 * {@link dev.gatewaykit.gateway.core.identity.IdentityUnavailableException} when
	 * auth-service cannot answer in time or answers with an error.
	 * @param reference the reference {@link #loadSession} found a session for
	 */
	Mono<String> fetchRelayToken(String reference);

}
