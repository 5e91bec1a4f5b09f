package dev.gatewaykit.bench.cli;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A command's options: {@code --name value} or {@code --name=value}, plus the bare {@code --help}. Nothing else: no
 * positional arguments, no repeated options, so a typo is an error rather than a silently ignored word.
 */
public final class Args {

	private final Map<String, String> values;

	private final boolean help;

	private Args(Map<String, String> values, boolean help) {
		this.values = values;
		this.help = help;
	}

	/**
	 * @param argv the arguments after the command name
	 * @param known the option names the command accepts, without the leading dashes
	 */
	public static Args parse(List<String> argv, Set<String> known) {
		Map<String, String> values = new LinkedHashMap<>();
		boolean help = false;
		for (int i = 0; i < argv.size(); i++) {
			String arg = argv.get(i);
			if (arg.equals("--help") || arg.equals("-h")) {
				help = true;
				continue;
			}
			if (!arg.startsWith("--") || arg.length() == 2) {
				throw new UsageException("unexpected argument '" + arg + "'");
			}
			String name = arg.substring(2);
			String value;
			int equals = name.indexOf('=');
			if (equals >= 0) {
				value = name.substring(equals + 1);
				name = name.substring(0, equals);
			}
			else if (i + 1 < argv.size() && !argv.get(i + 1).startsWith("--")) {
				value = argv.get(++i);
			}
			else {
				throw new UsageException("--" + name + " needs a value");
			}
			if (!known.contains(name)) {
				throw new UsageException("unknown option --" + name);
			}
			if (values.put(name, value) != null) {
				throw new UsageException("--" + name + " given twice");
			}
		}
		return new Args(values, help);
	}

	public boolean help() {
		return this.help;
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
			throw new UsageException("--" + name + " must be a number of at least " + trim(min) + ", was '" + raw + "'");
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
