package dev.gatewaykit.k8s;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import dev.gatewaykit.compose.BootProperties;
import dev.gatewaykit.k8s.K8sDeployment.Variant;
import dev.gatewaykit.k8s.Manifests.Workload;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every environment variable deploy/k8s gives a container means something to it, as
 * compose's are held to (ComposeEnvironmentTests): for the kit's Spring Boot services, a
 * configuration property the packaged service really has, under relaxed binding
 * ({@link BootProperties}); for the other images, a variable the image reads. A typo such
 * as {@code SPRING_DATA_REDIS_HOSTNAME} would otherwise be ignored in silence and the
 * service would talk to 127.0.0.1.
 */
class K8sEnvironmentTests {

	/**
	 * Variables of images we do not build, each read by the image itself: redis-server's
	 * password through the kubelet's {@code $(REDIS_PASSWORD)} in its arguments, and
	 * redis-cli's (the probe's); rnacos's settings (its env_config documentation);
	 * Grafana's GF_&lt;section&gt;_&lt;key&gt; overrides of grafana.ini.
	 */
	private static final Map<String, Set<String>> IMAGE_VARIABLES = Map.of("redis",
			Set.of("REDIS_PASSWORD", "REDISCLI_AUTH"), "nacos",
			Set.of("RNACOS_HTTP_PORT", "RNACOS_GRPC_PORT", "RNACOS_DATA_DIR", "RNACOS_ENABLE_OPEN_API_AUTH",
					"RNACOS_INIT_ADMIN_USERNAME", "RNACOS_INIT_ADMIN_PASSWORD"),
			"grafana",
			Set.of("GF_SECURITY_ADMIN_PASSWORD", "GF_USERS_ALLOW_SIGN_UP", "GF_ANALYTICS_REPORTING_ENABLED"));

	/** {@code $(NAME)}: the kubelet's expansion of a container's own variable. */
	static final Pattern REFERENCE = Pattern.compile("\\$\\(([A-Za-z_][A-Za-z0-9_]*)\\)");

	private static final Map<String, BootProperties> PROPERTIES = new ConcurrentHashMap<>();

	@ParameterizedTest(name = "{0}")
	@EnumSource(Variant.class)
	void everyVariableOfABootServiceBindsToOneOfItsProperties(Variant variant) {
		assertThat(unbound(K8sDeployment.rendered(variant)))
			.as("environment variables that bind to no property of the service")
			.isEmpty();
	}

	@Test
	void aMadeUpVariableWouldFailTheCheck() {
		K8sDeployment broken = K8sDeployment.copy();
		broken.replace("base/gateway.yaml", "            - name: SPRING_DATA_REDIS_HOST\n",
				"            - name: SPRING_DATA_REDIS_HOSTNAME\n");

		assertThat(unbound(broken.render(Variant.FIXED))).containsExactly("gateway: SPRING_DATA_REDIS_HOSTNAME");
	}

	@ParameterizedTest(name = "{0}")
	@EnumSource(Variant.class)
	void imagesWeDoNotBuildOnlyGetVariablesTheyRead(Variant variant) {
		List<String> unexpected = new ArrayList<>();
		for (Workload workload : K8sDeployment.rendered(variant).workloads()) {
			if (workload.module() == null) {
				Set<String> known = IMAGE_VARIABLES.getOrDefault(workload.name(), Set.of());
				Workload.environment(workload.container())
					.keySet()
					.stream()
					.filter((variable) -> !known.contains(variable))
					.forEach((variable) -> unexpected.add(workload.name() + ": " + variable));
			}
		}
		assertThat(unexpected).isEmpty();
	}

	/**
	 * The kubelet expands {@code $(NAME)} in a container's command and arguments only
	 * when NAME is one of its variables, and leaves the text as it is otherwise: Redis
	 * would start with the password "$(REDIS_PASSWORD)".
	 */
	@ParameterizedTest(name = "{0}")
	@EnumSource(Variant.class)
	void everyReferenceInACommandNamesAVariableOfTheContainer(Variant variant) {
		List<String> dangling = new ArrayList<>();
		for (Workload workload : K8sDeployment.rendered(variant).workloads()) {
			Map<String, Object> container = workload.container();
			List<Object> words = new ArrayList<>(Manifests.list(container.get("command")));
			words.addAll(Manifests.list(container.get("args")));
			for (Object word : words) {
				Matcher reference = REFERENCE.matcher(String.valueOf(word));
				while (reference.find()) {
					if (!Workload.environment(container).containsKey(reference.group(1))) {
						dangling.add(workload.name() + ": " + reference.group());
					}
				}
			}
		}
		assertThat(dangling).isEmpty();
	}

	private static List<String> unbound(Manifests manifests) {
		List<String> unbound = new ArrayList<>();
		for (Workload workload : manifests.workloads()) {
			String module = workload.module();
			if (module != null) {
				BootProperties properties = PROPERTIES.computeIfAbsent(module,
						(name) -> BootProperties.of(BootProperties.jarOf(K8sDeployment.repositoryRoot(), name)));
				Workload.environment(workload.container())
					.keySet()
					.stream()
					.filter((variable) -> !properties.binds(variable))
					.forEach((variable) -> unbound.add(workload.name() + ": " + variable));
			}
		}
		return unbound;
	}

}
