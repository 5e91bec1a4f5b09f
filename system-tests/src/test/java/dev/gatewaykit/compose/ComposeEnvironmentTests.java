package dev.gatewaykit.compose;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.launcher.gatling.GatlingMain;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every environment variable {@code docker-compose.yml} gives a container means something
 * to it. For the Spring Boot services (those built with {@code build.args.MODULE}) that
 * is a configuration property the packaged service really has, under relaxed binding: a
 * typo such as {@code SPRING_DATA_REDIS_HOSTNAME} would otherwise be ignored in silence,
 * and the service would talk to 127.0.0.1. The same goes for the keys of the config files
 * compose mounts into a Boot service's {@code /app/config}. The other containers are
 * checked against what reads their variables: the image, our script, or (the
 * {@code gatling} service) the launcher's {@link GatlingMain}.
 */
class ComposeEnvironmentTests {

	/**
	 * Variables of images we do not build, each read by the image itself: nacos-server's
	 * docker-startup.sh and application.properties (github.com/nacos-group/nacos-docker,
	 * build/); redis-cli's password (the healthcheck's); Grafana's
	 * GF_&lt;section&gt;_&lt;key&gt; overrides of grafana.ini. toxiproxy, nginx and
	 * prometheus get none.
	 */
	private static final Map<String, Set<String>> IMAGE_VARIABLES = Map.of("nacos",
			Set.of("MODE", "PREFER_HOST_MODE", "NACOS_AUTH_ENABLE", "NACOS_AUTH_TOKEN", "NACOS_AUTH_IDENTITY_KEY",
					"NACOS_AUTH_IDENTITY_VALUE", "JVM_XMS", "JVM_XMX", "JVM_XMN"),
			"redis", Set.of("REDISCLI_AUTH"), "grafana",
			Set.of("GF_SECURITY_ADMIN_PASSWORD", "GF_USERS_ALLOW_SIGN_UP", "GF_ANALYTICS_REPORTING_ENABLED"));

	/**
	 * Services that run one of our scripts: each variable must be one the script reads.
	 */
	private static final Map<String, String> SCRIPTS = Map.of("toxiproxy-latency", "docker/toxiproxy/set-latency.sh",
			"nacos-init", "docker/nacos/nacos-init.sh");

	/**
	 * Services whose variables Java reads: each must be one it declares. The gatling
	 * service's script only starts the launcher's main, which reads the settings.
	 */
	private static final Map<String, List<String>> MAINS = Map.of("gatling", GatlingMain.VARIABLES);

	private static final Map<String, BootProperties> PROPERTIES = new ConcurrentHashMap<>();

	private final ComposeProject compose = ComposeProject.load();

	@Test
	void everyVariableOfABootServiceBindsToOneOfItsProperties() {
		List<String> unbound = new ArrayList<>();
		this.compose.services().forEach((name, service) -> {
			String module = ComposeProject.module(service);
			if (module != null) {
				BootProperties properties = properties(module);
				ComposeProject.environment(service)
					.keySet()
					.stream()
					.filter((variable) -> !properties.binds(variable))
					.forEach((variable) -> unbound.add(name + ": " + variable));
			}
		});
		assertThat(unbound).as("environment variables that bind to no property of the service").isEmpty();
	}

	@Test
	void everyKeyOfAMountedConfigFileIsAPropertyOfTheService() {
		List<String> unknown = new ArrayList<>();
		this.compose.services().forEach((name, service) -> {
			String module = ComposeProject.module(service);
			for (Path configFile : mountedConfigFiles(service)) {
				BootProperties properties = properties(module);
				keys(configFile).stream()
					.filter((key) -> !properties.knows(key))
					.forEach((key) -> unknown.add(name + ": " + this.compose.root.relativize(configFile) + ": " + key));
			}
		});
		assertThat(unknown).isEmpty();
	}

	@Test
	void servicesWeDoNotBuildOnlyGetVariablesTheirImageOrScriptReads() {
		List<String> unexpected = new ArrayList<>();
		this.compose.services().forEach((name, service) -> {
			if (ComposeProject.module(service) != null) {
				return;
			}
			String script = SCRIPTS.containsKey(name) ? read(this.compose.root.resolve(SCRIPTS.get(name))) : null;
			Set<String> known = new HashSet<>(IMAGE_VARIABLES.getOrDefault(name, Set.of()));
			known.addAll(MAINS.getOrDefault(name, List.of()));
			ComposeProject.environment(service)
				.keySet()
				.stream()
				.filter((variable) -> !known.contains(variable)
						&& (script == null || !script.contains("$" + variable) && !script.contains("${" + variable)))
				.forEach((variable) -> unexpected.add(name + ": " + variable));
		});
		assertThat(unexpected).isEmpty();
	}

	@Test
	void relaxedBindingFollowsSpringBootsRules() {
		BootProperties gateway = properties("gateway");
		assertThat(gateway.size()).isGreaterThan(1000);
		// Spring Boot's own metadata, Nacos's, the service's application.yml and its
		// @ConfigurationProperties.
		assertThat(gateway.binds("SPRING_DATA_REDIS_HOST")).isTrue();
		assertThat(gateway.binds("SPRING_CLOUD_NACOS_SERVER_ADDR")).isTrue();
		assertThat(gateway.binds("KIT_ROUTES_MALLURI")).isTrue();
		// Dashes dropped, or (Boot's legacy form) turned into underscores.
		assertThat(gateway.binds("KIT_GATEWAY_AUTHSERVICE_URL")).isTrue();
		assertThat(gateway.binds("SPRING_CLOUD_NACOS_SERVERADDR")).isTrue();
		assertThat(gateway.binds("KIT_GATEWAY_SESSION_IDLETIMEOUT")).isTrue();
		// A list takes an index, a map any key.
		assertThat(gateway.binds("KIT_GATEWAY_PUBLICPATHS_0")).isTrue();
		assertThat(gateway.binds("LOGGING_LEVEL_DEV_GATEWAYKIT")).isTrue();
		assertThat(properties("auth-service").binds("KIT_AUTH_DEMOUSERS_CSV")).isTrue();
	}

	@Test
	void rejectsMadeUpVariables() {
		BootProperties gateway = properties("gateway");
		assertThat(gateway.binds("KIT_GATEWAY_MADE_UP")).isFalse();
		assertThat(gateway.binds("SPRING_DATA_REDIS_HOSTNAME")).isFalse();
		// A misspelt segment, and a segment too many.
		assertThat(gateway.binds("KIT_GATEWAY_AUTHSERVICES_URL")).isFalse();
		assertThat(gateway.binds("SPRING_DATA_REDIS_HOST_NAME")).isFalse();
		// A value is not a map: nothing may follow it.
		assertThat(gateway.binds("KIT_GATEWAY_MODE_FAST")).isFalse();
		// auth-service has no kit.gateway.* at all.
		assertThat(properties("auth-service").binds("KIT_GATEWAY_AUTHSERVICE_URL")).isFalse();
	}

	@Test
	void aMadeUpVariableInTheComposeFileWouldFailTheCheck() {
		ComposeProject broken = this.compose.copy();
		ComposeProject.map(broken.service("gateway").get("environment")).put("SPRING_DATA_REDIS_HOSTNAME", "redis");
		BootProperties gateway = properties("gateway");
		assertThat(ComposeProject.environment(broken.service("gateway")).keySet())
			.filteredOn((variable) -> !gateway.binds(variable))
			.containsExactly("SPRING_DATA_REDIS_HOSTNAME");
	}

	private BootProperties properties(String module) {
		return PROPERTIES.computeIfAbsent(module,
				(name) -> BootProperties.of(BootProperties.jarOf(this.compose.root, name)));
	}

	/**
	 * YAML files of a bind mount whose target is Spring Boot's default {@code ./config/}
	 * (WORKDIR /app).
	 */
	private List<Path> mountedConfigFiles(Map<String, Object> service) {
		List<Path> files = new ArrayList<>();
		for (Object volume : ComposeProject.list(service.get("volumes"))) {
			String[] parts = volume.toString().split(":");
			if (parts.length >= 2 && parts[1].equals("/app/config")) {
				try (Stream<Path> found = Files.list(this.compose.root.resolve(parts[0]).normalize())) {
					found.filter((file) -> file.toString().matches(".*\\.ya?ml")).forEach(files::add);
				}
				catch (IOException ex) {
					throw new UncheckedIOException(ex);
				}
			}
		}
		return files;
	}

	private static List<String> keys(Path yamlFile) {
		List<String> keys = new ArrayList<>();
		collectKeys("", ComposeProject.parse(yamlFile), keys);
		return keys;
	}

	private static void collectKeys(String prefix, Object node, List<String> keys) {
		if (node instanceof Map<?, ?> map) {
			map.forEach(
					(key, value) -> collectKeys(prefix.isEmpty() ? key.toString() : prefix + "." + key, value, keys));
		}
		else {
			keys.add(prefix);
		}
	}

	private static String read(Path file) {
		try {
			return Files.readString(file);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
