package dev.gatewaykit.k8s;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

import dev.gatewaykit.k8s.K8sDeployment.Variant;
import dev.gatewaykit.k8s.NetworkPolicies.Pod;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The flows the NetworkPolicies allow, evaluated on every rendered variant
 * ({@link NetworkPolicies}): exactly the ones the stack needs, and in particular nothing
 * but the gateway reaches auth-service (whose relay endpoint mints the tokens mall-api
 * trusts) or mall-api, and nothing but Prometheus the gateway's management port (its mode
 * switch). A policy selects ports, not paths: the relay endpoint's path is auth-service's
 * own check.
 */
class K8sNetworkPolicyTests {

	@ParameterizedTest(name = "{0}")
	@EnumSource(Variant.class)
	void everythingIsDeniedUnlessAllowed(Variant variant) {
		assertThat(K8sDeployment.rendered(variant).named("NetworkPolicy", "default-deny")).satisfies((policy) -> {
			assertThat(Manifests.map(Manifests.at(policy, "spec", "podSelector"))).isEmpty();
			assertThat(Manifests.list(Manifests.at(policy, "spec", "policyTypes"))).containsExactlyInAnyOrder("Ingress",
					"Egress");
			assertThat(Manifests.at(policy, "spec", "ingress")).isNull();
			assertThat(Manifests.at(policy, "spec", "egress")).isNull();
		});
	}

	@ParameterizedTest(name = "{0}")
	@EnumSource(Variant.class)
	void theFlowsTheStackNeedsAreAllowed(Variant variant) {
		Manifests manifests = K8sDeployment.rendered(variant);
		List<String> needed = new ArrayList<>(List.of("outside -> nginx:http", "nginx -> gateway:http",
				"gateway -> auth-service:http", "gateway -> mall-api:http", "gateway -> redis:redis",
				"auth-service -> redis:redis", "mall-api -> redis:redis"));
		if (variant.nacos()) {
			for (String client : List.of("gateway", "auth-service", "mall-api")) {
				needed.add(client + " -> nacos:http");
				needed.add(client + " -> nacos:grpc");
			}
		}
		if (variant.observability) {
			needed.addAll(List.of("prometheus -> gateway:management", "grafana -> prometheus:http"));
		}
		assertThat(needed).filteredOn((flow) -> !allowed(manifests, flow)).as("flows the policies deny").isEmpty();
	}

	@ParameterizedTest(name = "{0}")
	@EnumSource(Variant.class)
	void onlyTheGatewayReachesAuthServiceAndMallApiAndOnlyPrometheusItsManagementPort(Variant variant) {
		assertThat(forbiddenFlows(K8sDeployment.rendered(variant))).isEmpty();
	}

	@Test
	void aPolicyLettingNginxReachMallApiWouldFailTheCheck() {
		Map<String, Object> tooWide = Manifests.map(new Yaml(new SafeConstructor(new LoaderOptions())).load("""
				apiVersion: networking.k8s.io/v1
				kind: NetworkPolicy
				metadata:
				  name: mall-api-from-nginx
				spec:
				  podSelector:
				    matchLabels:
				      app.kubernetes.io/name: mall-api
				  ingress:
				    - from:
				        - podSelector:
				            matchLabels:
				              app.kubernetes.io/name: nginx
				"""));
		Manifests manifests = K8sDeployment.rendered(Variant.FIXED).with(tooWide);

		assertThat(forbiddenFlows(manifests)).as("nginx's own egress still stops it").isEmpty();
		Map<String, Object> egress = Manifests.map(new Yaml(new SafeConstructor(new LoaderOptions())).load("""
				apiVersion: networking.k8s.io/v1
				kind: NetworkPolicy
				metadata:
				  name: nginx-to-mall-api
				spec:
				  podSelector:
				    matchLabels:
				      app.kubernetes.io/name: nginx
				  policyTypes: ["Egress"]
				  egress:
				    - to:
				        - podSelector: {}
				"""));
		assertThat(forbiddenFlows(manifests.with(egress))).containsExactly("nginx -> mall-api:8082");
	}

	/**
	 * Every pod (and the outside) against auth-service's and mall-api's ports and the
	 * gateway's management port: allowed for the gateway (resp. Prometheus) only.
	 */
	private static List<String> forbiddenFlows(Manifests manifests) {
		NetworkPolicies policies = new NetworkPolicies(manifests);
		List<Pod> pods = new ArrayList<>(manifests.workloads().stream().map(Pod::of).toList());
		pods.add(NetworkPolicies.OUTSIDE);
		List<String> forbidden = new ArrayList<>();
		Map<String, String> guarded = Map.of("auth-service", "gateway", "mall-api", "gateway", "gateway:management",
				"prometheus");
		for (Pod target : pods) {
			for (Map.Entry<String, Integer> port : target.ports().entrySet()) {
				String only = guarded.getOrDefault(target.name() + ":" + port.getKey(), guarded.get(target.name()));
				if (only == null) {
					continue;
				}
				for (Pod source : pods) {
					if (!source.name().equals(only) && policies.allows(source, target, port.getValue())) {
						forbidden.add(source.name() + " -> " + target.name() + ":" + port.getValue());
					}
				}
			}
		}
		return forbidden;
	}

	/**
	 * "source -> target:portName", source "outside" for a client beyond the namespace.
	 */
	private static boolean allowed(Manifests manifests, String flow) {
		String[] parts = flow.split(" -> |:");
		Pod source = parts[0].equals("outside") ? NetworkPolicies.OUTSIDE : Pod.of(manifests.workload(parts[0]));
		Pod target = Pod.of(manifests.workload(parts[1]));
		Integer port = target.ports().get(parts[2]);
		return port != null && new NetworkPolicies(manifests).allows(source, target, port);
	}

}
