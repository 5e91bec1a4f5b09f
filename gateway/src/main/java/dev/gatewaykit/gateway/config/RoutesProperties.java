package dev.gatewaykit.gateway.config;

import java.net.URI;

import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Where the gateway's routes go, under {@code kit.routes}, and whether the bench's
 * {@code vanilla} route exists. The route definitions in application.yml read these
 * properties through placeholders; this record checks them at start-up, so that a bad
 * value stops the gateway with a message naming the property instead of failing requests
 * later.
 * <p>
 * The defaults are in application.yml (static URLs) and application-nacos.yml
 * ({@code lb://}), not here: the placeholders read the environment, which a record's
 * defaults never reach.
 *
 * @param authUri where the session routes ({@link SessionRoutesConfiguration}: login and
 * revoke under {@code /api/auth}) go: {@code http(s)://host:port}, or
 * {@code lb://auth-service} through Spring Cloud LoadBalancer
 * @param mallUri where {@code /api/mall/**} goes: {@code http(s)://host:port}, or
 * {@code lb://mall-api} through Spring Cloud LoadBalancer
 * @param vanilla whether the bench-only {@code vanilla} route exists ({@code /vanilla/**}
 * to {@code mallUri}, unauthenticated; see {@link VanillaRouteConfiguration}); off by
 * default, stated here only
 */
@Validated
@ConfigurationProperties("kit.routes")
public record RoutesProperties(@NotNull URI authUri, @NotNull URI mallUri, @DefaultValue("false") boolean vanilla) {

	public RoutesProperties {
		check("kit.routes.auth-uri", authUri);
		check("kit.routes.mall-uri", mallUri);
	}

	private static void check(String property, URI uri) {
		// A missing URI is @NotNull's to report.
		if (uri == null) {
			return;
		}
		String scheme = uri.getScheme();
		boolean known = "http".equals(scheme) || "https".equals(scheme) || "lb".equals(scheme);
		if (!known || uri.getHost() == null) {
			throw new IllegalArgumentException(
					property + " must be an http://, https:// or lb:// URI with a host, was '" + uri + "'");
		}
	}

}
