package dev.gatewaykit.gateway.config;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import dev.gatewaykit.common.mode.ExecutionMode;
import dev.gatewaykit.gateway.admission.AdmissionProperties;
import dev.gatewaykit.gateway.config.GatewayKitProperties.LogStyle;
import dev.gatewaykit.gateway.core.publicpaths.PublicPathsMatcher;
import dev.gatewaykit.gateway.warmup.WarmUpProperties;
import jakarta.validation.Validation;
import jakarta.validation.ValidatorFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.validation.ValidationBindHandler;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.MutablePropertySources;
import org.springframework.core.env.PropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.io.ClassPathResource;
import org.springframework.validation.beanvalidation.SpringValidatorAdapter;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What each profile binds, from the gateway's own configuration files alone (no launcher
 * arguments): the defaults live on the records, a profile file states only what it
 * changes, and this holds the effective values to what the launchers and the bench
 * expect.
 */
class GatewayProfilesTests {

	private static final List<String> PUBLIC_PATHS = List.of("/api/auth/oauth/token", "/actuator/health");

	private final ValidatorFactory validation = Validation.buildDefaultValidatorFactory();

	@AfterEach
	void close() {
		this.validation.close();
	}

	@ParameterizedTest(name = "profiles [{0}]")
	@ValueSource(strings = { "", "fixed", "fixed,nacos" })
	void fixedIsTheDefaultState(String profiles) {
		GatewayKitProperties gateway = bind(profiles, "kit.gateway", GatewayKitProperties.class);

		assertThat(gateway.mode()).isEqualTo(ExecutionMode.REACTIVE);
		assertThat(gateway.publicPathsMatcher()).isEqualTo(PublicPathsMatcher.PATH_PATTERN);
		assertThat(gateway.logStyle()).isEqualTo(LogStyle.FIXED);
		assertThat(bind(profiles, "kit.gateway.warm-up", WarmUpProperties.class).enabled()).isTrue();
		AdmissionProperties admission = bind(profiles, "kit.gateway.admission", AdmissionProperties.class);
		assertThat(admission.enabled()).isTrue();
		assertThat(admission.initialLimit()).as("above the bench's 150 users").isGreaterThan(150);
		assertThat(admission.unsampledPaths()).containsExactly("/api/auth/oauth/token");
		assertSharedSettings(gateway);
	}

	@ParameterizedTest(name = "profiles [{0}]")
	@ValueSource(strings = { "naive", "naive,nacos" })
	void naiveIsTheIncidentsState(String profiles) {
		GatewayKitProperties gateway = bind(profiles, "kit.gateway", GatewayKitProperties.class);

		assertThat(gateway.mode()).isEqualTo(ExecutionMode.BLOCKING);
		assertThat(gateway.publicPathsMatcher()).isEqualTo(PublicPathsMatcher.ANT);
		assertThat(gateway.logStyle()).isEqualTo(LogStyle.NAIVE);
		// The incident's gateway took traffic the moment it listened, and all of it.
		assertThat(bind(profiles, "kit.gateway.warm-up", WarmUpProperties.class).enabled()).isFalse();
		assertThat(bind(profiles, "kit.gateway.admission", AdmissionProperties.class).enabled()).isFalse();
		assertSharedSettings(gateway);
	}

	@ParameterizedTest(name = "profiles [{0}]")
	@ValueSource(strings = { "", "fixed", "naive" })
	void staticDiscoveryRoutesAndRelaysToLocalServices(String profiles) {
		RoutesProperties routes = bind(profiles, "kit.routes", RoutesProperties.class);
		GatewayKitProperties gateway = bind(profiles, "kit.gateway", GatewayKitProperties.class);

		assertThat(routes.authUri()).isEqualTo(URI.create("http://127.0.0.1:9000"));
		assertThat(routes.mallUri()).isEqualTo(URI.create("http://127.0.0.1:9100"));
		assertThat(gateway.authService().url()).as("the relay call follows the auth route").isEqualTo(routes.authUri());
		assertThat(routeUris(profiles)).containsExactly("http://127.0.0.1:9100");
	}

	@Test
	void nacosRoutesThroughTheLoadBalancerButRelaysToAnHttpUrl() {
		RoutesProperties routes = bind("fixed,nacos", "kit.routes", RoutesProperties.class);
		GatewayKitProperties gateway = bind("fixed,nacos", "kit.gateway", GatewayKitProperties.class);

		assertThat(routes.authUri()).isEqualTo(URI.create("lb://auth-service"));
		assertThat(routes.mallUri()).isEqualTo(URI.create("lb://mall-api"));
		assertThat(routeUris("fixed,nacos")).containsExactly("lb://mall-api");
		// The relay call does not go through the load balancer, so it must not follow the
		// auth route to lb://.
		assertThat(gateway.authService().url()).isEqualTo(URI.create("http://127.0.0.1:9000"));
	}

	/**
	 * Production's login limit (5 at once, then 1 a second per client) and server
	 * settings in every profile, the demo one included: the bench's larger bucket comes
	 * from its launcher's arguments, never from a profile file.
	 */
	@ParameterizedTest(name = "profiles [{0}]")
	@ValueSource(strings = { "", "fixed", "naive", "fixed,nacos" })
	void limitsLoginsAndServesClientsAsProductionShould(String profiles) {
		LoginRateLimitProperties login = bind(profiles, "kit.gateway.login-rate-limit", LoginRateLimitProperties.class);
		GatewayKitProperties gateway = bind(profiles, "kit.gateway", GatewayKitProperties.class);

		assertThat(login.enabled()).isTrue();
		assertThat(login.replenishRate()).isEqualTo(1);
		assertThat(login.burstCapacity()).isEqualTo(5);
		assertThat(login.requestedTokens()).isEqualTo(1);
		assertThat(login.secondsPerLogin()).isEqualTo(1);
		assertThat(login.trustedProxies()).containsExactly("127.0.0.1", "::1");
		assertThat(gateway.server().requestHeadTimeout()).isEqualTo(Duration.ofSeconds(10));
		assertThat(Binder.get(environment(profiles)).bind("server.address", String.class).get()).isEqualTo("127.0.0.1");
	}

	@ParameterizedTest(name = "profiles [{0}]")
	@ValueSource(strings = { "", "fixed", "naive", "naive,nacos" })
	void logsWithTheFileOfTheBoundLogStyle(String profiles) {
		LogStyle logStyle = bind(profiles, "kit.gateway", GatewayKitProperties.class).logStyle();

		assertThat(Binder.get(environment(profiles)).bind("logging.config", String.class).get())
			.isEqualTo("classpath:logback-" + logStyle.id() + ".xml");
		assertThat(new ClassPathResource("logback-" + logStyle.id() + ".xml").exists()).isTrue();
	}

	private static void assertSharedSettings(GatewayKitProperties gateway) {
		assertThat(gateway.publicPaths()).isEqualTo(PUBLIC_PATHS);
		assertThat(gateway.session().idleTimeout()).isEqualTo(Duration.ofMinutes(30));
		assertThat(gateway.session().timeout()).isEqualTo(Duration.ofSeconds(1));
		assertThat(gateway.authService().clientId()).isEqualTo("gateway");
		assertThat(gateway.authService().clientSecret()).isEqualTo("dev-only-gateway-secret-change-me");
		assertThat(gateway.authService().connectTimeout()).isEqualTo(Duration.ofMillis(500));
		assertThat(gateway.authService().timeout()).isEqualTo(Duration.ofSeconds(2));
	}

	/**
	 * The URIs of the routes defined in YAML (the session routes to auth-service are
	 * Java, over {@code kit.routes.auth-uri}).
	 */
	private List<String> routeUris(String profiles) {
		Binder binder = Binder.get(environment(profiles));
		assertThat(binder.bind("spring.cloud.gateway.server.webflux.routes[1].id", String.class).isBound()).isFalse();
		return List.of(binder.bind("spring.cloud.gateway.server.webflux.routes[0].uri", String.class).get());
	}

	/**
	 * Binds and validates like start-up does: a value the record refuses fails the test.
	 */
	private <T> T bind(String profiles, String prefix, Class<T> type) {
		return Binder.get(environment(profiles))
			.bindOrCreate(prefix, Bindable.of(type),
					new ValidationBindHandler(new SpringValidatorAdapter(this.validation.getValidator())));
	}

	/**
	 * application.yml with the profiles' files over it, later profiles first, as Spring
	 * Boot orders them, and {@code demo} last, as the kit includes it (it holds the
	 * secrets, which have no default); nothing from the machine's environment or system
	 * properties.
	 */
	private static StandardEnvironment environment(String profiles) {
		StandardEnvironment environment = new StandardEnvironment();
		MutablePropertySources sources = environment.getPropertySources();
		sources.remove(StandardEnvironment.SYSTEM_PROPERTIES_PROPERTY_SOURCE_NAME);
		sources.remove(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME);
		sources.addFirst(yaml("application.yml"));
		for (String profile : (profiles + ",demo").split(",")) {
			if (!profile.isEmpty()) {
				sources.addFirst(yaml("application-" + profile + ".yml"));
			}
		}
		return environment;
	}

	private static PropertySource<?> yaml(String file) {
		try {
			List<PropertySource<?>> documents = new YamlPropertySourceLoader().load(file, new ClassPathResource(file));
			// A file that only says why it is empty (application-fixed.yml) has no
			// document.
			return documents.isEmpty() ? new MapPropertySource(file, Map.of()) : documents.get(0);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
