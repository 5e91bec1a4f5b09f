package dev.gatewaykit.bench.load;

import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;

import org.jspecify.annotations.Nullable;

/**
 * How long a refused client waits before its next request, read from the answer's
 * {@code Retry-After} (RFC 9110 §10.2.3: whole seconds, or an HTTP date) for the statuses
 * that carry it as a request to slow down, 429 and 503. A closed-model user that honours
 * it pauses that long; one that does not loops at once, and against a gateway refusing at
 * its limit a loop of refusals is a load of its own.
 */
public final class RetryAfter {

	/**
	 * The longest wait honoured: a bad clock or a typo in a server's header must not park
	 * a user past the measured window.
	 */
	public static final Duration LONGEST = Duration.ofSeconds(30);

	private RetryAfter() {
	}

	/**
	 * The wait an answer asks for; empty for any other status, no header, or a header
	 * that is neither form (a client ignores what it cannot read).
	 */
	public static Optional<Duration> of(@Nullable Integer status, @Nullable String header, Instant now) {
		if (status == null || (status != 429 && status != 503) || header == null || header.isBlank()) {
			return Optional.empty();
		}
		String value = header.strip();
		Duration wait;
		if (value.chars().allMatch(Character::isDigit)) {
			wait = (value.length() > 6) ? LONGEST : Duration.ofSeconds(Long.parseLong(value));
		}
		else {
			try {
				wait = Duration.between(now, ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME));
			}
			catch (DateTimeParseException ex) {
				return Optional.empty();
			}
		}
		if (wait.isNegative()) {
			return Optional.of(Duration.ZERO);
		}
		return Optional.of((wait.compareTo(LONGEST) > 0) ? LONGEST : wait);
	}

}
