package dev.gatewaykit.k8s;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.EnumSource.Mode;
import org.yaml.snakeyaml.Yaml;

import dev.gatewaykit.compose.ComposeRules;
import dev.gatewaykit.compose.ComposeRules.LoadTestChange;
import dev.gatewaykit.k8s.K8sDeployment.Variant;
import dev.gatewaykit.k8s.Manifests.Workload;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * components/load-test is {@code docker/compose.load-test.yml} on Kubernetes: the
 * load-test overlays differ from the production ones they build on by exactly what the
 * compose file changes (each variable with its value, each mount: a repository directory
 * as a ConfigMap of its files, a named volume as an emptyDir, read-only where compose's
 * is) and by nothing else; and no production overlay carries any of it (no demo profile,
 * no demo users, none of the bench's limits).
 */
class K8sLoadTestComponentTests {

	private static final String COMPONENT = "components/load-test";

	/** What docker/compose.load-test.yml changes, service by service. */
	private static final Map<String, LoadTestChange> COMPOSE = ComposeRules.loadTestChanges();

	private static final String COMPOSE_FILE = "docker/compose.load-test.yml";

	@ParameterizedTest(name = "{0}")
	@EnumSource(value = Variant.class, mode = Mode.MATCH_ALL, names = ".*_LOAD_TEST")
	void theLoadTestOverlayChangesWhatTheComposeLoadTestFileChangesAndNothingElse(Variant variant) {
		assertThat(COMPOSE).as("the services %s changes", COMPOSE_FILE).isNotEmpty();
		assertThat(differences(K8sDeployment.rendered(variant), K8sDeployment.rendered(variant.production())))
			.isEmpty();
	}

	@Test
	void aVariableOrValueOtherThanTheComposeFilesWouldFailTheCheck() {
		K8sDeployment broken = K8sDeployment.copy();
		broken.replace(COMPONENT + "/gateway.yaml", "value: \"200\"", "value: \"2000\"");
		broken.replace(COMPONENT + "/auth-service.yaml", "              value: /var/lib/kit/demo-users.csv\n",
				"              value: /var/lib/kit/demo-users.csv\n"
						+ "            - name: KIT_AUTH_DEMOUSERS_COUNT\n              value: \"100\"\n");

		assertThat(differences(broken.render(Variant.FIXED_LOAD_TEST), broken.render(Variant.FIXED)))
			.containsExactlyInAnyOrder(
					"auth-service: sets {KIT_AUTH_DEMOUSERS_COUNT=100, "
							+ "KIT_AUTH_DEMOUSERS_CSV=/var/lib/kit/demo-users.csv, SPRING_PROFILES_INCLUDE=demo}, "
							+ COMPOSE_FILE
							+ " {KIT_AUTH_DEMOUSERS_CSV=/var/lib/kit/demo-users.csv, SPRING_PROFILES_INCLUDE=demo}",
					"gateway: sets {KIT_GATEWAY_LOGINRATELIMIT_BURSTCAPACITY=2000, "
							+ "KIT_GATEWAY_LOGINRATELIMIT_REPLENISHRATE=10}, " + COMPOSE_FILE
							+ " {KIT_GATEWAY_LOGINRATELIMIT_BURSTCAPACITY=200, KIT_GATEWAY_LOGINRATELIMIT_REPLENISHRATE=10}");
	}

	@Test
	void mountsOtherThanTheComposeFilesWouldFailTheCheck() {
		K8sDeployment broken = K8sDeployment.copy();
		broken.replace(COMPONENT + "/nginx/limits/login.conf", "burst=200", "burst=20");
		broken.replace(COMPONENT + "/auth-service.yaml",
				"          volumeMounts:\n            - name: demo-users\n              mountPath: /var/lib/kit\n", "");

		assertThat(differences(broken.render(Variant.FIXED_LOAD_TEST), broken.render(Variant.FIXED)))
			.containsExactlyInAnyOrder(
					"auth-service: nothing at /var/lib/kit (" + COMPOSE_FILE + ": demo-users:/var/lib/kit)",
					"nginx: /etc/nginx/limits does not hold the files of ./docker/nginx/limits/load-test");
	}

	@Test
	void anyOtherChangeWouldFailTheCheck() {
		K8sDeployment broken = K8sDeployment.copy();
		broken.replace(COMPONENT + "/auth-service.yaml", "spec:\n  template:\n", "spec:\n  replicas: 1\n  template:\n");

		assertThat(differences(broken.render(Variant.FIXED_LOAD_TEST), broken.render(Variant.FIXED)))
			.containsExactly("auth-service: changes more than its environment and mounts");
	}

	@ParameterizedTest(name = "{0}")
	@EnumSource(value = Variant.class, mode = Mode.MATCH_NONE, names = ".*_LOAD_TEST")
	void theProductionOverlaysCarryNoneOfTheLoadTestSettings(Variant variant) {
		assertThat(loadTestSettings(K8sDeployment.rendered(variant))).isEmpty();
	}

	@Test
	void aProductionOverlayWithTheComponentWouldFailTheCheck() {
		K8sDeployment broken = K8sDeployment.copy();
		broken.replace("overlays/fixed/kustomization.yaml", "  - ../../base\n",
				"  - ../../base\ncomponents:\n  - ../../" + COMPONENT + "\n");

		assertThat(loadTestSettings(broken.render(Variant.FIXED))).containsExactlyInAnyOrder(
				"auth-service: SPRING_PROFILES_INCLUDE=demo",
				"auth-service: KIT_AUTH_DEMOUSERS_CSV=/var/lib/kit/demo-users.csv",
				"auth-service: a volume at /var/lib/kit, as " + COMPOSE_FILE + "'s demo-users:/var/lib/kit",
				"gateway: KIT_GATEWAY_LOGINRATELIMIT_REPLENISHRATE=10",
				"gateway: KIT_GATEWAY_LOGINRATELIMIT_BURSTCAPACITY=200",
				"nginx: /etc/nginx/limits holds the files of ./docker/nginx/limits/load-test");
	}

	/**
	 * The injectors log in the users auth-service writes: the Job reads its CSV at the
	 * path the load-test overlays' auth-service writes it to (the path docs/kubernetes.md
	 * copies it from), and the Job's ConfigMap holds it under that file's name.
	 */
	@ParameterizedTest(name = "{0}")
	@EnumSource(value = Variant.class, mode = Mode.MATCH_ALL, names = ".*_LOAD_TEST")
	void theInjectorsReadTheDemoUsersWhereAuthServiceWritesThem(Variant variant) {
		assertThat(csvMismatches(K8sDeployment.rendered(variant), K8sDeployment.renderedLoad())).isEmpty();
	}

	@Test
	void injectorsReadingAnotherFileWouldFailTheCheck() {
		K8sDeployment broken = K8sDeployment.copy();
		broken.replace(K8sDeployment.LOAD + "/injectors.yaml", "              value: /var/lib/kit/demo-users.csv\n",
				"              value: /var/lib/kit/users.csv\n");

		assertThat(csvMismatches(K8sDeployment.rendered(Variant.FIXED_LOAD_TEST), broken.renderLoad())).containsExactly(
				"injectors read /var/lib/kit/users.csv, auth-service writes /var/lib/kit/demo-users.csv",
				"injectors: /var/lib/kit/users.csv is not a key of the ConfigMap mounted at /var/lib/kit");
	}

	static List<String> csvMismatches(Manifests stack, Manifests load) {
		List<String> problems = new ArrayList<>();
		String written = String.valueOf(Manifests.at(
				Workload.environment(stack.workload("auth-service").container()).get("KIT_AUTH_DEMOUSERS_CSV"),
				"value"));
		Workload injectors = load.workload("injectors");
		String read = String
			.valueOf(Manifests.at(Workload.environment(injectors.container()).get("BENCH_USERS_CSV"), "value"));
		if (!read.equals(written)) {
			problems.add("injectors read " + read + ", auth-service writes " + written);
		}
		Path csv = Path.of(read);
		Map<String, Object> mount = mounts(injectors).getOrDefault(String.valueOf(csv.getParent()), Map.of());
		String configMap = String.valueOf(Manifests.at(volumes(injectors).get(mount.get("name")), "configMap", "name"));
		if (!configMapData(load, configMap).containsKey(String.valueOf(csv.getFileName()))) {
			problems.add("injectors: " + read + " is not a key of the ConfigMap mounted at " + csv.getParent());
		}
		return problems;
	}

	/**
	 * How a load-test rendering differs from the production one it builds on, other than
	 * as docker/compose.load-test.yml differs from docker-compose.yml: empty when it
	 * changes the same variables to the same values, mounts at the same places what
	 * compose mounts there, and changes nothing else.
	 */
	static List<String> differences(Manifests loadTest, Manifests production) {
		List<String> problems = new ArrayList<>();
		List<String> names = loadTest.workloads().stream().map(Workload::name).toList();
		List<String> productionNames = production.workloads().stream().map(Workload::name).toList();
		if (!names.equals(productionNames)) {
			problems.add("workloads " + names + ", not production's " + productionNames);
		}
		COMPOSE.keySet()
			.stream()
			.filter((service) -> !names.contains(service))
			.forEach((service) -> problems.add(service + ": no such workload"));
		Set<String> mountedConfigMaps = new HashSet<>();
		for (Workload workload : loadTest.workloads()) {
			if (!productionNames.contains(workload.name())) {
				continue;
			}
			Workload original = production.workload(workload.name());
			LoadTestChange change = COMPOSE.getOrDefault(workload.name(), LoadTestChange.NONE);
			environmentDifferences(workload, original, change, problems);
			mountDifferences(loadTest, workload, original, change, problems, mountedConfigMaps);
			if (!withoutEnvironmentAndMounts(workload).equals(withoutEnvironmentAndMounts(original))) {
				problems.add(workload.name() + ": changes more than its environment and mounts");
			}
		}
		// Every other object is production's (a ConfigMap in place of compose's mounted
		// directory has a name of its own: its content's hash).
		if (loadTest.objects.size() != production.objects.size()) {
			problems.add(loadTest.objects.size() + " objects, not production's " + production.objects.size());
		}
		loadTest.objects.stream()
			.filter((object) -> loadTest.workloads().stream().noneMatch((workload) -> workload.object() == object))
			.filter((object) -> !("ConfigMap".equals(object.get("kind"))
					&& mountedConfigMaps.contains(Manifests.name(object))))
			.filter((object) -> !production.objects.contains(object))
			.forEach(
					(object) -> problems.add(object.get("kind") + " " + Manifests.name(object) + ": not production's"));
		return problems;
	}

	private static void environmentDifferences(Workload workload, Workload original, LoadTestChange change,
			List<String> problems) {
		Map<String, Map<String, Object>> environment = Workload.environment(workload.container());
		Map<String, Map<String, Object>> before = Workload.environment(original.container());
		Map<String, String> set = new TreeMap<>();
		environment.forEach((name, entry) -> {
			if (!entry.equals(before.get(name))) {
				set.put(name, String.valueOf(entry.containsKey("value") ? entry.get("value") : entry));
			}
		});
		before.keySet()
			.stream()
			.filter((name) -> !environment.containsKey(name))
			.forEach((name) -> problems.add(workload.name() + ": drops " + name));
		Map<String, String> expected = new TreeMap<>(change.environment());
		if (!set.equals(expected)) {
			problems.add(workload.name() + ": sets " + set + ", " + COMPOSE_FILE + " " + expected);
		}
	}

	private static void mountDifferences(Manifests loadTest, Workload workload, Workload original,
			LoadTestChange change, List<String> problems, Set<String> mountedConfigMaps) {
		Map<String, Map<String, Object>> mounts = mounts(workload);
		Set<String> targets = new HashSet<>();
		for (String volume : change.volumes()) {
			ComposeMount compose = ComposeMount.of(volume);
			targets.add(compose.target());
			Map<String, Object> mount = mounts.get(compose.target());
			if (mount == null) {
				problems.add(workload.name() + ": nothing at " + compose.target() + " (" + COMPOSE_FILE + ": " + volume
						+ ")");
				continue;
			}
			Map<String, Object> podVolume = volumes(workload).getOrDefault(mount.get("name"), Map.of());
			if (compose.directory()) {
				String configMap = String.valueOf(Manifests.at(podVolume, "configMap", "name"));
				mountedConfigMaps.add(configMap);
				if (!configMapData(loadTest, configMap).equals(compose.files())) {
					problems.add(workload.name() + ": " + compose.target() + " does not hold the files of "
							+ compose.source());
				}
			}
			else if (!podVolume.containsKey("emptyDir")) {
				problems.add(workload.name() + ": " + compose.target() + " is not an emptyDir (compose's volume "
						+ compose.source() + ")");
			}
			if (Boolean.TRUE.equals(mount.get("readOnly")) != compose.readOnly()) {
				problems.add(workload.name() + ": " + compose.target() + " readOnly " + mount.get("readOnly") + " ("
						+ COMPOSE_FILE + ": " + volume + ")");
			}
		}
		Map<String, Map<String, Object>> before = mounts(original);
		mounts.forEach((path, mount) -> {
			if (!targets.contains(path) && (!mount.equals(before.get(path))
					|| !volumes(workload).get(mount.get("name")).equals(volumes(original).get(mount.get("name"))))) {
				problems.add(workload.name() + ": changes the mount at " + path);
			}
		});
		before.keySet()
			.stream()
			.filter((path) -> !mounts.containsKey(path))
			.forEach((path) -> problems.add(workload.name() + ": drops the mount at " + path));
	}

	/**
	 * Whatever of a production rendering belongs to the load tests: a variable
	 * docker/compose.load-test.yml sets, with its value; a profile list naming the demo
	 * profile; a demo users' property; a mount of what compose mounts for the load test.
	 */
	static List<String> loadTestSettings(Manifests manifests) {
		List<String> found = new ArrayList<>();
		for (Workload workload : manifests.workloads()) {
			LoadTestChange change = COMPOSE.getOrDefault(workload.name(), LoadTestChange.NONE);
			Workload.environment(workload.container()).forEach((name, entry) -> {
				String value = String.valueOf(entry.get("value"));
				boolean demoProfile = name.startsWith("SPRING_PROFILES_")
						&& Stream.of(value.split(",")).map(String::strip).anyMatch("demo"::equals);
				if (value.equals(change.environment().get(name)) || demoProfile
						|| name.startsWith("KIT_AUTH_DEMOUSERS_")) {
					found.add(workload.name() + ": " + name + "=" + value);
				}
			});
			Map<String, Map<String, Object>> mounts = mounts(workload);
			for (String volume : change.volumes()) {
				ComposeMount compose = ComposeMount.of(volume);
				Map<String, Object> mount = mounts.get(compose.target());
				if (mount == null) {
					continue;
				}
				if (!compose.directory()) {
					found.add(workload.name() + ": a volume at " + compose.target() + ", as " + COMPOSE_FILE + "'s "
							+ volume);
				}
				else if (configMapData(manifests,
						String.valueOf(Manifests.at(volumes(workload).get(mount.get("name")), "configMap", "name")))
					.equals(compose.files())) {
					found.add(workload.name() + ": " + compose.target() + " holds the files of " + compose.source());
				}
			}
		}
		return found;
	}

	/** A container's mounts by path. */
	private static Map<String, Map<String, Object>> mounts(Workload workload) {
		Map<String, Map<String, Object>> mounts = new LinkedHashMap<>();
		for (Object mount : Manifests.list(workload.container().get("volumeMounts"))) {
			mounts.put(String.valueOf(Manifests.map(mount).get("mountPath")), Manifests.map(mount));
		}
		return mounts;
	}

	/** A pod's volumes by name. */
	private static Map<Object, Map<String, Object>> volumes(Workload workload) {
		Map<Object, Map<String, Object>> volumes = new LinkedHashMap<>();
		for (Object volume : Manifests.list(workload.podSpec().get("volumes"))) {
			volumes.put(Manifests.map(volume).get("name"), Manifests.map(volume));
		}
		return volumes;
	}

	private static Map<String, String> configMapData(Manifests manifests, String name) {
		return manifests.ofKind("ConfigMap")
			.stream()
			.filter((configMap) -> name.equals(Manifests.name(configMap)))
			.findFirst()
			.map((configMap) -> Manifests.strings(configMap.get("data")))
			.orElse(Map.of());
	}

	/**
	 * The workload without its containers' environment and mounts and its pod's volumes:
	 * a copy, through YAML, so that the rendered one stays as it is.
	 */
	private static Object withoutEnvironmentAndMounts(Workload workload) {
		Workload copy = Manifests.parse(new Yaml().dump(workload.object())).workloads().get(0);
		copy.podSpec().remove("volumes");
		copy.containers().forEach((container) -> {
			container.remove("env");
			container.remove("volumeMounts");
		});
		return copy.object();
	}

	/**
	 * A mount in Compose's short syntax, {@code SOURCE:TARGET[:MODE]}: a path (a
	 * directory of the repository, relative to the project directory) or a named volume.
	 */
	private record ComposeMount(String source, String target, boolean readOnly) {

		static ComposeMount of(String volume) {
			String[] parts = volume.split(":");
			return new ComposeMount(parts[0], parts[1], parts.length > 2 && parts[2].equals("ro"));
		}

		boolean directory() {
			return this.source.startsWith(".") || this.source.startsWith("/");
		}

		/** A directory's files by name, as a ConfigMap holds them. */
		Map<String, String> files() {
			Map<String, String> files = new TreeMap<>();
			try (Stream<Path> list = Files.list(K8sDeployment.repositoryRoot().resolve(this.source).normalize())) {
				for (Path file : list.filter(Files::isRegularFile).toList()) {
					files.put(file.getFileName().toString(), Files.readString(file));
				}
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
			return files;
		}

	}

}
