package dev.gatewaykit.bench.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.regex.Pattern;

/**
 * One scrape in the Prometheus text exposition format (version 0.0.4: what a Spring Boot
 * {@code /actuator/prometheus} answers a plain GET with), as its samples: a metric name,
 * its labels and a value.
 * <p>
 * Read as the format defines it, not as a line that happens to look right:
 * <ul>
 * <li>{@code # HELP}, {@code # TYPE}, other comments and blank lines are skipped;</li>
 * <li>a label value is a quoted string in which {@code \"}, {@code \\} and {@code \n} are
 * escapes, so it may hold {@code ,}, <code>}</code>, {@code "} and spaces;</li>
 * <li>a value is a decimal float, {@code NaN}, {@code +Inf} or {@code -Inf};</li>
 * <li>an optional timestamp (milliseconds) may follow the value: it is checked and
 * dropped, since whoever scraped knows when.</li>
 * </ul>
 * A malformed line is skipped, not fatal: one line a newer meter library writes
 * differently, or a scrape cut short mid-line, should not cost the other meters. Whether
 * a meter the caller needs is there is therefore the caller's question: {@link #sum} is
 * empty when it is not. The OpenMetrics format is not read (its exemplars make a line
 * malformed here); the kit's scrapes do not ask for it.
 */
public final class PrometheusText {

	private final List<Sample> samples;

	private PrometheusText(List<Sample> samples) {
		this.samples = List.copyOf(samples);
	}

	/** Reads a scrape; never fails, see the class comment for what is skipped. */
	public static PrometheusText parse(String text) {
		List<Sample> samples = new ArrayList<>();
		for (String line : text.split("\r?\n")) {
			Line.read(line).ifPresent(samples::add);
		}
		return new PrometheusText(samples);
	}

	/** Every sample, in the scrape's order. */
	public List<Sample> samples() {
		return this.samples;
	}

	/**
	 * The samples of one metric, by its exact name (e.g. {@code jvm_memory_used_bytes}),
	 * in the scrape's order.
	 */
	public List<Sample> named(String name) {
		return this.samples.stream().filter((sample) -> sample.name().equals(name)).toList();
	}

	/** The sum of a metric over all its samples; empty when the scrape has none. */
	public OptionalDouble sum(String name) {
		return sum(name, Map.of());
	}

	/**
	 * The sum of a metric over its samples that carry every one of {@code labels} (their
	 * other labels may be anything): {@code sum("jvm_memory_used_bytes", Map.of("area",
	 * "heap"))} adds up the heap pools. Empty when no sample matches.
	 */
	public OptionalDouble sum(String name, Map<String, String> labels) {
		double sum = 0;
		boolean matched = false;
		for (Sample sample : this.samples) {
			if (sample.name().equals(name) && sample.has(labels)) {
				sum += sample.value();
				matched = true;
			}
		}
		return matched ? OptionalDouble.of(sum) : OptionalDouble.empty();
	}

	/**
	 * One line of a scrape.
	 *
	 * @param name the metric name, e.g. {@code kit_requests_total}
	 * @param labels label names to their unescaped values, in the line's order; empty for
	 * a metric without labels
	 * @param value the value, which may be {@code NaN} or infinite
	 */
	public record Sample(String name, Map<String, String> labels, double value) {

		public Sample {
			labels = Collections.unmodifiableMap(new LinkedHashMap<>(labels));
		}

		/** A label's value; empty when the sample has no such label. */
		public Optional<String> label(String label) {
			return Optional.ofNullable(this.labels.get(label));
		}

		/** Whether the sample carries every one of {@code labels}, with those values. */
		public boolean has(Map<String, String> labels) {
			return this.labels.entrySet().containsAll(labels.entrySet());
		}

	}

	/**
	 * Reads one line with a cursor, the way the format's grammar reads: {@code name [ "{"
	 * label="value" { "," label="value" } [ "," ] "}" ] value [ timestamp ]}, blanks
	 * (spaces, tabs) allowed between the parts.
	 */
	private static final class Line {

		private static final Pattern FLOAT = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

		/** Milliseconds since the epoch, short enough to be a long. */
		private static final Pattern TIMESTAMP = Pattern.compile("-?\\d{1,18}");

		private final String text;

		private int at;

		private Line(String text) {
			this.text = text;
		}

		/** The line's sample; empty for a comment, a blank line or a malformed line. */
		static Optional<Sample> read(String text) {
			try {
				return new Line(text).sample();
			}
			catch (Malformed ex) {
				return Optional.empty();
			}
		}

		private Optional<Sample> sample() {
			skipBlanks();
			if (atEnd() || peek() == '#') {
				return Optional.empty();
			}
			String name = name();
			boolean blank = skipBlanks();
			Map<String, String> labels = Map.of();
			if (!atEnd() && peek() == '{') {
				labels = labels();
				skipBlanks();
			}
			else if (!blank) {
				// "name+1" or "name-1" is not a name and a value.
				throw new Malformed();
			}
			double value = value(token());
			skipBlanks();
			if (!atEnd() && !TIMESTAMP.matcher(token()).matches()) {
				throw new Malformed();
			}
			skipBlanks();
			if (!atEnd()) {
				throw new Malformed();
			}
			return Optional.of(new Sample(name, labels, value));
		}

		private String name() {
			int start = this.at;
			if (!(isLetter(peek()) || peek() == ':')) {
				throw new Malformed();
			}
			while (!atEnd() && (isWordChar(peek()) || peek() == ':')) {
				this.at++;
			}
			return this.text.substring(start, this.at);
		}

		private Map<String, String> labels() {
			Map<String, String> labels = new LinkedHashMap<>();
			expect('{');
			skipBlanks();
			while (peek() != '}') {
				String label = labelName();
				skipBlanks();
				expect('=');
				skipBlanks();
				expect('"');
				if (labels.put(label, quoted()) != null) {
					// The same label twice: which one the meter meant is unknowable.
					throw new Malformed();
				}
				skipBlanks();
				if (peek() == ',') {
					this.at++;
					skipBlanks();
				}
				else if (peek() != '}') {
					throw new Malformed();
				}
			}
			expect('}');
			return labels;
		}

		private String labelName() {
			int start = this.at;
			if (!isLetter(peek())) {
				throw new Malformed();
			}
			while (!atEnd() && isWordChar(peek())) {
				this.at++;
			}
			return this.text.substring(start, this.at);
		}

		/** A label value after its opening quote, up to and past its closing quote. */
		private String quoted() {
			StringBuilder value = new StringBuilder();
			while (true) {
				char next = next();
				if (next == '"') {
					return value.toString();
				}
				if (next != '\\') {
					value.append(next);
					continue;
				}
				switch (next()) {
					case '\\' -> value.append('\\');
					case '"' -> value.append('"');
					case 'n' -> value.append('\n');
					default -> throw new Malformed();
				}
			}
		}

		private static double value(String token) {
			return switch (token) {
				case "NaN" -> Double.NaN;
				case "+Inf", "Inf" -> Double.POSITIVE_INFINITY;
				case "-Inf" -> Double.NEGATIVE_INFINITY;
				default -> {
					// Double.parseDouble alone would also take "1d", "0x1p3" and
					// "Infinity".
					if (!FLOAT.matcher(token).matches()) {
						throw new Malformed();
					}
					yield Double.parseDouble(token);
				}
			};
		}

		/** The characters up to the next blank or the end; at least one. */
		private String token() {
			int start = this.at;
			while (!atEnd() && !isBlank(peek())) {
				this.at++;
			}
			if (this.at == start) {
				throw new Malformed();
			}
			return this.text.substring(start, this.at);
		}

		/** Whether there were any. */
		private boolean skipBlanks() {
			int start = this.at;
			while (!atEnd() && isBlank(peek())) {
				this.at++;
			}
			return this.at > start;
		}

		private void expect(char expected) {
			if (next() != expected) {
				throw new Malformed();
			}
		}

		private char next() {
			char next = peek();
			this.at++;
			return next;
		}

		private char peek() {
			if (atEnd()) {
				throw new Malformed();
			}
			return this.text.charAt(this.at);
		}

		private boolean atEnd() {
			return this.at >= this.text.length();
		}

		/** An ASCII letter or {@code _}: what a metric or label name may start with. */
		private static boolean isLetter(char c) {
			return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
		}

		private static boolean isWordChar(char c) {
			return isLetter(c) || (c >= '0' && c <= '9');
		}

		private static boolean isBlank(char c) {
			return c == ' ' || c == '\t';
		}

	}

	/**
	 * A line that does not follow the format; caught per line, so it carries no trace.
	 */
	private static final class Malformed extends RuntimeException {

		Malformed() {
			super(null, null, false, false);
		}

	}

}
