package dev.gatewaykit.bench.load;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

/**
 * A request file's path, header value or body, with placeholders filled in for each
 * request:
 * <ul>
 * <li>{@code {random:MIN..MAX}}: a whole number drawn uniformly from MIN to MAX, both
 * included; each placeholder draws its own;</li>
 * <li>{@code {token}}: the virtual user's token.</li>
 * </ul>
 * Any other brace is text, so a JSON body needs no escaping ({@code {"id":
 * {random:1..9}}} is a placeholder inside JSON), but a word in braces that is not a
 * placeholder, {@code {tokn}}, is refused as the typo it most likely is.
 */
public final class Template {

	/** What the error messages list. */
	public static final String PLACEHOLDERS = "{random:MIN..MAX}, {token}";

	private static final Pattern PLACEHOLDER = Pattern.compile("\\{([A-Za-z]+)(?::([^{}]*))?}");

	private static final Pattern RANGE = Pattern.compile("(-?\\d+)\\.\\.(-?\\d+)");

	private final String text;

	private final List<Part> parts;

	private Template(String text, List<Part> parts) {
		this.text = text;
		this.parts = parts;
	}

	/**
	 * Reads {@code text}.
	 * @throws IllegalArgumentException naming the placeholder that is wrong and what is
	 * allowed
	 */
	public static Template parse(String text) {
		List<Part> parts = new ArrayList<>();
		Matcher matcher = PLACEHOLDER.matcher(text);
		int end = 0;
		while (matcher.find()) {
			if (matcher.start() > end) {
				parts.add(new Text(text.substring(end, matcher.start())));
			}
			parts.add(placeholder(matcher.group(), matcher.group(1), matcher.group(2)));
			end = matcher.end();
		}
		if (end < text.length()) {
			parts.add(new Text(text.substring(end)));
		}
		return new Template(text, List.copyOf(parts));
	}

	private static Part placeholder(String placeholder, String name, @Nullable String argument) {
		if (name.equals("token")) {
			if (argument != null) {
				throw new IllegalArgumentException(placeholder + ": {token} takes no argument");
			}
			return new Token();
		}
		if (name.equals("random")) {
			Matcher range = RANGE.matcher((argument != null) ? argument.strip() : "");
			if (!range.matches()) {
				throw new IllegalArgumentException(
						placeholder + ": a random number needs a range of whole numbers, e.g. {random:1..10000}");
			}
			int min = bound(placeholder, range.group(1));
			int max = bound(placeholder, range.group(2));
			if (min > max) {
				throw new IllegalArgumentException(
						placeholder + ": the range's MIN " + min + " is above its MAX " + max);
			}
			return new Random(min, max);
		}
		throw new IllegalArgumentException("unknown placeholder " + placeholder + "; allowed: " + PLACEHOLDERS);
	}

	private static int bound(String placeholder, String number) {
		try {
			return Integer.parseInt(number);
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException(placeholder + ": " + number
					+ " is out of range; MIN and MAX lie between " + Integer.MIN_VALUE + " and " + Integer.MAX_VALUE);
		}
	}

	/** Whether it has a {@code {token}}. */
	public boolean usesToken() {
		return this.parts.stream().anyMatch(Token.class::isInstance);
	}

	/**
	 * The text with its placeholders filled in.
	 * @param token the virtual user's token; {@code null} when the load has none, which a
	 * template with {@code {token}} must not be given
	 */
	public String expand(RandomGenerator random, @Nullable String token) {
		StringBuilder out = new StringBuilder();
		for (Part part : this.parts) {
			part.append(out, random, token);
		}
		return out.toString();
	}

	/** The text as written, placeholders included. */
	@Override
	public String toString() {
		return this.text;
	}

	private interface Part {

		void append(StringBuilder out, RandomGenerator random, @Nullable String token);

	}

	private record Text(String text) implements Part {

		@Override
		public void append(StringBuilder out, RandomGenerator random, @Nullable String token) {
			out.append(this.text);
		}

	}

	private record Random(int min, int max) implements Part {

		@Override
		public void append(StringBuilder out, RandomGenerator random, @Nullable String token) {
			// long: MAX + 1 overflows an int at Integer.MAX_VALUE.
			out.append(random.nextLong(this.min, (long) this.max + 1));
		}

	}

	private record Token() implements Part {

		@Override
		public void append(StringBuilder out, RandomGenerator random, @Nullable String token) {
			if (token == null) {
				throw new IllegalStateException("{token} without a token");
			}
			out.append(token);
		}

	}

}
