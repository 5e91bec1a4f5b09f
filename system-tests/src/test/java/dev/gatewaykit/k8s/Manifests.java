package dev.gatewaykit.k8s;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

import static org.assertj.core.api.Assertions.fail;

/**
 * The objects one overlay renders to, as plain maps and lists (what SnakeYAML reads), and
 * the few ways the tests look into them: by kind and name, and the pod templates of the
 * workloads with their containers.
 */
final class Manifests {

	/** The kinds that carry a pod template, and the bare pod. */
	private static final List<String> WORKLOADS = List.of("Deployment", "StatefulSet", "Job", "Pod");

	final String yaml;

	final List<Map<String, Object>> objects;

	private Manifests(String yaml, List<Map<String, Object>> objects) {
		this.yaml = yaml;
		this.objects = objects;
	}

	static Manifests parse(String yaml) {
		List<Map<String, Object>> objects = new ArrayList<>();
		for (Object document : new Yaml(new SafeConstructor(new LoaderOptions())).loadAll(yaml)) {
			if (document != null) {
				objects.add(map(document));
			}
		}
		return new Manifests(yaml, objects);
	}

	/**
	 * This plus one more object (a broken copy for the tests that prove a check fires).
	 */
	Manifests with(Map<String, Object> object) {
		List<Map<String, Object>> more = new ArrayList<>(this.objects);
		more.add(object);
		return new Manifests(this.yaml, more);
	}

	List<Map<String, Object>> ofKind(String kind) {
		return this.objects.stream().filter((object) -> kind.equals(object.get("kind"))).toList();
	}

	Map<String, Object> named(String kind, String name) {
		return ofKind(kind).stream()
			.filter((object) -> name.equals(name(object)))
			.findFirst()
			.orElseGet(() -> fail("no " + kind + " " + name + " in the rendered objects"));
	}

	List<Workload> workloads() {
		return this.objects.stream()
			.filter((object) -> WORKLOADS.contains(String.valueOf(object.get("kind"))))
			.map((object) -> new Workload(String.valueOf(object.get("kind")), name(object), object))
			.toList();
	}

	Workload workload(String name) {
		return workloads().stream()
			.filter((workload) -> workload.name().equals(name))
			.findFirst()
			.orElseGet(() -> fail("no workload " + name + " in the rendered objects"));
	}

	static String name(Map<String, Object> object) {
		return String.valueOf(map(object.get("metadata")).get("name"));
	}

	/** The node at a path of map keys, or null where the path ends early. */
	static Object at(Object node, String... path) {
		Object current = node;
		for (String key : path) {
			if (!(current instanceof Map<?, ?> map)) {
				return null;
			}
			current = map.get(key);
		}
		return current;
	}

	@SuppressWarnings("unchecked")
	static Map<String, Object> map(Object node) {
		return (node instanceof Map<?, ?>) ? (Map<String, Object>) node : new LinkedHashMap<>();
	}

	@SuppressWarnings("unchecked")
	static List<Object> list(Object node) {
		return (node instanceof List<?>) ? (List<Object>) node : new ArrayList<>();
	}

	/** Label or selector pairs as strings. */
	static Map<String, String> strings(Object node) {
		Map<String, String> strings = new LinkedHashMap<>();
		map(node).forEach((key, value) -> strings.put(key, String.valueOf(value)));
		return strings;
	}

	/**
	 * A Deployment, StatefulSet or Job, or a bare Pod.
	 *
	 * @param kind its kind
	 * @param name its name
	 * @param object the whole object
	 */
	record Workload(String kind, String name, Map<String, Object> object) {

		Map<String, Object> podSpec() {
			return map(pod().get("spec"));
		}

		Map<String, String> podLabels() {
			return strings(at(pod(), "metadata", "labels"));
		}

		/** The pod: the object itself, or its template. */
		private Map<String, Object> pod() {
			return "Pod".equals(this.kind) ? this.object : map(at(this.object, "spec", "template"));
		}

		List<Map<String, Object>> containers() {
			return list(podSpec().get("containers")).stream().map(Manifests::map).toList();
		}

		/** The one container (every workload of deploy/k8s has one). */
		Map<String, Object> container() {
			List<Map<String, Object>> containers = containers();
			if (containers.size() != 1) {
				fail(this.name + " has " + containers.size() + " containers, not one");
			}
			return containers.get(0);
		}

		/** Container port numbers by name, over all containers. */
		Map<String, Integer> ports() {
			Map<String, Integer> ports = new LinkedHashMap<>();
			for (Map<String, Object> container : containers()) {
				for (Object port : list(container.get("ports"))) {
					ports.put(String.valueOf(map(port).get("name")),
							((Number) map(port).get("containerPort")).intValue());
				}
			}
			return ports;
		}

		/**
		 * The kit's module this runs ({@code gateway-perf-kit/<module>:tag}), or null.
		 */
		String module() {
			String image = String.valueOf(container().get("image"));
			return image.startsWith(K8sDeployment.KIT_IMAGE_PREFIX)
					? image.substring(K8sDeployment.KIT_IMAGE_PREFIX.length()).split(":")[0] : null;
		}

		/** Environment variables by name, each its whole entry (value or valueFrom). */
		static Map<String, Map<String, Object>> environment(Map<String, Object> container) {
			Map<String, Map<String, Object>> environment = new LinkedHashMap<>();
			for (Object variable : list(container.get("env"))) {
				environment.put(String.valueOf(map(variable).get("name")), map(variable));
			}
			return environment;
		}

	}

}
