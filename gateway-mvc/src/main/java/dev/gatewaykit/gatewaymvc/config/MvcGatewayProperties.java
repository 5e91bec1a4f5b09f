package dev.gatewaykit.gatewaymvc.config;

import java.net.URI;
import java.util.List;

import dev.gatewaykit.gateway.core.config.AuthServiceProperties;
import dev.gatewaykit.gateway.core.config.SessionProperties;
import dev.gatewaykit.gateway.core.publicpaths.PublicPathsMatcher;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The MVC gateway's knobs, under the WebFlux gateway's keys ({@code kit.gateway}) so that
 * the kit starts both with the same arguments; the knobs that exist only in the WebFlux
 * gateway (its execution mode, log style, admission) are not read here. How requests are
 * threaded is not a knob of this record: it is Spring Boot's
 * {@code spring.threads.virtual.enabled} (the {@code mvc-virtual} profile).
 *
 * @param publicPathsMatcher how public paths are matched: {@code ant} or
 * {@code path-pattern}
 * @param publicPaths paths that need no bearer token
 * @param session how sessions are read from Redis
 * @param authService how relay tokens are fetched from auth-service
 * @param loginRateLimit of the WebFlux gateway's login limit, only the proxies whose
 * {@code X-Forwarded-For} is believed: this gateway sends auth-service the client's
 * address for its lockout but does not limit logins itself (a measuring build, not a
 * template: docs/virtual-threads.md)
 * @param pinCarriers make every identity call pin its virtual thread's carrier on purpose
 * ({@code CarrierPinningCalls}): the variant whose pins the bench's JFR recording must
 * show; never in production
 */
@Validated
@ConfigurationProperties("kit.gateway")
public record MvcGatewayProperties(@DefaultValue("path-pattern") @NotNull PublicPathsMatcher publicPathsMatcher,
		@DefaultValue( {
				"/api/auth/oauth/token", "/actuator/health" }) @NotEmpty List<String> publicPaths,
		@DefaultValue @Valid SessionProperties session, @DefaultValue @Valid AuthServiceProperties authService,
		@DefaultValue @Valid LoginRateLimit loginRateLimit, @DefaultValue("false") boolean pinCarriers){

	/**
	 * {@code kit.gateway.login-rate-limit}, the WebFlux gateway's key.
	 *
	 * @param trustedProxies addresses or CIDR ranges of the proxies in front of the
	 * gateway (nginx), as {@code ClientAddresses} reads them
	 */
	public record LoginRateLimit(@DefaultValue( {
			"127.0.0.1", "::1" }) @NotNull List<String> trustedProxies){
	}

	/**
	 * Where the routes go ({@code kit.routes}), as in the WebFlux gateway.
	 *
	 * @param mallUri mall-api's base URL
	 * @param authUri auth-service's base URL
	 */
	@ConfigurationProperties("kit.routes")
	public record Routes(@NotNull URI mallUri, @NotNull URI authUri) {
	}

}
