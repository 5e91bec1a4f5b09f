package dev.gatewaykit.gateway.config;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

import dev.gatewaykit.common.mode.ExecutionMode;
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
 * @param session how sessions are read from Redis (gateway-core's record, the MVC
 * gateway's too)
 * @param authService how relay tokens are fetched from auth-service (gateway-core's
 * record, the MVC gateway's too)
 * @param server how the gateway's public port treats its clients' connections
 */
@Validated
@ConfigurationProperties("kit.gateway")
public record GatewayKitProperties(@DefaultValue("reactive") @NotNull ExecutionMode mode,
		@DefaultValue("path-pattern") @NotNull PublicPathsMatcher publicPathsMatcher,
		@DefaultValue("fixed") @NotNull LogStyle logStyle, @DefaultValue( {
				"/api/auth/oauth/token", "/actuator/health" }) @NotEmpty List<String> publicPaths,
		@DefaultValue @Valid SessionProperties session, @DefaultValue @Valid AuthServiceProperties authService,
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

}
