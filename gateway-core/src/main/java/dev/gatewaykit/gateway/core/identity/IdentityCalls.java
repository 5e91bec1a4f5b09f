package dev.gatewaykit.gateway.core.identity;

import java.util.Optional;

import dev.gatewaykit.common.relay.RelayTokenEndpoint;
import dev.gatewaykit.common.session.Session;
import dev.gatewaykit.common.session.SessionKeys;
import dev.gatewaykit.gateway.core.relay.RelayCodec;

/**
 * The two dependency calls a gateway makes for every proxied request, as blocking calls:
 * the contract both gateways share. Both name the session by its
 * {@link SessionKeys#reference reference}, computed once per request from the bearer
 * token, which goes no further than the authentication filter.
 * <p>
 * Blocking first, because that is the code the question is about ("can I keep my blocking
 * filter?"): the MVC gateway calls it on its request thread, platform or virtual; the
 * WebFlux gateway's blocking modes adapt it to {@code Mono} (one {@code Mono.defer} per
 * call) and its reactive mode is the one implementation that has no blocking form.
 * <p>
 * {@link #loadSession} is one Redis GET and, on a hit, one EXPIRE that slides the idle
 * timeout; {@link #fetchRelayToken} is one HTTP POST to auth-service's
 * {@link RelayTokenEndpoint#PATH /oauth/relay-token}, its body written by
 * {@link RelayCodec}.
 */
public interface IdentityCalls {

	/**
	 * The session with this reference, with its idle timeout refreshed; empty when Redis
	 * has no such session or holds a value that is not one.
	 * @param reference the session's reference, {@link SessionKeys#reference} of the
	 * bearer token
	 * @throws IdentityUnavailableException when Redis cannot answer in time
	 */
	Optional<Session> loadSession(String reference);

	/**
	 * A signed relay token for the user of the session with this reference; empty when
	 * auth-service has no such session any more ({@link RelayCodec#NO_SUCH_SESSION}: it
	 * ended since {@link #loadSession} read it), which is the client's fault, not
	 * auth-service's.
	 * @param reference the reference {@link #loadSession} found a session for
	 * @throws IdentityUnavailableException when auth-service cannot answer in time or
	 * answers with an error
	 */
	Optional<String> fetchRelayToken(String reference);

}
