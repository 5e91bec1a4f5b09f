package dev.gatewaykit.gateway.config;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

import dev.gatewaykit.common.mode.ExecutionMode;
import dev.gatewaykit.gateway.core.publicpaths.PublicPathsMatcher;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The gateway's knobs. The {@code naive} profile sets several at once; each can also be
 * set on its own for ablation. The defaults here are the {@code fixed} state, and are
 * stated nowhere else.
 *
 * @param mode where the per-request dependency calls run (blocking, publish-on,
 * bounded-elastic, reactive)
 * @param publicPathsMatcher how public paths are matched: {@code ant} (AntPathMatcher,
 * the slower naive matcher) or {@code path-pattern} (the pre-parsed PathPattern)
 * @param logStyle {@code naive} (synchronous DEBUG logging with caller data, which can
 * cost a service 40 % of its throughput) or {@code fixed} (asynchronous INFO); selects
 * {@code logback-<style>.xml}, reported by the {@code kit} actuator endpoint
 * @param publicPaths paths that need no bearer token
 * @param session how sessions are read from Redis
 * @param authService how relay tokens are fetched from auth-service
 * @param server how the gateway's public port treats its clients' connections
 */
@Validated
@ConfigurationProperties("kit.gateway")
public record GatewayKitProperties(@DefaultValue("reactive") @NotNull ExecutionMode mode,
		@DefaultValue("path-pattern") @NotNull PublicPathsMatcher publicPathsMatcher,
		@DefaultValue("fixed") @NotNull LogStyle logStyle, @DefaultValue( {
				"/api/auth/oauth/token", "/actuator/health" }) @NotEmpty List<String> publicPaths,
		@DefaultValue @Valid Session session, @DefaultValue @Valid AuthService authService,
		@DefaultValue @Valid Server server){

	/**
	 * The two logging set-ups. Logging starts before this record is bound, so
	 * {@code logging.config} in application.yml picks the file from the property itself,
	 * with {@code fixed} when it is not set.
	 */
	public enum LogStyle {

		/** {@code logback-naive.xml}: synchronous, DEBUG for the kit, caller data. */
		NAIVE,

		/** {@code logback-fixed.xml}: asynchronous, INFO, no caller data. */
		FIXED;

		/**
		 * The name used in the property, the logback file name and the {@code kit}
		 * actuator endpoint.
		 */
		public String id() {
			return name().toLowerCase(Locale.ROOT);
		}

	}

	/**
	 * @param idleTimeout the TTL set by the EXPIRE on every request; must match
	 * auth-service's idle timeout
	 * @param timeout the longest the gateway waits for Redis before answering 503 (fail
	 * closed); also Lettuce's command timeout, which is what bounds the blocking modes
	 */
	public record Session(@DefaultValue("30m") @NotNull Duration idleTimeout,
			@DefaultValue("1s") @NotNull Duration timeout) {
	}

	/**
	 * @param requestHeadTimeout the longest a client may take to send a request's line
	 * and headers, from their first byte: a connection still sending them after this is
	 * closed (a slowloris client trickles header bytes to hold connections, and every
	 * byte resets the idle timeout); nginx's {@code client_header_timeout} in front does
	 * the same for clients of the proxy
	 * @param requestDeadline the longest a request may take from its head to its answer,
	 * whatever it waits for: above every dependency's own timeout (session, relay call,
	 * pool acquire, connect, response), below nginx's 60 s {@code proxy_read_timeout};
	 * past it the gateway answers 504 ({@code RequestDeadlineWebFilter})
	 */
	public record Server(@DefaultValue("10s") @NotNull Duration requestHeadTimeout,
			@DefaultValue("15s") @NotNull Duration requestDeadline) {

		public Server {
			if (requestDeadline.isNegative() || requestDeadline.isZero()) {
				throw new IllegalArgumentException(
						"kit.gateway.server.request-deadline must be positive, was " + requestDeadline);
			}
		}

	}

	/**
	 * @param url auth-service's base URL, http(s) in both discovery modes: the relay call
	 * does not go through the load balancer (the bench points it at toxiproxy, the link
	 * whose latency it controls); by default where the auth route goes
	 * ({@code kit.routes.auth-uri}, application.yml), a local auth-service in the
	 * {@code nacos} profile
	 * @param clientId the gateway's client id, sent with HTTP Basic on the relay call
	 * @param clientSecret the gateway's client secret, auth-service's
	 * {@code kit.auth.gateway-client.secret}; no default: the {@code demo} profile has
	 * one for laptops, refused outside it
	 * @param connectTimeout the longest a new connection to auth-service may take
	 * @param timeout the longest the gateway waits for a relay token before answering 502
	 * @param maxIdleTime how long an idle connection to auth-service is kept for the next
	 * relay call; below auth-service's keep-alive timeout, so that the gateway closes an
	 * idle connection before the far end does (a request sent on a connection the far end
	 * is closing fails)
	 */
	public record AuthService(@NotNull URI url, @DefaultValue("gateway") @NotBlank String clientId,
			@NotBlank String clientSecret, @DefaultValue("500ms") @NotNull Duration connectTimeout,
			@DefaultValue("2s") @NotNull Duration timeout, @DefaultValue("15s") @NotNull Duration maxIdleTime) {

		public AuthService {
			// A missing URL is @NotNull's to report.
			if (url != null && !"http".equals(url.getScheme()) && !"https".equals(url.getScheme())) {
				throw new IllegalArgumentException("kit.gateway.auth-service.url must be an http:// or https:// URL "
						+ "(the relay-token call does not go through the load balancer), was '" + url + "'");
			}
		}

	}

}
