package dev.gatewaykit.compose;

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
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The house rules for {@code docker-compose.yml}, each a function from the project to the
 * list of what breaks it (empty when the rule holds), so that the tests can run every
 * rule on the real file and on a copy broken on purpose. Service-by-service reasons live
 * in the compose file's comments; docs/docker.md explains the rules.
 */
public final class ComposeRules {

	/**
	 * {@code name:tag} or {@code name@sha256:...}; the tag must name a version, not a
	 * moving target.
	 */
	private static final Pattern IMAGE = Pattern
		.compile("(?<name>[^@]+?)(?::(?<tag>[^:/@]+))?(?:@(?<digest>sha256:[0-9a-f]{64}))?");

	/**
	 * Environment variables that carry a secret: passwords, client secrets, tokens,
	 * private keys, Nacos's server identity value, redis-cli's password.
	 */
	public static final Pattern SECRET_NAME = Pattern
		.compile(".*(PASSWORD|SECRET|TOKEN|PRIVATEKEY|PRIVATE_KEY|IDENTITY_VALUE|REDISCLI_AUTH).*");

	/** A value that is one required variable and nothing else. */
	private static final Pattern REQUIRED_VARIABLE = Pattern.compile("\\$\\{[A-Za-z_][A-Za-z0-9_]*:?\\?[^}]*}");

	private static final Pattern FROM = Pattern
		.compile("(?im)^FROM\\s+(?:--platform=\\S+\\s+)?(\\S+)(?:\\s+AS\\s+(\\S+))?");

	private ComposeRules() {
	}

	/**
	 * Every image, in the compose file and in the FROM lines of the Dockerfiles it
	 * builds, names a fixed version.
	 */
	static List<String> unpinnedImages(ComposeProject compose) {
		List<String> problems = new ArrayList<>();
		compose.services().forEach((name, service) -> {
			Object image = service.get("image");
			if (image != null) {
				checkImage(name, image.toString(), problems);
			}
			else if (service.get("build") == null) {
				problems.add(name + ": neither image nor build");
			}
			if (service.get("build") != null) {
				Path dockerfile = dockerfile(compose, service);
				if (Files.isRegularFile(dockerfile)) {
					Set<String> stages = new HashSet<>();
					Matcher from = FROM.matcher(read(dockerfile));
					while (from.find()) {
						if (!stages.contains(from.group(1))) {
							checkImage(name + " (" + compose.root.relativize(dockerfile) + ")", from.group(1),
									problems);
						}
						if (from.group(2) != null) {
							stages.add(from.group(2));
						}
					}
				}
			}
		});
		return problems;
	}

	/**
	 * Adds a problem unless {@code image} names a fixed version: a major.minor.patch tag
	 * or a digest (deploy/k8s is held to the same rule).
	 */
	public static void checkImage(String where, String image, List<String> problems) {
		Matcher matcher = IMAGE.matcher(image);
		if (!matcher.matches()) {
			problems.add(where + ": cannot read image reference '" + image + "'");
			return;
		}
		String tag = matcher.group("tag");
		// A full major.minor.patch: "7" or "1.28" move with every release of their line,
		// "latest" with every release.
		if (matcher.group("digest") == null && (tag == null || !tag.matches("v?\\d+\\.\\d+\\.\\d+.*"))) {
			problems.add(where + ": image '" + image + "' is not pinned (a major.minor.patch tag or a digest)");
		}
	}

	/**
	 * Every long-running service has a healthcheck; one-shot services
	 * ({@code restart: "no"}) are waited for.
	 */
	static List<String> missingHealthchecks(ComposeProject compose) {
		List<String> problems = new ArrayList<>();
		compose.services().forEach((name, service) -> {
			if (!ComposeProject.oneShot(service) && ComposeProject.healthcheck(service).isEmpty()) {
				problems.add(name + ": no healthcheck");
			}
		});
		return problems;
	}

	/**
	 * Every dependency waits for the dependency to be healthy, and that dependency has a
	 * healthcheck; the one exception is a one-shot dependency, which is waited for until
	 * it has completed successfully.
	 */
	static List<String> weakDependencies(ComposeProject compose) {
		List<String> problems = new ArrayList<>();
		compose.services().forEach((name, service) -> {
			Object dependsOn = service.get("depends_on");
			if (dependsOn instanceof List<?>) {
				problems.add(name + ": depends_on without conditions only waits for the containers to start");
				return;
			}
			ComposeProject.map(dependsOn).forEach((dependency, settings) -> {
				Map<String, Object> target = compose.services().get(dependency);
				String condition = String.valueOf(ComposeProject.map(settings).get("condition"));
				if (target == null) {
					problems.add(name + ": depends on unknown service " + dependency);
				}
				else if (ComposeProject.oneShot(target)) {
					if (!condition.equals("service_completed_successfully")) {
						problems.add(name + " -> " + dependency
								+ ": a one-shot service needs service_completed_successfully");
					}
				}
				else if (!condition.equals("service_healthy")) {
					problems.add(name + " -> " + dependency + ": condition " + condition + ", not service_healthy");
				}
				else if (ComposeProject.healthcheck(target).isEmpty()) {
					problems.add(name + " -> " + dependency + ": service_healthy on a service without healthcheck");
				}
			});
		});
		return problems;
	}

	/**
	 * Profiles and {@code depends_on.required} agree. For every combination of the
	 * profiles the file declares (none at all being plain {@code docker compose up}),
	 * each dependency of a service that starts either starts too or is marked
	 * {@code required: false}: Compose refuses the whole project when a required
	 * dependency is left out by the profiles ("depends on undefined service"). And
	 * {@code required: false} only goes on a dependency some profile can leave out: on
	 * one that always starts it would only turn that service failing to start into a
	 * warning.
	 */
	static List<String> profileMismatches(ComposeProject compose) {
		List<String> problems = new ArrayList<>();
		Set<String> reported = new HashSet<>();
		// Each pair once, with the first combination that breaks it (the empty one, plain
		// `up`, comes first).
		for (Set<String> active : combinations(compose.declaredProfiles())) {
			compose.services().forEach((name, service) -> {
				if (!ComposeProject.enabled(service, active)) {
					return;
				}
				ComposeProject.dependencies(service).forEach((dependency, settings) -> {
					Map<String, Object> target = compose.services().get(dependency);
					if (target != null && ComposeProject.required(settings) && !ComposeProject.enabled(target, active)
							&& reported.add(name + " -> " + dependency)) {
						problems.add(name + " -> " + dependency + ": required, but "
								+ (active.isEmpty() ? "with no profile active" : "with profiles " + active) + " "
								+ dependency + " does not start");
					}
				});
			});
		}
		compose.services()
			.forEach((name, service) -> ComposeProject.dependencies(service).forEach((dependency, settings) -> {
				Map<String, Object> target = compose.services().get(dependency);
				if (target != null && !ComposeProject.required(settings) && ComposeProject.profiles(target).isEmpty()) {
					problems.add(name + " -> " + dependency + ": required: false, but " + dependency
							+ " has no profile and always starts");
				}
			}));
		return problems;
	}

	/** Every subset of the profiles, the empty one first. */
	private static List<Set<String>> combinations(Set<String> profiles) {
		List<String> all = new ArrayList<>(profiles);
		List<Set<String>> combinations = new ArrayList<>();
		for (int bits = 0; bits < (1 << all.size()); bits++) {
			Set<String> combination = new TreeSet<>();
			for (int i = 0; i < all.size(); i++) {
				if ((bits & (1 << i)) != 0) {
					combination.add(all.get(i));
				}
			}
			combinations.add(combination);
		}
		return combinations;
	}

	/**
	 * A service whose environment points at another one by host name ({@code redis},
	 * {@code nacos:8848}, {@code http://toxiproxy:18081}) depends on it, so that it waits
	 * for it, in whichever profiles that one runs.
	 */
	static List<String> undeclaredDependencies(ComposeProject compose) {
		List<String> problems = new ArrayList<>();
		compose.services().forEach((name, service) -> {
			Map<String, List<String>> named = new LinkedHashMap<>();
			ComposeProject.environment(service).forEach((variable, value) -> {
				// A user name is no address, even one that is a service's name too
				// (Nacos's
				// admin user is called nacos).
				if (variable.endsWith("USERNAME")) {
					return;
				}
				for (String other : compose.services().keySet()) {
					if (!other.equals(name) && Pattern.compile("(?:^|://)" + Pattern.quote(other) + "(?::\\d+|/|$)")
						.matcher(value)
						.find()) {
						named.computeIfAbsent(other, (key) -> new ArrayList<>()).add(variable);
					}
				}
			});
			Set<String> dependencies = ComposeProject.dependencies(service).keySet();
			named.forEach((other, variables) -> {
				if (!dependencies.contains(other)) {
					problems.add(name + ": " + String.join(", ", variables) + " points at " + other + ", but " + name
							+ " does not depend on it");
				}
			});
		});
		return problems;
	}

	/** Nothing is published beyond the host's loopback interface. */
	static List<String> portsNotOnLoopback(ComposeProject compose) {
		List<String> problems = new ArrayList<>();
		compose.services().forEach((name, service) -> {
			for (Object port : ComposeProject.list(service.get("ports"))) {
				String hostIp = (port instanceof Map<?, ?> map) ? String.valueOf(map.get("host_ip"))
						: hostIpOfShortSyntax(port.toString());
				if (!"127.0.0.1".equals(hostIp)) {
					problems.add(name + ": port " + port + " is published on " + hostIp + ", not 127.0.0.1");
				}
			}
		});
		return problems;
	}

	/**
	 * Only the way in publishes ports: every other service is reached on the compose
	 * network alone (actuators, Redis, Nacos's API and console, toxiproxy's API).
	 */
	static List<String> portsOutsideTheWayIn(ComposeProject compose, Set<String> wayIn) {
		List<String> problems = new ArrayList<>();
		compose.services().forEach((name, service) -> {
			if (!wayIn.contains(name) && !ComposeProject.list(service.get("ports")).isEmpty()) {
				problems.add(name + ": publishes " + service.get("ports") + "; only " + wayIn + " may");
			}
		});
		return problems;
	}

	/**
	 * No secret is written in the file: every environment variable named like one
	 * ({@link #SECRET_NAME}) and every {@code --requirepass} argument is exactly a
	 * required variable, {@code ${NAME:?message}}, so that Compose refuses to start
	 * without it instead of falling back to a value everyone can read here.
	 */
	static List<String> writtenSecrets(ComposeProject compose) {
		List<String> problems = new ArrayList<>();
		ComposeProject.map(compose.raw.get("services")).forEach((name, node) -> {
			Map<String, Object> service = ComposeProject.map(node);
			ComposeProject.environment(service).forEach((variable, value) -> {
				if (SECRET_NAME.matcher(variable).matches() && !REQUIRED_VARIABLE.matcher(value).matches()) {
					problems.add(name + ": " + variable + " is not a required variable (${NAME:?...}): " + value);
				}
			});
			List<Object> command = ComposeProject.list(service.get("command"));
			for (int i = 0; i < command.size() - 1; i++) {
				if ("--requirepass".equals(command.get(i))
						&& !REQUIRED_VARIABLE.matcher(command.get(i + 1).toString()).matches()) {
					problems.add(name + ": --requirepass is not a required variable (${NAME:?...})");
				}
			}
		});
		return problems;
	}

	/**
	 * {@code [HOST_IP:][HOST_PORT:]CONTAINER_PORT[/PROTOCOL]}: only the three-part form
	 * carries an address.
	 */
	private static String hostIpOfShortSyntax(String port) {
		String[] parts = port.split("/")[0].split(":");
		return (parts.length == 3) ? parts[0] : "every interface";
	}

	/**
	 * Every service has a CPU and a memory limit, so that runs are repeatable and one
	 * container cannot starve the rest.
	 */
	static List<String> missingLimits(ComposeProject compose) {
		List<String> problems = new ArrayList<>();
		compose.services().forEach((name, service) -> {
			Map<String, Object> limits = ComposeProject
				.map(ComposeProject.map(ComposeProject.map(service.get("deploy")).get("resources")).get("limits"));
			if (limits.get("cpus") == null && service.get("cpus") == null) {
				problems.add(name + ": no CPU limit");
			}
			if (limits.get("memory") == null && service.get("mem_limit") == null) {
				problems.add(name + ": no memory limit");
			}
		});
		return problems;
	}

	/**
	 * Every file or folder the compose file points at exists: build contexts,
	 * Dockerfiles, bind-mount sources.
	 */
	static List<String> missingFiles(ComposeProject compose) {
		List<String> problems = new ArrayList<>();
		compose.services().forEach((name, service) -> {
			Object build = service.get("build");
			if (build != null) {
				Path context = compose.root.resolve((build instanceof String path) ? path
						: String.valueOf(ComposeProject.map(build).getOrDefault("context", ".")));
				requireExists(compose, name, context, problems);
				requireExists(compose, name, dockerfile(compose, service), problems);
			}
			for (Object volume : ComposeProject.list(service.get("volumes"))) {
				String source = (volume instanceof Map<?, ?> map) ? String.valueOf(map.get("source"))
						: volume.toString().split(":")[0];
				// Named volumes have no path; ./target/... is bench output, created on
				// first use.
				if ((source.startsWith("./") || source.startsWith("/")) && !source.startsWith("./target/")) {
					requireExists(compose, name, compose.root.resolve(source).normalize(), problems);
				}
			}
			for (Object envFile : ComposeProject.list(service.get("env_file"))) {
				requireExists(compose, name, compose.root.resolve(envFile.toString()), problems);
			}
		});
		return problems;
	}

	private static void requireExists(ComposeProject compose, String service, Path path, List<String> problems) {
		if (!Files.exists(path)) {
			problems
				.add(service + ": " + compose.root.relativize(path.toAbsolutePath().normalize()) + " does not exist");
		}
	}

	static Path dockerfile(ComposeProject compose, Map<String, Object> service) {
		Object build = service.get("build");
		Map<String, Object> settings = ComposeProject.map(build);
		String context = (build instanceof String path) ? path : String.valueOf(settings.getOrDefault("context", "."));
		return compose.root.resolve(context)
			.resolve(String.valueOf(settings.getOrDefault("dockerfile", "Dockerfile")))
			.normalize();
	}

	static String read(Path file) {
		try {
			return Files.readString(file);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * What {@code docker/compose.load-test.yml} changes, service by service: the file on
	 * its own, parsed and interpolated as the compose tests read it
	 * ({@link ComposeProject}), before Compose merges it into {@code docker-compose.yml}.
	 * For deploy/k8s's load-test component, which must change the same and nothing else.
	 * @return each service the file names, in the file's order
	 */
	public static Map<String, LoadTestChange> loadTestChanges() {
		Path root = ComposeProject.repositoryRoot();
		Map<String, Object> file = ComposeProject
			.interpolate(ComposeProject.parse(root.resolve(ComposeProject.LOAD_TEST_FILE)), Map.of());
		Map<String, LoadTestChange> changes = new LinkedHashMap<>();
		ComposeProject.map(file.get("services")).forEach((name, node) -> {
			Map<String, Object> service = ComposeProject.map(node);
			changes.put(name, new LoadTestChange(ComposeProject.environment(service),
					ComposeProject.list(service.get("volumes")).stream().map(Object::toString).toList()));
		});
		return changes;
	}

	/**
	 * What the load-test file changes in one service.
	 *
	 * @param environment the variables it sets, with their values
	 * @param volumes its mounts in Compose's short syntax, {@code SOURCE:TARGET[:MODE]}
	 */
	public record LoadTestChange(Map<String, String> environment, List<String> volumes) {

		/** What the file changes in a service it does not name. */
		public static final LoadTestChange NONE = new LoadTestChange(Map.of(), List.of());

	}

}
