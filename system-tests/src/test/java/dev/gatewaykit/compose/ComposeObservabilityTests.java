package dev.gatewaykit.compose;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Prometheus and Grafana in {@code docker-compose.yml} (profile {@code observability}):
 * Prometheus scrapes the gateway where its actuator really listens, the gateway's
 * management port is open to the compose network and to nothing else, and Grafana's
 * dashboard parses, queries metrics of jobs Prometheus has, on the datasource that is
 * provisioned, from files that are mounted where the provisioning looks. (That the
 * gateway serves every metric the dashboard queries is checked against a running gateway
 * in the gateway module's ObservabilityIntegrationTests.)
 */
class ComposeObservabilityTests {

	/**
	 * A metric selector as the dashboard writes it: {@code name{job="..."...}}; every
	 * query names its job, so a metric is always tied to what scrapes it.
	 */
	private static final Pattern SELECTOR = Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)\\{job=\"([^\"]+)\"");

	/**
	 * Every metric name the expression could mean: identifiers outside quotes and label
	 * braces.
	 */
	private static final Pattern BARE_METRIC = Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)\\s*\\{");

	private final ComposeProject compose = ComposeProject.load();

	private final Map<String, Object> prometheus = ComposeProject
		.parse(this.compose.root.resolve("docker/prometheus/prometheus.yml"));

	@Test
	void prometheusScrapesEveryGatewayReplicaOnItsManagementPort() {
		Map<String, Object> gatewayYml = ComposeProject
			.parse(this.compose.root.resolve("gateway/src/main/resources/application.yml"));
		Object managementPort = ComposeProject.map(ComposeProject.map(gatewayYml.get("management")).get("server"))
			.get("port");
		Map<String, Object> job = job("gateway");
		assertThat(job).containsEntry("metrics_path", "/actuator/prometheus");
		Map<String, Object> dns = ComposeProject.map(ComposeProject.list(job.get("dns_sd_configs")).get(0));
		assertThat(dns).containsEntry("names", List.of("gateway"))
			.containsEntry("type", "A")
			.containsEntry("port", managementPort);
		// The actuator listens on the compose network (the default binds it to the
		// container's loopback, out of Prometheus's reach) and is published nowhere.
		Map<String, Object> gateway = this.compose.service("gateway");
		assertThat(ComposeProject.environment(gateway)).containsEntry("MANAGEMENT_SERVER_ADDRESS", "0.0.0.0");
		assertThat(gateway).doesNotContainKey("ports");
		assertThat(ComposeProject.dependencies(this.compose.service("prometheus"))).containsKey("gateway");
	}

	@Test
	void theDashboardQueriesScrapedJobsOnTheProvisionedDatasource() throws IOException {
		String uid = String.valueOf(
				ComposeProject.map(
						ComposeProject
							.list(ComposeProject
								.parse(this.compose.root
									.resolve("docker/grafana/provisioning/datasources/prometheus.yml"))
								.get("datasources"))
							.get(0))
					.get("uid"));
		assertThat(dashboardProblems(dashboard(), uid, jobs())).isEmpty();
	}

	@Test
	void aWrongDatasourceOrJobWouldFailTheCheck() throws IOException {
		String json = Files.readString(this.compose.root.resolve("docker/grafana/dashboards/gateway.json"))
			.replaceFirst("\"uid\": \"kit-prometheus\"", "\"uid\": \"other\"")
			.replaceFirst("\\{job=\\\\\"gateway\\\\\"", "{job=\\\\\"mall-api\\\\\"")
			.replaceFirst("kit_thread_cpu_seconds_total\\{job=\\\\\"gateway\\\\\"", "kit_thread_cpu_seconds_total{");
		List<String> problems = dashboardProblems(JsonMapper.builder().build().readTree(json), "kit-prometheus",
				jobs());
		assertThat(problems).hasSize(3)
			.anySatisfy((problem) -> assertThat(problem).contains("datasource other"))
			.anySatisfy((problem) -> assertThat(problem).contains("job mall-api"))
			.anySatisfy((problem) -> assertThat(problem).contains("kit_thread_cpu_seconds_total without a job"));
	}

	@Test
	void grafanaFindsTheProvisioningAndTheDashboardsWhereComposeMountsThem() {
		List<Object> volumes = ComposeProject.list(this.compose.service("grafana").get("volumes"));
		assertThat(volumes).contains("./docker/grafana/provisioning:/etc/grafana/provisioning:ro");
		String dashboards = String
			.valueOf(
					ComposeProject
						.map(ComposeProject.map(
								ComposeProject
									.list(ComposeProject
										.parse(this.compose.root
											.resolve("docker/grafana/provisioning/dashboards/kit.yml"))
										.get("providers"))
									.get(0))
							.get("options"))
						.get("path"));
		assertThat(volumes).contains("./docker/grafana/dashboards:" + dashboards + ":ro");
		assertThat(this.compose.root.resolve("docker/grafana/dashboards/gateway.json")).isRegularFile();
		assertThat(ComposeProject.profiles(this.compose.service("grafana"))).containsExactly("observability");
		assertThat(ComposeProject.profiles(this.compose.service("prometheus"))).containsExactly("observability");
	}

	private JsonNode dashboard() throws IOException {
		return JsonMapper.builder()
			.build()
			.readTree(Files.readString(this.compose.root.resolve("docker/grafana/dashboards/gateway.json")));
	}

	private Set<String> jobs() {
		Set<String> jobs = new TreeSet<>();
		ComposeProject.list(this.prometheus.get("scrape_configs"))
			.forEach((job) -> jobs.add(String.valueOf(ComposeProject.map(job).get("job_name"))));
		return jobs;
	}

	private Map<String, Object> job(String name) {
		for (Object job : ComposeProject.list(this.prometheus.get("scrape_configs"))) {
			if (name.equals(ComposeProject.map(job).get("job_name"))) {
				return ComposeProject.map(job);
			}
		}
		throw new AssertionError("docker/prometheus/prometheus.yml has no job " + name);
	}

	private static List<String> dashboardProblems(JsonNode dashboard, String datasourceUid, Set<String> jobs) {
		List<String> problems = new ArrayList<>();
		JsonNode panels = dashboard.path("panels");
		if (panels.isEmpty()) {
			problems.add("no panels");
		}
		for (JsonNode panel : panels) {
			String title = panel.path("title").asString();
			String uid = panel.path("datasource").path("uid").asString();
			if (!uid.equals(datasourceUid)) {
				problems.add(title + ": datasource " + uid + ", not the provisioned " + datasourceUid);
			}
			for (JsonNode target : panel.path("targets")) {
				String expr = target.path("expr").asString();
				Matcher selector = SELECTOR.matcher(expr);
				while (selector.find()) {
					if (!jobs.contains(selector.group(2))) {
						problems.add(title + ": " + selector.group(1) + " of job " + selector.group(2)
								+ ", which Prometheus does not scrape");
					}
				}
				Matcher metric = BARE_METRIC.matcher(expr);
				while (metric.find()) {
					if (!expr.startsWith("{job=", metric.end() - 1)) {
						problems.add(title + ": " + metric.group(1) + " without a job");
					}
				}
			}
		}
		return problems;
	}

}
