package dev.gatewaykit.gateway.config;

import java.net.URI;
import java.time.Duration;
import java.util.List;

import dev.gatewaykit.gateway.session.ExecutionMode;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The gateway's knobs. The {@code naive} and {@code fixed} profiles set several at once; each can also be set on
 * its own for ablation.
 *
 * @param mode where the per-request dependency calls run (blocking, publish-on, bounded-elastic, reactive)
 * @param whitelistMatcher how public paths are matched: {@code ant} (AntPathMatcher, the slower naive matcher) or
 * {@code path-pattern} (the pre-parsed PathPattern)
 * @param logStyle {@code naive} (synchronous DEBUG logging with caller data, which can cost a service 40 % of its
 * throughput) or {@code fixed} (asynchronous INFO); selects {@code logback-<style>.xml}, reported by the
 * {@code kit} actuator endpoint
 * @param publicPaths paths that need no bearer token
 * @param session how sessions are read from Redis
 * @param authService how relay tokens are fetched from auth-service
 */
@Validated
@ConfigurationProperties("kit.gateway")
public record GatewayKitProperties(@DefaultValue("reactive") @NotNull ExecutionMode mode,
		@DefaultValue("path-pattern") @NotNull WhitelistMatcher whitelistMatcher,
		@DefaultValue("fixed") @NotBlank String logStyle,
		@DefaultValue({ "/api/auth/oauth/token", "/actuator/health" }) @NotEmpty List<String> publicPaths,
		@DefaultValue @Valid Session session, @DefaultValue @Valid AuthService authService) {

	/** The two whitelist matchers. */
	public enum WhitelistMatcher {

		/** {@code AntPathMatcher}: re-tokenises pattern and path on every call. */
		ANT,

		/** {@code PathPattern}: parsed once at start-up, matched against a pre-parsed path. */
		PATH_PATTERN

	}

	/**
	 * @param idleTimeout the TTL set by the EXPIRE on every request; must match auth-service's idle timeout
	 * @param timeout the longest the gateway waits for Redis before answering 503 (fail closed)
	 */
	public record Session(@DefaultValue("30m") @NotNull Duration idleTimeout,
			@DefaultValue("1s") @NotNull Duration timeout) {
	}

	/**
	 * @param url auth-service's base URL, http(s) in both discovery modes: the relay call does not go through the
	 * load balancer (the bench points it at toxiproxy, the link whose latency it controls)
	 * @param clientId the gateway's client id, sent with HTTP Basic on the relay call
	 * @param clientSecret the gateway's client secret
	 * @param connectTimeout the longest a new connection to auth-service may take
	 * @param timeout the longest the gateway waits for a relay token before answering 502
	 */
	public record AuthService(@DefaultValue("http://127.0.0.1:9000") @NotNull URI url,
			@DefaultValue("gateway") @NotBlank String clientId,
			@DefaultValue("dev-only-gateway-secret-change-me") @NotBlank String clientSecret,
			@DefaultValue("500ms") @NotNull Duration connectTimeout,
			@DefaultValue("2s") @NotNull Duration timeout) {

		public AuthService {
			if (url != null && !"http".equals(url.getScheme()) && !"https".equals(url.getScheme())) {
				throw new IllegalArgumentException("kit.gateway.auth-service.url must be an http:// or https:// URL "
						+ "(the relay-token call does not go through the load balancer), was '" + url + "'");
			}
		}
	}

}
