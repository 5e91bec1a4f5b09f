package dev.gatewaykit.k8s;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

import dev.gatewaykit.k8s.K8sDeployment.Variant;
import dev.gatewaykit.k8s.Manifests.Workload;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * deploy/k8s's configuration files against the compose ones they come from: nginx's tuned
 * configuration is docker/nginx/tuned.conf with a short list of changes for the cluster,
 * and the files kustomize cannot read from outside deploy/k8s (the per-client limits,
 * Grafana's provisioning and dashboard) are exact copies. The names and ports in them are
 * the rendered Services'.
 */
class K8sNginxConfigTests {

	private static final String CONF = "deploy/k8s/base/nginx/nginx.conf";

	/**
	 * Each directive of docker/nginx/tuned.conf that differs on Kubernetes, and what it
	 * is there (base/nginx/nginx.conf's header says why).
	 */
	private static final Map<String, String> CHANGED = Map.of("pid /var/run/nginx.pid;", "pid /tmp/nginx.pid;",
			"resolver 127.0.0.11 valid=5s ipv6=off;",
			"resolver kube-dns.kube-system.svc.cluster.local valid=5s ipv6=off;", "server gateway:8080 resolve;",
			"server gateway-headless.gateway-kit.svc.cluster.local:8080 resolve;", "listen 80 backlog=4096;",
			"listen 8080 backlog=4096;");

	/** Directives of docker/nginx/tuned.conf that nginx on Kubernetes leaves out. */
	private static final List<String> LEFT_OUT = List.of("include /etc/nginx/kit.d/*.conf;");

	private static final Pattern UPSTREAM = Pattern
		.compile("(?m)^\\s*server ([a-z0-9-]+)\\.([a-z0-9-]+)\\.svc\\.cluster\\.local:(\\d+) resolve;");

	@Test
	void nginxIsTheComposeTunedConfigurationWithTheClustersChangesOnly() {
		Path root = K8sDeployment.repositoryRoot();
		List<String> expected = new ArrayList<>();
		for (String directive : directives(read(root.resolve("docker/nginx/tuned.conf")))) {
			if (!LEFT_OUT.contains(directive)) {
				expected.add(CHANGED.getOrDefault(directive, directive));
			}
		}
		assertThat(directives(read(root.resolve(CONF)))).containsExactlyElementsOf(expected);
	}

	/**
	 * The upstream is the gateway's headless Service, by the name nginx's resolver can
	 * find (no search domains: the namespace everything is rendered into), on the
	 * gateway's public port; nginx listens on the port its container and Service open,
	 * and its probes ask it for the location it answers itself.
	 */
	@ParameterizedTest(name = "{0}")
	@EnumSource(Variant.class)
	void nginxReachesEveryReadyGatewayPodAndIsReachedOnItsListenPort(Variant variant) {
		Manifests manifests = K8sDeployment.rendered(variant);
		String conf = read(K8sDeployment.repositoryRoot().resolve(CONF));
		Matcher upstream = UPSTREAM.matcher(conf);
		assertThat(upstream.find()).as("an upstream server by its cluster DNS name in %s", CONF).isTrue();
		Map<String, Object> service = manifests.named("Service", upstream.group(1));
		assertThat(Manifests.at(service, "spec", "clusterIP")).as("a headless Service").isEqualTo("None");
		assertThat(manifests.workload("gateway").podLabels())
			.containsAllEntriesOf(Manifests.strings(Manifests.at(service, "spec", "selector")));
		assertThat(upstream.group(2)).isEqualTo(K8sDeployment.NAMESPACE);
		assertThat(Integer.parseInt(upstream.group(3))).isEqualTo(K8sPortsTests.serverPort("gateway"));

		Workload nginx = manifests.workload("nginx");
		int listen = nginx.ports().get("http");
		assertThat(conf).containsPattern("(?m)^\\s*listen " + listen + "[ ;]");
		assertThat(Manifests.at(nginx.container(), "readinessProbe", "httpGet", "path")).isEqualTo("/nginx-health");
		assertThat(conf).contains("location = /nginx-health {");
	}

	/** Everything namespaced is in the namespace nginx.conf names. */
	@ParameterizedTest(name = "{0}")
	@EnumSource(Variant.class)
	void everyObjectIsInTheKitsNamespace(Variant variant) {
		assertThat(K8sDeployment.rendered(variant).objects)
			.filteredOn((object) -> !"Namespace".equals(object.get("kind")))
			.allSatisfy((object) -> assertThat(Manifests.at(object, "metadata", "namespace")).as(Manifests.name(object))
				.isEqualTo(K8sDeployment.NAMESPACE));
	}

	@ParameterizedTest(name = "{0} is a copy of {1}")
	@CsvSource({ "deploy/k8s/base/nginx/limits/http.conf, docker/nginx/limits/production/http.conf",
			"deploy/k8s/base/nginx/limits/login.conf, docker/nginx/limits/production/login.conf",
			"deploy/k8s/components/load-test/nginx/limits/http.conf, docker/nginx/limits/load-test/http.conf",
			"deploy/k8s/components/load-test/nginx/limits/login.conf, docker/nginx/limits/load-test/login.conf",
			"deploy/k8s/components/observability/grafana/gateway.json, docker/grafana/dashboards/gateway.json",
			"deploy/k8s/components/observability/grafana/dashboards.yml, docker/grafana/provisioning/dashboards/kit.yml",
			"deploy/k8s/components/observability/grafana/datasources.yml, "
					+ "docker/grafana/provisioning/datasources/prometheus.yml" })
	void filesKustomizeCannotReachAreExactCopiesOfTheComposeOnes(String copy, String original) {
		Path root = K8sDeployment.repositoryRoot();
		assertThat(read(root.resolve(copy))).isEqualTo(read(root.resolve(original)));
	}

	/**
	 * Prometheus finds the gateways the way nginx does, and scrapes the actuator's port.
	 */
	@Test
	void prometheusScrapesEveryGatewayPodsManagementPort() {
		Manifests manifests = K8sDeployment.rendered(Variant.FIXED_OBSERVABILITY);
		String config = read(
				K8sDeployment.repositoryRoot().resolve("deploy/k8s/components/observability/prometheus.yml"));
		Matcher names = Pattern.compile("names: \\[([a-z0-9-]+)]\\s+type: A\\s+port: (\\d+)").matcher(config);
		assertThat(names.find()).as("a DNS service discovery of the gateways").isTrue();
		assertThat(Manifests.at(manifests.named("Service", names.group(1)), "spec", "clusterIP")).isEqualTo("None");
		assertThat(Integer.parseInt(names.group(2)))
			.isEqualTo(K8sPortsTests.at(K8sPortsTests.applicationYml("gateway"), "management.server.port"));
	}

	/**
	 * The lines nginx reads, comments and blank lines left out, leading space trimmed.
	 */
	private static List<String> directives(String conf) {
		return conf.lines().map(String::strip).filter((line) -> !line.isEmpty() && !line.startsWith("#")).toList();
	}

	static String read(Path file) {
		try {
			return Files.readString(file);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
