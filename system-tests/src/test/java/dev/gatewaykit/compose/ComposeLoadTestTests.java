package dev.gatewaykit.compose;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.launcher.nginx.NginxConfig.ClientLimits;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code docker-compose.yml} is the production template; load tests on a laptop are an
 * explicit opt-in, {@code docker/compose.load-test.yml} given after it. Without it no
 * service runs with demo users and every login limit is production's (one a second per
 * client address, a burst of 5); with it auth-service creates the demo users the
 * {@code gatling} service logs in, and nginx and the gateway take the bench's limits, the
 * numbers {@code ./kit} gives its own nginx and gateways.
 */
class ComposeLoadTestTests {

	private static final Pattern LOGIN_RATE = Pattern.compile("limit_req_zone \\S+ zone=login:\\S+ rate=(\\d+)r/s;");

	private static final Pattern LOGIN_BURST = Pattern.compile("limit_req zone=login burst=(\\d+) nodelay;");

	private static final Pattern CONNECTIONS = Pattern.compile("limit_conn per_client (\\d+);");

	private static final Map<String, BootProperties> PROPERTIES = new ConcurrentHashMap<>();

	private final ComposeProject production = ComposeProject.load();

	private final ComposeProject loadTest = ComposeProject.loadWith(ComposeProject.LOAD_TEST_FILE);

	@Test
	void theTemplateRunsNoServiceWithDemoUsers() {
		this.production.services().forEach((name, service) -> {
			Map<String, String> environment = ComposeProject.environment(service);
			assertThat(environment).as(name).doesNotContainKeys("SPRING_PROFILES_INCLUDE", "KIT_AUTH_DEMOUSERS_CSV");
			assertThat(environment.getOrDefault("SPRING_PROFILES_ACTIVE", "")).as(name).doesNotContain("demo");
		});
		assertThat(ComposeProject.list(this.production.service("auth-service").get("volumes")))
			.noneMatch((volume) -> volume.toString().startsWith("demo-users:"));
	}

	@Test
	void theLoadTestFileGivesAuthServiceTheDemoUsersTheBenchReads() {
		Map<String, Object> authService = this.loadTest.service("auth-service");
		Map<String, String> environment = ComposeProject.environment(authService);
		String csv = environment.get("KIT_AUTH_DEMOUSERS_CSV");
		String benchCsv = ComposeProject.environment(this.loadTest.service("gatling")).get("BENCH_USERS_CSV");

		assertThat(environment).containsEntry("SPRING_PROFILES_INCLUDE", "demo");
		assertThat(csv).isEqualTo(benchCsv);
		// Both mount the one volume, at the CSV's folder.
		String folder = Path.of(csv).getParent().toString();
		assertThat(ComposeProject.list(authService.get("volumes"))).contains("demo-users:" + folder);
		assertThat(ComposeProject.list(this.loadTest.service("gatling").get("volumes")))
			.contains("demo-users:" + folder + ":ro");
	}

	@Test
	void productionLimitsLoginsToOneASecondWithABurstOfFive() throws IOException {
		String limits = limits("production");

		assertThat(number(LOGIN_RATE, limits)).isEqualTo(1);
		assertThat(number(LOGIN_BURST, limits)).isEqualTo(5);
		assertThat(number(CONNECTIONS, limits)).isBetween(10, 100);
		// The gateway keeps its own defaults, production's: compose sets none.
		assertThat(ComposeProject.environment(this.production.service("gateway")))
			.doesNotContainKeys("KIT_GATEWAY_LOGINRATELIMIT_REPLENISHRATE", "KIT_GATEWAY_LOGINRATELIMIT_BURSTCAPACITY");
		assertThat(nginxMount(this.production)).isEqualTo("./docker/nginx/limits/production:/etc/nginx/limits:ro");
	}

	@Test
	void theLoadTestFileGivesNginxAndTheGatewayTheBenchsLimits() throws IOException {
		String limits = limits("load-test");
		Map<String, String> gateway = ComposeProject.environment(this.loadTest.service("gateway"));

		assertThat(nginxMount(this.loadTest)).isEqualTo("./docker/nginx/limits/load-test:/etc/nginx/limits:ro");
		assertThat(number(LOGIN_RATE, limits)).isEqualTo(ClientLimits.BENCH.loginsPerSecond());
		assertThat(number(LOGIN_BURST, limits)).isEqualTo(ClientLimits.BENCH.loginBurst());
		assertThat(number(CONNECTIONS, limits)).isEqualTo(ClientLimits.BENCH.connections());
		assertThat(gateway)
			.containsEntry("KIT_GATEWAY_LOGINRATELIMIT_REPLENISHRATE",
					String.valueOf(ClientLimits.BENCH.loginsPerSecond()))
			.containsEntry("KIT_GATEWAY_LOGINRATELIMIT_BURSTCAPACITY", String.valueOf(ClientLimits.BENCH.loginBurst()));
	}

	@Test
	void theLoadTestFileKeepsEveryRule() {
		assertThat(ComposeRules.missingFiles(this.loadTest)).isEmpty();
		assertThat(ComposeRules.writtenSecrets(this.loadTest)).isEmpty();
		assertThat(ComposeRules.portsNotOnLoopback(this.loadTest)).isEmpty();
		assertThat(ComposeRules.profileMismatches(this.loadTest)).isEmpty();
		assertThat(ComposeRules.undeclaredDependencies(this.loadTest)).isEmpty();
		this.loadTest.services().forEach((name, service) -> {
			String module = ComposeProject.module(service);
			if (module != null) {
				BootProperties properties = PROPERTIES.computeIfAbsent(module,
						(key) -> BootProperties.of(BootProperties.jarOf(this.loadTest.root, key)));
				assertThat(ComposeProject.environment(service).keySet()).as(name).allMatch(properties::binds);
			}
		});
		// The file only adds to the main one: the same services, nothing published.
		assertThat(this.loadTest.services().keySet()).isEqualTo(this.production.services().keySet());
		assertThat(ComposeProject
			.map(ComposeProject.parse(this.loadTest.root.resolve(ComposeProject.LOAD_TEST_FILE)).get("services"))
			.values()).noneMatch((service) -> ComposeProject.map(service).containsKey("ports"));
	}

	@Test
	void mergingReplacesAMountAtTheSameTargetAndKeepsTheOthers() {
		Map<String, Object> merged = ComposeProject.merge(
				Map.of("services",
						Map.of("nginx",
								Map.of("volumes", List.of("./a:/etc/a:ro", "./b:/etc/b:ro"), "environment",
										Map.of("A", "1")))),
				Map.of("services",
						Map.of("nginx", Map.of("volumes", List.of("./c:/etc/b:ro"), "environment", Map.of("B", "2")))));
		Map<String, Object> nginx = ComposeProject.map(ComposeProject.map(merged.get("services")).get("nginx"));

		assertThat(ComposeProject.list(nginx.get("volumes"))).containsExactly("./a:/etc/a:ro", "./c:/etc/b:ro");
		assertThat(ComposeProject.map(nginx.get("environment"))).containsOnlyKeys("A", "B");
	}

	private static String nginxMount(ComposeProject compose) {
		return ComposeProject.list(compose.service("nginx").get("volumes"))
			.stream()
			.map(Object::toString)
			.filter((volume) -> volume.endsWith(":/etc/nginx/limits:ro"))
			.reduce((first, second) -> first + " and " + second)
			.orElse("none");
	}

	private static String limits(String set) throws IOException {
		Path directory = ComposeProject.repositoryRoot().resolve("docker/nginx/limits").resolve(set);
		return Files.readString(directory.resolve("http.conf")) + Files.readString(directory.resolve("login.conf"));
	}

	private static int number(Pattern directive, String config) {
		Matcher matcher = directive.matcher(config);
		assertThat(matcher.find()).as("%s in %s", directive, config).isTrue();
		return Integer.parseInt(matcher.group(1));
	}

}
