package dev.gatewaykit.gateway.config;

import java.time.Duration;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.gatewaykit.common.mode.ExecutionMode;
import dev.gatewaykit.common.session.Session;
import dev.gatewaykit.gateway.mode.IdentityBackend;
import dev.gatewaykit.gateway.mode.ModeSwitch;
import dev.gatewaykit.gateway.core.publicpaths.PublicPathsMatcher;
import dev.gatewaykit.gateway.core.publicpaths.ReloadablePublicPaths;
import jakarta.validation.Validation;
import jakarta.validation.ValidatorFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

import org.springframework.cloud.context.environment.EnvironmentChangeEvent;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.http.server.PathContainer;
import org.springframework.validation.beanvalidation.SpringValidatorAdapter;

import static org.assertj.core.api.Assertions.assertThat;

/** What a config refresh does to the running gateway's mode and public paths. */
class RuntimeConfigListenerTests {

	private final ValidatorFactory validation = Validation.buildDefaultValidatorFactory();

	private final Map<String, Object> config = new HashMap<>();

	private final StandardEnvironment environment = new StandardEnvironment();

	private final ModeSwitch modes = new ModeSwitch(unusedBackends(), ExecutionMode.REACTIVE, Duration.ofSeconds(1),
			Duration.ofSeconds(1));

	private final ReloadablePublicPaths publicPaths = new ReloadablePublicPaths(PublicPathsMatcher.PATH_PATTERN,
			List.of("/api/auth/oauth/token", "/actuator/health"));

	private final RuntimeConfigListener listener;

	RuntimeConfigListenerTests() {
		// What application.yml sets and no record default covers, and the secret, which
		// has no default.
		this.environment.getPropertySources()
			.addFirst(new MapPropertySource("application.yml", Map.of("kit.gateway.auth-service.url",
					"http://127.0.0.1:9000", "kit.gateway.auth-service.client-secret", "a-client-secret")));
		this.environment.getPropertySources().addFirst(new MapPropertySource("nacos", this.config));
		this.listener = new RuntimeConfigListener(this.environment,
				new SpringValidatorAdapter(this.validation.getValidator()), this.modes, this.publicPaths);
	}

	@AfterEach
	void close() {
		this.validation.close();
	}

	@Test
	void switchesTheExecutionMode() {
		this.config.put("kit.gateway.mode", "blocking");

		refresh("kit.gateway.mode");

		assertThat(this.modes.mode()).isEqualTo(ExecutionMode.BLOCKING);
	}

	@Test
	void replacesThePublicPaths() {
		this.config.put("kit.gateway.public-paths", "/actuator/health");

		refresh("kit.gateway.public-paths");

		assertThat(this.publicPaths.patterns()).containsExactly("/actuator/health");
		assertThat(this.publicPaths.isPublic(PathContainer.parsePath("/api/auth/oauth/token"))).isFalse();
		assertThat(this.publicPaths.isPublic(PathContainer.parsePath("/actuator/health"))).isTrue();
	}

	@Test
	void switchesThePublicPathsMatcher() {
		this.config.put("kit.gateway.public-paths-matcher", "ant");

		refresh("kit.gateway.public-paths-matcher");

		assertThat(this.publicPaths.matcher()).isEqualTo(PublicPathsMatcher.ANT);
		assertThat(this.publicPaths.patterns()).containsExactly("/api/auth/oauth/token", "/actuator/health");
	}

	@Test
	void refusesAModeThatDoesNotExistAndKeepsEverything() {
		this.config.put("kit.gateway.mode", "turbo");
		this.config.put("kit.gateway.public-paths", "/actuator/health");

		refresh("kit.gateway.mode", "kit.gateway.public-paths");

		assertThat(this.modes.mode()).isEqualTo(ExecutionMode.REACTIVE);
		assertThat(this.publicPaths.patterns()).containsExactly("/api/auth/oauth/token", "/actuator/health");
	}

	@Test
	void refusesAnEmptyListOfPublicPaths() {
		this.config.put("kit.gateway.public-paths", "");

		refresh("kit.gateway.public-paths");

		assertThat(this.publicPaths.patterns()).containsExactly("/api/auth/oauth/token", "/actuator/health");
	}

	@Test
	void aPublicPathsChangeLeavesAModeSetThroughTheActuator() {
		this.modes.switchTo(ExecutionMode.BLOCKING);
		this.config.put("kit.gateway.public-paths", "/actuator/health");

		refresh("kit.gateway.public-paths[0]");

		assertThat(this.modes.mode()).isEqualTo(ExecutionMode.BLOCKING);
		assertThat(this.publicPaths.patterns()).containsExactly("/actuator/health");
	}

	@Test
	void aModeChangeLeavesThePublicPaths() {
		this.config.put("kit.gateway.mode", "bounded-elastic");
		this.publicPaths.replace(PublicPathsMatcher.ANT, List.of("/only/this"));

		refresh("kit.gateway.mode");

		assertThat(this.modes.mode()).isEqualTo(ExecutionMode.BOUNDED_ELASTIC);
		assertThat(this.publicPaths.patterns()).containsExactly("/only/this");
	}

	@Test
	void ignoresChangesOutsideKitGateway() {
		this.config.put("kit.gateway.mode", "blocking");

		refresh("logging.level.root");

		assertThat(this.modes.mode()).isEqualTo(ExecutionMode.REACTIVE);
	}

	private void refresh(String... keys) {
		this.listener.onApplicationEvent(new EnvironmentChangeEvent(Set.of(keys)));
	}

	private static Map<ExecutionMode, IdentityBackend> unusedBackends() {
		IdentityBackend unused = new IdentityBackend() {
			@Override
			public Mono<Session> loadSession(String reference) {
				return Mono.error(new UnsupportedOperationException());
			}

			@Override
			public Mono<String> fetchRelayToken(String reference) {
				return Mono.error(new UnsupportedOperationException());
			}
		};
		Map<ExecutionMode, IdentityBackend> backends = new EnumMap<>(ExecutionMode.class);
		for (ExecutionMode mode : ExecutionMode.values()) {
			backends.put(mode, unused);
		}
		return backends;
	}

}
