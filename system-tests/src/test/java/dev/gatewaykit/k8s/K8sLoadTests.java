package dev.gatewaykit.k8s;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

import dev.gatewaykit.k8s.K8sDeployment.Variant;
import dev.gatewaykit.k8s.Manifests.Workload;
import dev.gatewaykit.k8s.NetworkPolicies.Pod;
import dev.gatewaykit.launcher.Tools;
import dev.gatewaykit.launcher.gatling.GatlingMain;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The distributed bench's kustomization, deploy/k8s/load: an Indexed Job of N injectors
 * against the stack, each offering its share of the load from its own pod, its window
 * opened on one instant, its run written into its own directory on a shared volume
 * (docs/kubernetes.md). Rendered and validated like the overlays, held to the same
 * lock-down and image rules ({@link K8sSecurityTests}), and checked for what makes the
 * injectors' runs mergeable: one pod per injector at once, a directory per completion
 * index, the settings the launcher and the simulation really read, nginx the only place
 * the injectors may reach.
 */
class K8sLoadTests {

	/** The Job's name in deploy/k8s/load/injectors.yaml. */
	private static final String JOB = "injectors";

	/** The label the injector pods carry. */
	private static final String INJECTOR = "injector";

	/**
	 * Read by the JVM itself, which the launcher's GatlingMain starts and Gatling's
	 * inherits.
	 */
	private static final String JVM_VARIABLE = "JAVA_TOOL_OPTIONS";

	/** The annotation of a pod of an Indexed Job that holds its index. */
	private static final String INDEX_FIELD = "metadata.annotations['batch.kubernetes.io/job-completion-index']";

	/** The simulation's settings: the source of its {@code bench.*} properties. */
	private static final String BENCH_SETTINGS = "gatling/src/main/java/dev/gatewaykit/bench/load/BenchSettings.java";

	/**
	 * A property the reader of BenchSettings asks for: {@code string("baseUrl", ...)}.
	 */
	private static final Pattern PROPERTY_READ = Pattern.compile("\\b(?:string|integer|decimal|epochMs)\\(\"(\\w+)\"");

	/** A system property on a JVM's command line: {@code -Dname=value}. */
	private static final Pattern SYSTEM_PROPERTY = Pattern.compile("-D([^=\\s]+)=");

	@TempDir
	Path tmp;

	@Test
	void rendersAndEveryObjectValidatesAgainstThePinnedKubernetesSchemas() throws IOException {
		Manifests manifests = K8sDeployment.renderedLoad();
		assertThat(manifests.objects).extracting((object) -> object.get("kind"))
			.contains("Job", "Pod", "PersistentVolumeClaim", "ConfigMap", "NetworkPolicy");

		KubernetesTools.Result validation = KubernetesTools
			.validate(Files.writeString(this.tmp.resolve("load.yaml"), manifests.yaml));

		assertThat(validation.out() + validation.err())
			.as("what kubernetes-validate reports for Kubernetes %s", Tools.KUBERNETES_VERSION)
			.isEmpty();
		assertThat(validation.status()).as("kubernetes-validate's exit status").isZero();
	}

	/** As the secrets do: no file, no run, rather than a run on a stale instant. */
	@Test
	void withoutAStartInstantKustomizeRefusesToRender() throws IOException {
		K8sDeployment withoutInstant = K8sDeployment.copy();
		Files.delete(withoutInstant.file(K8sDeployment.WINDOW_FILE));

		KubernetesTools.Result build = withoutInstant.buildLoad();

		assertThat(build.status()).as(build.toString()).isNotZero();
		assertThat(build.err()).contains("window.env");
	}

	@Test
	void theJobRunsEveryInjectorAtOnceOnceEach() {
		assertThat(jobProblems(K8sDeployment.renderedLoad())).isEmpty();
	}

	@Test
	void injectorsLeftToRunOneAfterAnotherWouldFailTheCheck() {
		K8sDeployment broken = K8sDeployment.copy();
		broken.replace("load/injectors.yaml", "  completionMode: Indexed", "  completionMode: NonIndexed");
		broken.replace("load/injectors.yaml", "  parallelism: 2", "  parallelism: 1");
		broken.replace("load/injectors.yaml", "  backoffLimit: 0", "  backoffLimit: 3");

		assertThat(jobProblems(broken.renderLoad())).containsExactlyInAnyOrder(
				"completionMode NonIndexed: the pods have no index to write their directories by",
				"parallelism 1 is not completions 2: some injectors would begin after the instant",
				"backoffLimit 3: a retried injector begins after the instant");
	}

	@Test
	void eachInjectorWritesIntoItsOwnDirectoryOnTheSharedVolume() {
		assertThat(directoryProblems(K8sDeployment.renderedLoad())).isEmpty();
	}

	@Test
	void injectorsWritingIntoOneDirectoryWouldFailTheCheck() {
		K8sDeployment broken = K8sDeployment.copy();
		broken.replace("load/injectors.yaml", "              value: /results/injector-$(JOB_COMPLETION_INDEX)",
				"              value: /results");
		broken.replace("load/results.yaml", "  accessModes: [\"ReadWriteMany\"]", "  accessModes: [\"ReadWriteOnce\"]");

		assertThat(directoryProblems(broken.renderLoad())).containsExactlyInAnyOrder(
				"BENCH_OUT '/results' does not end in the completion index's directory",
				"claim bench-results is not ReadWriteMany: injectors on several nodes cannot all write it");
	}

	@Test
	void theInjectorGetsOnlySettingsTheLauncherAndTheSimulationRead() throws IOException {
		assertThat(settingProblems(K8sDeployment.renderedLoad())).isEmpty();
	}

	@Test
	void aSettingNobodyReadsWouldFailTheCheck() throws IOException {
		K8sDeployment broken = K8sDeployment.copy();
		broken.replace("load/injectors.yaml", "            - name: BENCH_DURATION_SECONDS\n",
				"            - name: BENCH_DURATION\n");
		broken.replace("load/injectors.yaml", "-Dbench.windowStartEpochMs=", "-Dbench.windowStart=");

		assertThat(settingProblems(broken.renderLoad())).containsExactlyInAnyOrder(
				"BENCH_DURATION: neither GatlingMain nor the JVM reads it, and no other variable uses it",
				"-Dbench.windowStart: not a property the simulation reads",
				"no -Dbench.windowStartEpochMs: the windows would not open on one instant");
	}

	@Test
	void theInjectorsReachNginxAndNothingElse() {
		assertThat(flowProblems(K8sDeployment.renderedLoad())).isEmpty();
	}

	@Test
	void aPolicyLettingTheInjectorsReachMallApiWouldFailTheCheck() {
		Map<String, Object> mallApiFromInjectors = policy("""
				apiVersion: networking.k8s.io/v1
				kind: NetworkPolicy
				metadata:
				  name: mall-api-from-injectors
				spec:
				  podSelector:
				    matchLabels:
				      app.kubernetes.io/name: mall-api
				  ingress:
				    - from:
				        - podSelector:
				            matchLabels:
				              app.kubernetes.io/name: injector
				""");
		Map<String, Object> injectorsAnywhere = policy("""
				apiVersion: networking.k8s.io/v1
				kind: NetworkPolicy
				metadata:
				  name: injectors-anywhere
				spec:
				  podSelector:
				    matchLabels:
				      app.kubernetes.io/name: injector
				  policyTypes: ["Egress"]
				  egress:
				    - to:
				        - podSelector: {}
				""");
		Manifests manifests = K8sDeployment.renderedLoad().with(mallApiFromInjectors);

		assertThat(flowProblems(manifests)).as("the injectors' own egress still stops them").isEmpty();
		assertThat(flowProblems(manifests.with(injectorsAnywhere)))
			.containsExactly("injector -> mall-api:8082 is allowed");
	}

	@Test
	void everyImageIsPinnedAndEveryContainerLockedDown() {
		Manifests manifests = K8sDeployment.renderedLoad();

		assertThat(K8sSecurityTests.unpinnedImages(manifests)).isEmpty();
		assertThat(K8sSecurityTests.lockDownProblems(manifests)).isEmpty();
		assertThat(K8sSecurityTests.writtenSecrets(manifests)).isEmpty();
	}

	@Test
	void aMovingTagOrAWritableRootFilesystemWouldFailTheChecks() {
		K8sDeployment broken = K8sDeployment.copy();
		broken.replace("load/kustomization.yaml", "    newTag: 0.1.0-SNAPSHOT", "    newTag: latest");
		broken.replace("load/injectors.yaml", "            readOnlyRootFilesystem: true\n", "");
		Manifests manifests = broken.renderLoad();

		assertThat(K8sSecurityTests.unpinnedImages(manifests)).containsExactlyInAnyOrder(
				"injectors: image 'gateway-perf-kit/gatling:latest' is not tagged with the project's version",
				"bench-results: image 'gateway-perf-kit/gatling:latest' is not tagged with the project's version");
		assertThat(K8sSecurityTests.lockDownProblems(manifests)).containsExactly("injectors: writable root filesystem");
	}

	private static List<String> jobProblems(Manifests manifests) {
		Map<String, Object> spec = Manifests.map(manifests.named("Job", JOB).get("spec"));
		List<String> problems = new ArrayList<>();
		if (!"Indexed".equals(spec.get("completionMode"))) {
			problems.add("completionMode " + spec.get("completionMode")
					+ ": the pods have no index to write their directories by");
		}
		Object completions = spec.get("completions");
		if (!(completions instanceof Number) || !completions.equals(spec.get("parallelism"))) {
			problems.add("parallelism " + spec.get("parallelism") + " is not completions " + completions
					+ ": some injectors would begin after the instant");
		}
		if (!Integer.valueOf(0).equals(spec.get("backoffLimit"))) {
			problems.add("backoffLimit " + spec.get("backoffLimit") + ": a retried injector begins after the instant");
		}
		for (String bound : List.of("activeDeadlineSeconds", "ttlSecondsAfterFinished")) {
			if (!(spec.get(bound) instanceof Number seconds) || seconds.intValue() <= 0) {
				problems.add("no " + bound);
			}
		}
		if (!"Never".equals(Manifests.at(spec, "template", "spec", "restartPolicy"))) {
			problems.add("restartPolicy is not Never: a restarted injector begins after the instant");
		}
		return problems;
	}

	/**
	 * BENCH_OUT is injector-$(JOB_COMPLETION_INDEX) on a ReadWriteMany claim, the index
	 * is the pod's own, and the results' reader mounts the same claim.
	 */
	private static List<String> directoryProblems(Manifests manifests) {
		Workload job = manifests.workload(JOB);
		Map<String, Map<String, Object>> environment = Workload.environment(job.container());
		List<String> problems = new ArrayList<>();
		if (!INDEX_FIELD
			.equals(Manifests.at(environment.get("JOB_COMPLETION_INDEX"), "valueFrom", "fieldRef", "fieldPath"))) {
			problems.add("JOB_COMPLETION_INDEX is not the pod's completion index");
		}
		String out = String.valueOf(Manifests.at(environment.get("BENCH_OUT"), "value"));
		if (!out.endsWith("/injector-$(JOB_COMPLETION_INDEX)")) {
			problems.add("BENCH_OUT '" + out + "' does not end in the completion index's directory");
		}
		String claim = claimMountedAt(job, out);
		String reader = claimMountedAt(manifests.workload("bench-results"), out);
		if (claim == null || !claim.equals(reader)) {
			problems.add("BENCH_OUT '" + out + "' is not on a claim the results' reader mounts there too");
		}
		else {
			Object modes = Manifests.at(manifests.named("PersistentVolumeClaim", claim), "spec", "accessModes");
			if (!Manifests.list(modes).contains("ReadWriteMany")) {
				problems
					.add("claim " + claim + " is not ReadWriteMany: injectors on several nodes cannot all write it");
			}
		}
		return problems;
	}

	/**
	 * The claim of the volume a workload mounts at the directory holding {@code path}.
	 */
	private static String claimMountedAt(Workload workload, String path) {
		for (Object mount : Manifests.list(workload.container().get("volumeMounts"))) {
			String mountPath = String.valueOf(Manifests.map(mount).get("mountPath"));
			if (path.equals(mountPath) || path.startsWith(mountPath + "/")) {
				for (Object volume : Manifests.list(workload.podSpec().get("volumes"))) {
					if (Manifests.map(volume).get("name").equals(Manifests.map(mount).get("name"))) {
						Object claim = Manifests.at(volume, "persistentVolumeClaim", "claimName");
						return (claim != null) ? claim.toString() : null;
					}
				}
			}
		}
		return null;
	}

	/**
	 * Every variable is one GatlingMain reads, or JAVA_TOOL_OPTIONS, or used by another's
	 * {@code $(NAME)}; every {@code -D} property is one the simulation's settings read,
	 * the start instant among them; every ConfigMap key referred to exists.
	 */
	private static List<String> settingProblems(Manifests manifests) throws IOException {
		Map<String, Map<String, Object>> environment = Workload.environment(manifests.workload(JOB).container());
		Set<String> referenced = new LinkedHashSet<>();
		for (Map<String, Object> entry : environment.values()) {
			Matcher reference = K8sEnvironmentTests.REFERENCE.matcher(String.valueOf(entry.get("value")));
			while (reference.find()) {
				referenced.add(reference.group(1));
			}
		}
		List<String> problems = new ArrayList<>();
		environment.forEach((variable, entry) -> {
			if (!GatlingMain.VARIABLES.contains(variable) && !JVM_VARIABLE.equals(variable)
					&& !referenced.contains(variable)) {
				problems.add(variable + ": neither GatlingMain nor the JVM reads it, and no other variable uses it");
			}
			Object key = Manifests.at(entry, "valueFrom", "configMapKeyRef");
			if (key != null && manifests.ofKind("ConfigMap")
				.stream()
				.noneMatch((map) -> Manifests.name(map).equals(Manifests.map(key).get("name"))
						&& Manifests.map(map.get("data")).containsKey(Manifests.map(key).get("key")))) {
				problems.add(variable + ": no ConfigMap holds " + key);
			}
		});
		Set<String> read = simulationProperties();
		Matcher property = SYSTEM_PROPERTY
			.matcher(String.valueOf(Manifests.at(environment.get(JVM_VARIABLE), "value")));
		Set<String> given = new LinkedHashSet<>();
		while (property.find()) {
			given.add(property.group(1));
			if (!read.contains(property.group(1))) {
				problems.add("-D" + property.group(1) + ": not a property the simulation reads");
			}
		}
		if (!given.contains("bench.windowStartEpochMs")) {
			problems.add("no -Dbench.windowStartEpochMs: the windows would not open on one instant");
		}
		return problems;
	}

	private static Map<String, Object> policy(String yaml) {
		return Manifests.map(new Yaml(new SafeConstructor(new LoaderOptions())).load(yaml));
	}

	/** The {@code bench.*} properties the simulation's BenchSettings reads. */
	private static Set<String> simulationProperties() throws IOException {
		String source = Files.readString(K8sDeployment.repositoryRoot().resolve(BENCH_SETTINGS));
		assertThat(source).as(BENCH_SETTINGS).contains("PREFIX = \"bench.\"");
		Set<String> properties = new LinkedHashSet<>();
		Matcher read = PROPERTY_READ.matcher(source);
		while (read.find()) {
			properties.add("bench." + read.group(1));
		}
		assertThat(properties).as("what BenchSettings reads").contains("bench.baseUrl", "bench.durationSeconds");
		return properties;
	}

	/**
	 * The injector against every pod of the fullest variant and its own neighbours, on
	 * every port: nginx's only; and nothing may reach the injector.
	 */
	private static List<String> flowProblems(Manifests load) {
		Manifests manifests = load;
		for (Map<String, Object> object : K8sDeployment.rendered(Variant.FIXED_NACOS_OBSERVABILITY).objects) {
			manifests = manifests.with(object);
		}
		NetworkPolicies policies = new NetworkPolicies(manifests);
		Pod injector = Pod.of(manifests.workload(JOB));
		assertThat(injector.labels()).containsEntry("app.kubernetes.io/name", INJECTOR);
		List<String> problems = new ArrayList<>();
		Pod nginx = Pod.of(manifests.workload("nginx"));
		if (!policies.allows(injector, nginx, nginx.ports().get("http"))) {
			problems.add("injector -> nginx:http is denied");
		}
		List<Pod> pods = new ArrayList<>(manifests.workloads().stream().map(Pod::of).toList());
		for (Pod pod : pods) {
			for (int port : pod.ports().values()) {
				if (!pod.name().equals("nginx") && policies.allows(injector, pod, port)) {
					problems.add("injector -> " + pod.name() + ":" + port + " is allowed");
				}
				for (Pod other : List.of(pod, NetworkPolicies.OUTSIDE)) {
					if (policies.allows(other, injector, port)) {
						problems.add(other.name() + " -> injector:" + port + " is allowed");
					}
				}
			}
		}
		for (int port : List.of(80, 443)) {
			if (policies.allows(injector, NetworkPolicies.OUTSIDE, port)) {
				problems.add("injector -> outside:" + port + " is allowed");
			}
		}
		return problems;
	}

}
