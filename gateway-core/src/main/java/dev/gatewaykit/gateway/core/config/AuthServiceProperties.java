package dev.gatewaykit.gateway.core.config;

import java.net.URI;
import java.time.Duration;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How a gateway fetches relay tokens from auth-service
 * ({@code kit.gateway.auth-service}), the same keys and defaults in both gateways.
 *
 * @param url auth-service's base URL, http(s) in both discovery modes: the relay call
 * does not go through the load balancer (the bench points it at toxiproxy, the link whose
 * latency it controls); by default where the auth route goes
 * ({@code kit.routes.auth-uri}, application.yml), a local auth-service in the
 * {@code nacos} profile
 * @param clientId the gateway's client id, sent with HTTP Basic on the relay call
 * @param clientSecret the gateway's client secret, auth-service's
 * {@code kit.auth.gateway-client.secret}; no default: the {@code demo} profile has one
 * for laptops, refused outside it
 * @param connectTimeout the longest a new connection to auth-service may take
 * @param timeout the longest the gateway waits for a relay token before answering 502
 * @param maxIdleTime how long an idle connection to auth-service is kept for the next
 * relay call; below auth-service's keep-alive timeout, so that the gateway closes an idle
 * connection before the far end does (a request sent on a connection the far end is
 * closing fails)
 */
public record AuthServiceProperties(@NotNull URI url, @DefaultValue("gateway") @NotBlank String clientId,
		@NotBlank String clientSecret, @DefaultValue("500ms") @NotNull Duration connectTimeout,
		@DefaultValue("2s") @NotNull Duration timeout, @DefaultValue("15s") @NotNull Duration maxIdleTime) {

	public AuthServiceProperties {
		// A missing URL is @NotNull's to report.
		if (url != null && !"http".equals(url.getScheme()) && !"https".equals(url.getScheme())) {
			throw new IllegalArgumentException("kit.gateway.auth-service.url must be an http:// or https:// URL "
					+ "(the relay-token call does not go through the load balancer), was '" + url + "'");
		}
	}

}
