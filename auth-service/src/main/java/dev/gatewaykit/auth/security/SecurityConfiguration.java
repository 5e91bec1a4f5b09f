package dev.gatewaykit.auth.security;

import dev.gatewaykit.auth.config.AuthProperties;
import dev.gatewaykit.auth.web.ApiErrorWriter;
import dev.gatewaykit.common.relay.RelayTokenEndpoint;
import dev.gatewaykit.common.session.SessionEndpoints;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.annotation.web.reactive.EnableWebFluxSecurity;
import org.springframework.security.config.web.server.ServerHttpSecurity;
import org.springframework.security.web.server.SecurityWebFilterChain;
import org.springframework.security.web.server.context.NoOpServerSecurityContextRepository;
import org.springframework.security.web.server.savedrequest.NoOpServerRequestCache;
import org.springframework.security.web.server.util.matcher.ServerWebExchangeMatchers;

/**
 * Who may call what, in two filter chains. The public one, {@code /oauth/token}, the
 * revoke paths and health, reads no client credentials at all: a Basic header sent there
 * is ignored rather than checked, so those paths cannot be used to guess the gateway's
 * client secret (a checked guess answered "bad client credentials", an oracle). The other
 * chain, everything else, checks the gateway's HTTP Basic credentials: the relay-token
 * endpoint and the other actuator endpoints need them, and anything else is refused. A
 * stateless API: no CSRF (there is no cookie to ride on), no sessions, no login page, and
 * every refusal is a JSON body.
 */
@Configuration(proxyBeanMethods = false)
@EnableWebFluxSecurity
public class SecurityConfiguration {

	/** Paths anyone may call, with no client credentials read. */
	static final String[] PUBLIC_PATHS = { SessionEndpoints.LOGIN, SessionEndpoints.REVOKE, SessionEndpoints.REVOKE_ALL,
			"/actuator/health", "/actuator/health/**" };

	@Bean
	@Order(Ordered.HIGHEST_PRECEDENCE)
	SecurityWebFilterChain publicPaths(ServerHttpSecurity http) {
		return stateless(http).securityMatcher(ServerWebExchangeMatchers.pathMatchers(PUBLIC_PATHS))
			.httpBasic(ServerHttpSecurity.HttpBasicSpec::disable)
			.authorizeExchange((exchanges) -> exchanges.anyExchange().permitAll())
			.build();
	}

	@Bean
	@Order(Ordered.LOWEST_PRECEDENCE)
	SecurityWebFilterChain gatewayClientPaths(ServerHttpSecurity http, GatewayClientAuthenticationManager gatewayClient,
			ApiErrorWriter errors) {
		JsonAuthenticationEntryPoint entryPoint = new JsonAuthenticationEntryPoint(errors);
		return stateless(http)
			.httpBasic((basic) -> basic.authenticationManager(gatewayClient).authenticationEntryPoint(entryPoint))
			.exceptionHandling((exceptions) -> exceptions.authenticationEntryPoint(entryPoint)
				.accessDeniedHandler(new JsonAccessDeniedHandler(errors)))
			.authorizeExchange((exchanges) -> exchanges.pathMatchers(RelayTokenEndpoint.PATH, "/actuator/**")
				.hasRole(GatewayClientAuthenticationManager.GATEWAY_ROLE)
				.anyExchange()
				.denyAll())
			.build();
	}

	private static ServerHttpSecurity stateless(ServerHttpSecurity http) {
		return http.csrf(ServerHttpSecurity.CsrfSpec::disable)
			.formLogin(ServerHttpSecurity.FormLoginSpec::disable)
			.logout(ServerHttpSecurity.LogoutSpec::disable)
			.requestCache((cache) -> cache.requestCache(NoOpServerRequestCache.getInstance()))
			.securityContextRepository(NoOpServerSecurityContextRepository.getInstance());
	}

	/**
	 * Also keeps Spring Boot from creating its default in-memory user (and logging a
	 * generated password), which it does only when no
	 * {@code ReactiveAuthenticationManager} is defined.
	 */
	@Bean
	GatewayClientAuthenticationManager gatewayClientAuthenticationManager(AuthProperties properties) {
		return new GatewayClientAuthenticationManager(properties.gatewayClient().id(),
				properties.gatewayClient().secret());
	}

}
