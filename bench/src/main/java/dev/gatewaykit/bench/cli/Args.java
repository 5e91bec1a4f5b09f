package dev.gatewaykit.bench.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A command's options: {@code --name value} or {@code --name=value}, flags
 * ({@code --quick}), the bare {@code --help}, and as many positional words as the command
 * takes. An option the command does not know, a value given twice (unless the option is
 * repeatable) or a word too many is an error rather than silently ignored.
 */
public final class Args {

	private final Map<String, String> values;

	private final Map<String, List<String>> repeated;

	private final Set<String> flags;

	private final List<String> positional;

	private final boolean help;

	private Args(Map<String, String> values, Map<String, List<String>> repeated, Set<String> flags,
			List<String> positional, boolean help) {
		this.values = values;
		this.repeated = repeated;
		this.flags = flags;
		this.positional = positional;
		this.help = help;
	}

	/**
	 * @param argv the arguments after the command name
	 * @param known the option names the command accepts, without the leading dashes
	 */
	public static Args parse(List<String> argv, Set<String> known) {
		return parse(argv, known, Set.of(), Set.of(), 0);
	}

	/**
	 * @param argv the arguments after the command name
	 * @param known the options with a value, without the leading dashes
	 * @param flagNames the options without a value
	 * @param repeatable the options (of {@code known}) that may be given more than once
	 * @param maxPositional how many words without dashes the command takes
	 */
	public static Args parse(List<String> argv, Set<String> known, Set<String> flagNames, Set<String> repeatable,
			int maxPositional) {
		Map<String, String> values = new LinkedHashMap<>();
		Map<String, List<String>> repeated = new LinkedHashMap<>();
		Set<String> flags = new LinkedHashSet<>();
		List<String> positional = new ArrayList<>();
		boolean help = false;
		for (int i = 0; i < argv.size(); i++) {
			String arg = argv.get(i);
			if (arg.equals("--help") || arg.equals("-h")) {
				help = true;
				continue;
			}
			if (!arg.startsWith("-")) {
				if (positional.size() == maxPositional) {
					throw new UsageException("unexpected argument '" + arg + "'");
				}
				positional.add(arg);
				continue;
			}
			if (!arg.startsWith("--") || arg.length() == 2) {
				throw new UsageException("unexpected argument '" + arg + "'");
			}
			String name = arg.substring(2);
			if (flagNames.contains(name)) {
				flags.add(name);
				continue;
			}
			String value;
			int equals = name.indexOf('=');
			if (equals >= 0) {
				value = name.substring(equals + 1);
				name = name.substring(0, equals);
			}
			else if (known.contains(name) && i + 1 < argv.size()
					&& (!argv.get(i + 1).startsWith("--") || repeatable.contains(name))) {
				// A repeatable option passes arguments through (--gateway-arg --x=y), so
				// its value may start with --.
				value = argv.get(++i);
			}
			else if (!known.contains(name)) {
				throw new UsageException("unknown option --" + name);
			}
			else {
				throw new UsageException("--" + name + " needs a value");
			}
			if (!known.contains(name)) {
				throw new UsageException("unknown option --" + name);
			}
			if (repeatable.contains(name)) {
				repeated.computeIfAbsent(name, (key) -> new ArrayList<>()).add(value);
			}
			else if (values.put(name, value) != null) {
				throw new UsageException("--" + name + " given twice");
			}
		}
		return new Args(values, repeated, flags, positional, help);
	}

	public boolean help() {
		return this.help;
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

	public int integer(String name, int min, int max) {
		return parseInteger(name, required(name), min, max);
	}

	public int integer(String name, int fallback, int min, int max) {
		return has(name) ? parseInteger(name, this.values.get(name), min, max) : fallback;
	}

	public double decimal(String name, double fallback, double min) {
		if (!has(name)) {
			return fallback;
		}
		return decimal(name, min);
	}

	public double decimal(String name, double min) {
		String raw = required(name);
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
