package dev.gatewaykit.gateway.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;

import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.convert.DurationStyle;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.env.PropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.FileSystemResource;
import org.springframework.core.io.Resource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The gateway drops an idle pooled connection before the upstream at the other end does:
 * a request sent on a connection the upstream is closing fails (a premature close, which
 * the mall route then retries). Reads the idle times from the modules' own configuration,
 * so a later change to any of them cannot break the order silently. On main the gateway
 * kept mall-api connections 30 s, mall-api's Tomcat 20 s.
 */
class PoolIdleTimesResilienceTests {

	/**
	 * Tomcat's keep-alive timeout when a service sets none: its connection timeout, 60 s
	 * by default in embedded Tomcat ({@code Constants.DEFAULT_CONNECTION_TIMEOUT}; only
	 * the standalone server.xml sets 20 s).
	 */
	private static final Duration TOMCAT_DEFAULT_KEEP_ALIVE = Duration.ofSeconds(60);

	private final StandardEnvironment gateway = environment(new ClassPathResource("application.yml"));

	@Test
	void proxyPoolDropsIdleConnectionsBeforeMallApi() {
		assertThat(proxyPoolMaxIdleTime()).isLessThan(keepAlive("mall-api"));
	}

	@Test
	void proxyPoolDropsIdleConnectionsBeforeAuthService() {
		// The auth route goes through the same pool.
		assertThat(proxyPoolMaxIdleTime()).isLessThan(keepAlive("auth-service"));
	}

	@Test
	void relayClientsDropIdleConnectionsBeforeAuthService() {
		GatewayKitProperties properties = Binder.get(this.gateway)
			.bind("kit.gateway", GatewayKitProperties.class)
			.orElseThrow(IllegalStateException::new);
		assertThat(properties.authService().maxIdleTime()).isLessThan(keepAlive("auth-service"));
	}

	@Test
	void proxyPoolClosesIdleConnectionsInTheBackground() {
		// Without it an idle connection is closed only when the next request finds it: a
		// gateway gone quiet after a burst keeps every socket of the burst (./kit soak).
		String value = this.gateway
			.getProperty("spring.cloud.gateway.server.webflux.httpclient.pool.eviction-interval");
		assertThat(value).as("the proxy pool's eviction-interval is set").isNotNull();
		assertThat(DurationStyle.detectAndParse(value)).isPositive().isLessThan(proxyPoolMaxIdleTime());
	}

	private Duration proxyPoolMaxIdleTime() {
		String value = this.gateway.getProperty("spring.cloud.gateway.server.webflux.httpclient.pool.max-idle-time");
		assertThat(value).as("the proxy pool's max-idle-time is set").isNotNull();
		return DurationStyle.detectAndParse(value);
	}

	/** A Tomcat service's keep-alive timeout, from its application.yml. */
	private static Duration keepAlive(String module) {
		Path yml = Path.of("..", module, "src", "main", "resources", "application.yml");
		assertThat(Files.isRegularFile(yml)).as(yml + " (tests run in the gateway module's directory)").isTrue();
		StandardEnvironment service = environment(new FileSystemResource(yml));
		String keepAlive = service.getProperty("server.tomcat.keep-alive-timeout",
				service.getProperty("server.tomcat.connection-timeout"));
		return (keepAlive != null) ? DurationStyle.detectAndParse(keepAlive) : TOMCAT_DEFAULT_KEEP_ALIVE;
	}

	/** The file's default documents (no profile), as the application would see them. */
	private static StandardEnvironment environment(Resource yml) {
		StandardEnvironment environment = new StandardEnvironment();
		try {
			for (PropertySource<?> source : new YamlPropertySourceLoader().load(yml.getDescription(), yml)) {
				if (!source.containsProperty("spring.config.activate.on-profile")) {
					environment.getPropertySources().addLast(source);
				}
			}
		}
		catch (IOException ex) {
			throw new IllegalStateException("cannot read " + yml, ex);
		}
		return environment;
	}

}
