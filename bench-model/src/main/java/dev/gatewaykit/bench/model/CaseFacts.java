package dev.gatewaykit.bench.model;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * What one case directory of a run measured, as the kit writes it in {@code case.json}
 * before the case starts: the analysis groups and labels cases by it (repeats of a mode,
 * points of a sweep, cases of an ablation) instead of reading meaning into directory
 * names.
 *
 * @param schema format version of this file
 * @param kind what the case is part of
 * @param name the case the repeats belong to: the mode for a bench mode or a sweep point,
 * {@code <base>~<knob>} for an ablation case
 * @param mode the mode name the summary carries
 * @param repeat 1.. for a measured repeat; 0 for a run that only warms the backends up
 * @param build the gateway that ran: {@code kit} (the kit's gateway jar), a
 * {@code --gateway-jar} path or a {@code --target-url}
 * @param knobs what the case set apart from its build: an ablation's knob and its
 * setting; empty otherwise
 * @param links the latency the kit added on the gateway's links, ms per round trip
 */
public record CaseFacts(int schema, Kind kind, String name, String mode, int repeat, String build,
		Map<String, String> knobs, Links links) {

	public static final int SCHEMA = 1;

	public static final String FILE = "case.json";

	/**
	 * The knob that says how many gateways served the case, when more than one (a scale
	 * point); absent, one.
	 */
	public static final String GATEWAYS_KNOB = "gateways";

	/**
	 * Directory names of runs saved before {@code case.json}: {@code <mode>_<k>},
	 * {@code <mode>@<n>ms}, {@code <base>~<knob>_<k>}.
	 */
	private static final Pattern LEGACY_SWEEP_POINT = Pattern.compile("^(.+)@(\\d+(?:\\.\\d+)?)ms$");

	private static final Pattern LEGACY_REPEAT = Pattern.compile("^(.+)_(\\d{1,9})$");

	public CaseFacts {
		if (schema > SCHEMA) {
			throw new IllegalArgumentException(
					FILE + " is schema " + schema + ", written by a newer kit (this one reads " + SCHEMA + ")");
		}
		Objects.requireNonNull(kind, "kind");
		Objects.requireNonNull(name, "name");
		Objects.requireNonNull(mode, "mode");
		Objects.requireNonNull(build, "build");
		Objects.requireNonNull(links, "links");
		knobs = (knobs != null) ? Map.copyOf(knobs) : Map.of();
	}

	/** What a case is part of. */
	public enum Kind {

		/** A mode of a bench run (its repeats too, and the ceiling). */
		MODE,

		/** A point of a latency sweep. */
		SWEEP_POINT,

		/**
		 * A point of a scaling curve: a mode with more than one gateway behind nginx
		 * ({@link CaseFacts#GATEWAYS_KNOB}).
		 */
		SCALE_POINT,

		/** A case of an ablation. */
		ABLATION,

		/** The soak's one long case. */
		SOAK;

		@JsonValue
		public String id() {
			return name().toLowerCase(Locale.ROOT).replace('_', '-');
		}

	}

	/**
	 * The latency the kit added on the gateway's links.
	 *
	 * @param redisMs on the Redis link
	 * @param authMs on the auth-service link
	 */
	public record Links(double redisMs, double authMs) {
	}

	/** How many gateways served the case: its {@link #GATEWAYS_KNOB}, else one. */
	public int gateways() {
		return gateways(this.knobs);
	}

	/** How many gateways a case with these knobs has: one without the knob. */
	public static int gateways(Map<String, String> knobs) {
		String count = knobs.get(GATEWAYS_KNOB);
		if (count == null) {
			return 1;
		}
		try {
			int parsed = Integer.parseInt(count);
			if (parsed >= 1) {
				return parsed;
			}
		}
		catch (NumberFormatException ex) {
			// reported below
		}
		throw new BadInputException(
				FILE + ": knob " + GATEWAYS_KNOB + " must be a whole number of at least 1, was '" + count + "'");
	}

	public void write(Path dir) {
		BenchJson.write(dir.resolve(FILE), this);
	}

	/**
	 * The case in {@code dir}: its {@code case.json}, or, for a run saved before the kit
	 * wrote one, what its directory's name says.
	 * @throws BadInputException when {@code case.json} is there but malformed or lacks a
	 * field
	 */
	public static CaseFacts read(Path dir) {
		Path file = dir.resolve(FILE);
		if (Files.isRegularFile(file)) {
			return BenchJson.read(file, CaseFacts.class);
		}
		return fromLegacyName(dir.getFileName().toString());
	}

	/**
	 * What the kit's directory names meant before {@code case.json}; the links are
	 * unknown (0) except a sweep point's auth latency.
	 */
	static CaseFacts fromLegacyName(String directory) {
		Matcher point = LEGACY_SWEEP_POINT.matcher(directory);
		if (point.matches()) {
			return new CaseFacts(SCHEMA, Kind.SWEEP_POINT, point.group(1), point.group(1), 1, "kit", Map.of(),
					new Links(0, Double.parseDouble(point.group(2))));
		}
		Matcher repeat = LEGACY_REPEAT.matcher(directory);
		String name = repeat.matches() ? repeat.group(1) : directory;
		int number = repeat.matches() ? Integer.parseInt(repeat.group(2)) : 1;
		int tilde = name.indexOf('~');
		if (tilde > 0) {
			return new CaseFacts(SCHEMA, Kind.ABLATION, name, name.substring(0, tilde), number, "kit", Map.of(),
					new Links(0, 0));
		}
		return new CaseFacts(SCHEMA, Kind.MODE, name, name, number, "kit", Map.of(), new Links(0, 0));
	}

}
