package dev.gatewaykit.bench.options;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParseResult;

/**
 * The options picocli matched on a command line, by name without the dashes: what the
 * option records ({@code BenchOptions}, {@code SoakOptions}, {@code ChaosOptions}) check,
 * with messages that name the option. picocli declares, parses and documents the options;
 * this only hands their values over, so that no list of names is kept twice.
 */
public final class GivenOptions {

	private static final GivenOptions NONE = new GivenOptions(Map.of(), Map.of(), Set.of(), List.of(), List.of());

	private final Map<String, String> values;

	private final Map<String, List<String>> repeated;

	private final Set<String> flags;

	private final List<String> positional;

	private final List<String> unmatched;

	private GivenOptions(Map<String, String> values, Map<String, List<String>> repeated, Set<String> flags,
			List<String> positional, List<String> unmatched) {
		this.values = values;
		this.repeated = repeated;
		this.flags = flags;
		this.positional = positional;
		this.unmatched = List.copyOf(unmatched);
	}

	/** Nothing given: every option at its default. */
	public static GivenOptions none() {
		return NONE;
	}

	/** What the command line of {@code parsed} gave, option by option. */
	public static GivenOptions of(ParseResult parsed) {
		Map<String, String> values = new LinkedHashMap<>();
		Map<String, List<String>> repeated = new LinkedHashMap<>();
		Set<String> flags = new LinkedHashSet<>();
		for (OptionSpec option : parsed.matchedOptions()) {
			if (option.usageHelp()) {
				continue;
			}
			// The first name is the option's own; any other is an alias.
			String name = option.names()[0].replaceFirst("^--?", "");
			if (option.arity().max() == 0) {
				flags.add(name);
			}
			else if (option.isMultiValue()) {
				repeated.put(name, List.copyOf(option.originalStringValues()));
			}
			else {
				values.put(name, option.originalStringValues().get(option.originalStringValues().size() - 1));
			}
		}
		List<String> positional = new ArrayList<>();
		for (PositionalParamSpec parameter : parsed.matchedPositionals()) {
			positional.addAll(parameter.originalStringValues());
		}
		return new GivenOptions(values, repeated, flags, positional, parsed.unmatched());
	}

	/** The options with one value, by name. */
	public Map<String, String> values() {
		return Map.copyOf(this.values);
	}

	/**
	 * What a command that passes arguments through ({@code ./kit test}) did not declare,
	 * in order.
	 */
	public List<String> unmatched() {
		return this.unmatched;
	}

	public boolean flag(String name) {
		return this.flags.contains(name);
	}

	/** Every value of a repeatable option, in order. */
	public List<String> all(String name) {
		return this.repeated.getOrDefault(name, List.of());
	}

	/** The positional word at {@code index}, or {@code fallback}. */
	public String positional(int index, String fallback) {
		return (index < this.positional.size()) ? this.positional.get(index) : fallback;
	}

	public boolean has(String name) {
		return this.values.containsKey(name);
	}

	public String required(String name) {
		String value = this.values.get(name);
		if (value == null || value.isBlank()) {
			throw new UsageException("--" + name + " is required");
		}
		return value;
	}

	public String string(String name, String fallback) {
		return this.values.getOrDefault(name, fallback);
	}

	public Path path(String name) {
		return Path.of(required(name));
	}

	public Path path(String name, Path fallback) {
		return has(name) ? Path.of(this.values.get(name)) : fallback;
	}

	/**
	 * The run's directory: {@code --out}, or one named {@code prefix} and the local time
	 * under the kit's directory; absolute.
	 */
	public Path outDir(Path kitDir, String prefix) {
		return outDir(this.values.get("out"), kitDir, prefix);
	}

	/** {@link #outDir(Path, String)} for a command that merges its options into a map. */
	public static Path outDir(@Nullable String given, Path kitDir, String prefix) {
		Path out = (given != null) ? Path.of(given)
				: kitDir.resolve(prefix + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
		return out.toAbsolutePath().normalize();
	}

	public int integer(String name, int min, int max) {
		return parseInteger(name, required(name), min, max);
	}

	public int integer(String name, int fallback, int min, int max) {
		return has(name) ? parseInteger(name, this.values.get(name), min, max) : fallback;
	}

	public double decimal(String name, double fallback, double min) {
		return decimal(name, fallback, min, Double.MAX_VALUE);
	}

	public double decimal(String name, double min) {
		return decimalWithin(name, min, Double.MAX_VALUE);
	}

	/**
	 * {@code --name}, or {@code fallback} when not given; between {@code min} and
	 * {@code max}.
	 */
	public double decimal(String name, double fallback, double min, double max) {
		return has(name) ? parseDecimal(name, this.values.get(name), min, max) : fallback;
	}

	/** {@code --name}, required, between {@code min} and {@code max}. */
	public double decimalWithin(String name, double min, double max) {
		return parseDecimal(name, required(name), min, max);
	}

	private static double parseDecimal(String name, String raw, double min, double max) {
		double value;
		try {
			value = Double.parseDouble(raw);
		}
		catch (NumberFormatException ex) {
			throw new UsageException("--" + name + " must be a number, was '" + raw + "'");
		}
		if (!(value >= min) || Double.isInfinite(value)) {
			throw new UsageException(
					"--" + name + " must be a number of at least " + trim(min) + ", was '" + raw + "'");
		}
		if (value > max) {
			throw new UsageException("--" + name + " must be at most " + trim(max) + ", was '" + raw + "'");
		}
		return value;
	}

	private static int parseInteger(String name, String raw, int min, int max) {
		int value;
		try {
			value = Integer.parseInt(raw.trim());
		}
		catch (NumberFormatException ex) {
			throw new UsageException("--" + name + " must be a whole number, was '" + raw + "'");
		}
		if (value < min || value > max) {
			throw new UsageException("--" + name + " must be between " + min + " and " + max + ", was " + value);
		}
		return value;
	}

	private static String trim(double value) {
		return (value == Math.rint(value)) ? String.valueOf((long) value) : String.valueOf(value);
	}

}
