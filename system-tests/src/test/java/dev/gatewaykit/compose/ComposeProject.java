package dev.gatewaykit.compose;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The repository's {@code docker-compose.yml} as Compose sees it: parsed, then
 * interpolated with an empty environment (so every {@code ${VAR:-default}} takes its
 * default), which is the order compose-go applies before validating against the schema.
 * The secrets the file requires ({@code ${VAR:?message}}) get a placeholder each, as an
 * {@code .env} file would give them; {@link #loadStrict(Map)} gives none, as Compose does
 * without {@code .env}. The tests read it through the small accessors here and never
 * mutate it; {@link #copy()} gives a deep copy to break on purpose.
 */
final class ComposeProject {

	/**
	 * {@code ${NAME}}, {@code ${NAME:-default}}, {@code ${NAME-default}}; {@code $$} is a
	 * literal dollar.
	 */
	private static final Pattern VARIABLE = Pattern
		.compile("\\$\\$|\\$\\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}$]*))?}|\\$([A-Za-z_][A-Za-z0-9_]*)");

	/**
	 * {@code ${NAME:?message}} or {@code ${NAME?message}}: Compose refuses to run without
	 * NAME.
	 */
	private static final Pattern REQUIRED = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*):?\\?([^}$]*)}");

	final Path root;

	final Map<String, Object> model;

	/** The file as written, before interpolation. */
	final Map<String, Object> raw;

	private ComposeProject(Path root, Map<String, Object> model, Map<String, Object> raw) {
		this.root = root;
		this.model = model;
		this.raw = raw;
	}

	/** The repository's compose file with the defaults of every variable. */
	static ComposeProject load() {
		return load(Map.of());
	}

	/**
	 * The repository's compose file with some variables set, as from the shell or an
	 * {@code .env} file.
	 */
	static ComposeProject load(Map<String, String> environment) {
		Map<String, String> withSecrets = new LinkedHashMap<>();
		requiredVariables().forEach((name) -> withSecrets.put(name, "placeholder-" + name.toLowerCase()));
		withSecrets.putAll(environment);
		return loadStrict(withSecrets);
	}

	/**
	 * The compose file with exactly these variables; fails like Compose when a required
	 * one is missing or empty.
	 */
	static ComposeProject loadStrict(Map<String, String> environment) {
		Path root = repositoryRoot();
		Map<String, Object> raw = parse(root.resolve("docker-compose.yml"));
		return new ComposeProject(root, interpolate(raw, environment), raw);
	}

	/**
	 * The file given after {@code docker-compose.yml} for load tests on a laptop
	 * ({@code docker compose -f docker-compose.yml -f docker/compose.load-test.yml}).
	 */
	static final String LOAD_TEST_FILE = "docker/compose.load-test.yml";

	/**
	 * The repository's compose file with {@code override} given after it, merged as
	 * Compose merges files, then interpolated like {@link #load()}.
	 */
	static ComposeProject loadWith(String override) {
		Path root = repositoryRoot();
		Map<String, Object> raw = merge(parse(root.resolve("docker-compose.yml")), parse(root.resolve(override)));
		Map<String, String> secrets = new LinkedHashMap<>();
		requiredVariables().forEach((name) -> secrets.put(name, "placeholder-" + name.toLowerCase()));
		return new ComposeProject(root, interpolate(raw, secrets), raw);
	}

	/**
	 * A later compose file merged into an earlier one, by the Compose specification's
	 * rules for what this project's files use: mappings (services, environment) merge key
	 * by key, a service's {@code volumes} merge by mount target (the later file's mount
	 * replaces the earlier one at the same place), {@code command}, {@code entrypoint}
	 * and a healthcheck's {@code test} are replaced, other sequences are appended.
	 */
	@SuppressWarnings("unchecked")
	static Map<String, Object> merge(Map<String, Object> base, Map<String, Object> override) {
		Map<String, Object> merged = deepCopy(base);
		override.forEach((key, value) -> {
			Object earlier = merged.get(key);
			if (earlier instanceof Map<?, ?> map && value instanceof Map<?, ?> later) {
				merged.put(key, merge((Map<String, Object>) map, (Map<String, Object>) later));
			}
			else if (earlier instanceof List<?> list && value instanceof List<?> later
					&& !List.of("command", "entrypoint", "test").contains(key)) {
				List<Object> items = new ArrayList<>(list);
				for (Object item : later) {
					if (key.equals("volumes")) {
						items.removeIf((mount) -> mountTarget(mount).equals(mountTarget(item)));
					}
					if (!items.contains(item)) {
						items.add(item);
					}
				}
				merged.put(key, items);
			}
			else {
				merged.put(key, deepCopy(value));
			}
		});
		return merged;
	}

	/** Where a short-syntax volume ({@code source:target[:mode]}) is mounted. */
	private static String mountTarget(Object volume) {
		String[] parts = volume.toString().split(":");
		return (parts.length > 1) ? parts[1] : parts[0];
	}

	/**
	 * The variables the compose file requires ({@code ${NAME:?...}}) in its values (not
	 * its comments), sorted.
	 */
	static Set<String> requiredVariables() {
		Set<String> names = new TreeSet<>();
		collectRequired(parse(repositoryRoot().resolve("docker-compose.yml")), names);
		return names;
	}

	private static void collectRequired(Object node, Set<String> names) {
		if (node instanceof Map<?, ?> map) {
			map.values().forEach((value) -> collectRequired(value, names));
		}
		else if (node instanceof List<?> list) {
			list.forEach((item) -> collectRequired(item, names));
		}
		else if (node instanceof String text) {
			Matcher required = REQUIRED.matcher(text);
			while (required.find()) {
				names.add(required.group(1));
			}
		}
	}

	static Map<String, Object> parse(Path yamlFile) {
		try {
			return parse(Files.readString(yamlFile));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	static Map<String, Object> parse(String yaml) {
		// SafeConstructor: plain maps, lists and scalars; it also applies YAML merge keys
		// (<<) as Compose does.
		Map<String, Object> parsed = new Yaml(new SafeConstructor(new LoaderOptions())).load(yaml);
		return (parsed != null) ? parsed : new LinkedHashMap<>();
	}

	/**
	 * Set by surefire ({@code ${project.basedir}/..}); otherwise the parent of the
	 * working directory.
	 */
	static Path repositoryRoot() {
		String root = System.getProperty("kit.repository.root");
		Path path = (root != null) ? Path.of(root) : Path.of("").toAbsolutePath().getParent();
		return path.toAbsolutePath().normalize();
	}

	@SuppressWarnings("unchecked")
	static <T> T interpolate(T node, Map<String, String> environment) {
		if (node instanceof Map<?, ?> map) {
			Map<String, Object> result = new LinkedHashMap<>();
			map.forEach((key, value) -> result.put(String.valueOf(key), interpolate(value, environment)));
			return (T) result;
		}
		if (node instanceof List<?> list) {
			List<Object> result = new ArrayList<>();
			list.forEach((item) -> result.add(interpolate(item, environment)));
			return (T) result;
		}
		if (node instanceof String text) {
			return (T) substitute(text, environment);
		}
		return node;
	}

	private static String substitute(String text, Map<String, String> environment) {
		Matcher matcher = VARIABLE.matcher(text);
		StringBuilder result = new StringBuilder();
		while (matcher.find()) {
			String replacement;
			if (matcher.group().equals("$$")) {
				replacement = "$";
			}
			else {
				String name = (matcher.group(1) != null) ? matcher.group(1) : matcher.group(4);
				String value = environment.get(name);
				String operator = matcher.group(2);
				boolean missing = ((operator != null && operator.startsWith(":")) ? (value == null || value.isEmpty())
						: (value == null));
				if (operator != null && operator.endsWith("?") && missing) {
					// ${NAME:?message}: Compose stops with the message.
					throw new MissingVariableException(name, matcher.group(3));
				}
				// ${NAME:-default} replaces an unset or empty value, ${NAME-default} only
				// an unset one.
				boolean useDefault = (operator != null) && operator.endsWith("-") && missing;
				replacement = useDefault ? matcher.group(3) : ((value != null) ? value : "");
			}
			matcher.appendReplacement(result, Matcher.quoteReplacement(replacement));
		}
		matcher.appendTail(result);
		return result.toString();
	}

	ComposeProject copy() {
		return new ComposeProject(this.root, deepCopy(this.model), deepCopy(this.raw));
	}

	/** What Compose reports when a required variable is unset or empty. */
	static final class MissingVariableException extends IllegalStateException {

		final String variable;

		MissingVariableException(String variable, String message) {
			super("required variable " + variable + " is missing a value: " + message);
			this.variable = variable;
		}

	}

	@SuppressWarnings("unchecked")
	private static <T> T deepCopy(T node) {
		if (node instanceof Map<?, ?> map) {
			Map<String, Object> result = new LinkedHashMap<>();
			map.forEach((key, value) -> result.put(String.valueOf(key), deepCopy(value)));
			return (T) result;
		}
		if (node instanceof List<?> list) {
			List<Object> result = new ArrayList<>();
			list.forEach((item) -> result.add(deepCopy(item)));
			return (T) result;
		}
		return node;
	}

	@SuppressWarnings("unchecked")
	Map<String, Map<String, Object>> services() {
		return (Map<String, Map<String, Object>>) this.model.get("services");
	}

	Map<String, Object> service(String name) {
		Map<String, Object> service = services().get(name);
		if (service == null) {
			throw new IllegalArgumentException("docker-compose.yml has no service '" + name + "'");
		}
		return service;
	}

	/**
	 * {@code build.args.MODULE}: which Maven module the service's image is built from, or
	 * {@code null}.
	 */
	static String module(Map<String, Object> service) {
		Object args = map(service.get("build")).get("args");
		Object module = map(args).get("MODULE");
		return (module != null) ? module.toString() : null;
	}

	/**
	 * {@code environment}, in either of its two forms (a map, or a list of
	 * {@code NAME=value}).
	 */
	static Map<String, String> environment(Map<String, Object> service) {
		Map<String, String> result = new LinkedHashMap<>();
		Object environment = service.get("environment");
		if (environment instanceof Map<?, ?> map) {
			map.forEach((key, value) -> result.put(key.toString(), (value != null) ? value.toString() : ""));
		}
		else if (environment instanceof List<?> list) {
			for (Object item : list) {
				String[] pair = item.toString().split("=", 2);
				result.put(pair[0], (pair.length > 1) ? pair[1] : "");
			}
		}
		return result;
	}

	/**
	 * The healthcheck's command without its {@code CMD}/{@code CMD-SHELL} marker; empty
	 * when there is none.
	 */
	static List<String> healthcheck(Map<String, Object> service) {
		Map<String, Object> healthcheck = map(service.get("healthcheck"));
		Object test = healthcheck.get("test");
		if (Boolean.TRUE.equals(healthcheck.get("disable")) || test == null) {
			return List.of();
		}
		List<String> command = new ArrayList<>();
		if (test instanceof List<?> list) {
			list.forEach((item) -> command.add(item.toString()));
		}
		else {
			command.add("CMD-SHELL");
			command.add(test.toString());
		}
		return (command.get(0).equals("NONE")) ? List.of() : command.subList(1, command.size());
	}

	/**
	 * {@code profiles}: the service starts only when one of them is active; none means it
	 * always starts.
	 */
	static List<String> profiles(Map<String, Object> service) {
		return list(service.get("profiles")).stream().map(Object::toString).toList();
	}

	/**
	 * Whether Compose starts the service with these profiles active ({@code --profile},
	 * {@code COMPOSE_PROFILES}).
	 */
	static boolean enabled(Map<String, Object> service, Set<String> activeProfiles) {
		List<String> profiles = profiles(service);
		return profiles.isEmpty() || profiles.stream().anyMatch(activeProfiles::contains);
	}

	/** Every profile some service of the file declares, sorted. */
	Set<String> declaredProfiles() {
		Set<String> profiles = new TreeSet<>();
		services().values().forEach((service) -> profiles.addAll(profiles(service)));
		return profiles;
	}

	/**
	 * {@code depends_on} as dependency name to settings; the short list form (no
	 * settings) becomes empty settings.
	 */
	static Map<String, Map<String, Object>> dependencies(Map<String, Object> service) {
		Map<String, Map<String, Object>> dependencies = new LinkedHashMap<>();
		Object dependsOn = service.get("depends_on");
		list(dependsOn).forEach((name) -> dependencies.put(name.toString(), Map.of()));
		map(dependsOn).forEach((name, settings) -> dependencies.put(name, map(settings)));
		return dependencies;
	}

	/**
	 * A dependency is required unless it says {@code required: false} (Compose 2.20 and
	 * later).
	 */
	static boolean required(Map<String, Object> dependencySettings) {
		return !Boolean.FALSE.equals(dependencySettings.get("required"));
	}

	/**
	 * A one-shot container: it runs to completion ({@code restart: "no"}) and is waited
	 * for, not health-checked.
	 */
	static boolean oneShot(Map<String, Object> service) {
		return "no".equals(String.valueOf(service.get("restart")));
	}

	@SuppressWarnings("unchecked")
	static Map<String, Object> map(Object node) {
		return (node instanceof Map<?, ?>) ? (Map<String, Object>) node : Map.of();
	}

	@SuppressWarnings("unchecked")
	static List<Object> list(Object node) {
		return (node instanceof List<?>) ? (List<Object>) node : List.of();
	}

}
