package dev.gatewaykit.workflows;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * A GitHub Actions workflow of the repository's {@code .github/workflows}, parsed into
 * plain maps and lists, with the few accessors the tests read it through.
 */
final class Workflow {

	/** Where GitHub looks for workflows, relative to the repository root. */
	static final Path DIRECTORY = Path.of(".github", "workflows");

	final Path file;

	private final Map<?, ?> model;

	private Workflow(Path file, Map<?, ?> model) {
		this.file = file;
		this.model = model;
	}

	/**
	 * Every workflow file, relative to the repository root (GitHub reads {@code .yml} and
	 * {@code .yaml}).
	 */
	static List<Path> files() {
		Path root = repositoryRoot();
		try (Stream<Path> files = Files.list(root.resolve(DIRECTORY))) {
			return files.map(root::relativize)
				.filter((file) -> file.toString().endsWith(".yml") || file.toString().endsWith(".yaml"))
				.sorted()
				.toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** {@code name}, a file of {@link #DIRECTORY}. */
	static Workflow read(String name) {
		Path file = DIRECTORY.resolve(name);
		try {
			Object parsed = new Yaml(new SafeConstructor(new LoaderOptions()))
				.load(Files.readString(repositoryRoot().resolve(file)));
			if (!(parsed instanceof Map<?, ?> map)) {
				throw new IllegalStateException(file + " is not a YAML mapping");
			}
			return new Workflow(file, map);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * The events under {@code on:}, in any of its three forms (a name, a list, a
	 * mapping). SnakeYAML reads YAML 1.1, where a bare {@code on} is the boolean true, so
	 * the key is looked up both ways.
	 */
	Set<String> events() {
		Object on = this.model.containsKey("on") ? this.model.get("on") : this.model.get(Boolean.TRUE);
		Collection<?> events = (on instanceof Map<?, ?> map) ? map.keySet()
				: (on instanceof List<?> list) ? list : (on != null) ? List.of(on) : List.of();
		return events.stream().map(String::valueOf).collect(Collectors.toCollection(TreeSet::new));
	}

	/** Every step of every job, in file order. */
	List<Step> steps() {
		List<Step> steps = new ArrayList<>();
		Object jobs = this.model.get("jobs");
		if (jobs instanceof Map<?, ?> byId) {
			byId.forEach((id, job) -> {
				Object jobSteps = (job instanceof Map<?, ?> fields) ? fields.get("steps") : null;
				if (jobSteps instanceof List<?> list) {
					for (Object step : list) {
						steps.add(new Step(String.valueOf(id), (step instanceof Map<?, ?> map) ? map : Map.of()));
					}
				}
			});
		}
		return steps;
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

	/**
	 * One step.
	 *
	 * @param job the id of its job
	 * @param fields the step as written
	 */
	record Step(String job, Map<?, ?> fields) {

		String name() {
			return text("name").orElse("(unnamed)");
		}

		Optional<String> uses() {
			return text("uses");
		}

		Optional<String> run() {
			return text("run");
		}

		/** The step's {@code if:}, empty when it has none. */
		String condition() {
			return text("if").orElse("");
		}

		Optional<String> workingDirectory() {
			return text("working-directory");
		}

		/** One input of {@code with:}. */
		Optional<String> with(String input) {
			Object with = this.fields.get("with");
			return (with instanceof Map<?, ?> map) ? Optional.ofNullable(map.get(input)).map(String::valueOf)
					: Optional.empty();
		}

		/** One variable of the step's {@code env:}. */
		Optional<String> env(String name) {
			Object env = this.fields.get("env");
			return (env instanceof Map<?, ?> map) ? Optional.ofNullable(map.get(name)).map(String::valueOf)
					: Optional.empty();
		}

		private Optional<String> text(String key) {
			return Optional.ofNullable(this.fields.get(key)).map(String::valueOf);
		}

	}

}
