package dev.gatewaykit.auth.security;

import dev.gatewaykit.auth.config.AuthProperties;
import dev.gatewaykit.auth.web.ApiErrorWriter;
import dev.gatewaykit.common.relay.RelayTokenEndpoint;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.config.annotation.web.reactive.EnableWebFluxSecurity;
import org.springframework.security.config.web.server.ServerHttpSecurity;
import org.springframework.security.web.server.SecurityWebFilterChain;
import org.springframework.security.web.server.context.NoOpServerSecurityContextRepository;
import org.springframework.security.web.server.savedrequest.NoOpServerRequestCache;

/**
 * Who may call what. {@code /oauth/token} and health are public; relay tokens and the
 * other actuator endpoints need the gateway's client credentials; everything else is
 * refused. A stateless API: no CSRF (there is no cookie to ride on), no sessions, no
 * login page, and every refusal is a JSON body.
 */
@Configuration(proxyBeanMethods = false)
@EnableWebFluxSecurity
public class SecurityConfiguration {

	@Bean
	SecurityWebFilterChain securityWebFilterChain(ServerHttpSecurity http,
			GatewayClientAuthenticationManager gatewayClient, ApiErrorWriter errors) {
		JsonAuthenticationEntryPoint entryPoint = new JsonAuthenticationEntryPoint(errors);
		return http.csrf(ServerHttpSecurity.CsrfSpec::disable)
			.formLogin(ServerHttpSecurity.FormLoginSpec::disable)
			.logout(ServerHttpSecurity.LogoutSpec::disable)
			.requestCache((cache) -> cache.requestCache(NoOpServerRequestCache.getInstance()))
			.securityContextRepository(NoOpServerSecurityContextRepository.getInstance())
			.httpBasic((basic) -> basic.authenticationManager(gatewayClient).authenticationEntryPoint(entryPoint))
			.exceptionHandling((exceptions) -> exceptions.authenticationEntryPoint(entryPoint)
				.accessDeniedHandler(new JsonAccessDeniedHandler(errors)))
			.authorizeExchange((exchanges) -> exchanges.pathMatchers("/oauth/token", "/actuator/health/**")
				.permitAll()
				.pathMatchers(RelayTokenEndpoint.PATH, "/actuator/**")
				.hasRole(GatewayClientAuthenticationManager.GATEWAY_ROLE)
				.anyExchange()
				.denyAll())
			.build();
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
