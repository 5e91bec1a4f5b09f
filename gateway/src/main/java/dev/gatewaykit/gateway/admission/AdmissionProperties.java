package dev.gatewaykit.gateway.admission;

import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import java.util.function.IntUnaryOperator;

import com.netflix.concurrency.limits.limit.functions.SquareRootFunction;

import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.util.pattern.PathPatternParser;
import org.springframework.web.util.pattern.PatternParseException;

/**
 * The gateway's adaptive concurrency limit ({@link AdmissionWebFilter}): Netflix's
 * gradient algorithm ({@code Gradient2Limit}) over windows of measured response times
 * ({@code WindowedLimit}). The limit grows while the recent response time stays within
 * {@code rttTolerance} of the long-term one, and shrinks when requests start to queue.
 * <p>
 * {@code minLimit} keeps a gateway that has just started (its JIT still compiling, every
 * response slow) serving while it warms. {@code initialLimit} starts above the steady
 * concurrency the gateway is expected to carry (the bench's 150 users), since the limit
 * grows only while half of it is in use. {@code rttFloor} keeps a fast route's relative
 * jitter from shrinking the limit ({@link RttFloorLimit}).
 *
 * @param enabled whether requests are limited at all (docs/overload.md)
 * @param initialLimit the limit a freshly started gateway begins with
 * @param minLimit the limit never falls below this
 * @param maxLimit nor rises above this
 * @param rttTolerance how many times the long-term response time the recent one may be
 * before the limit shrinks
 * @param rttFloor response times below this read as this: the limit shrinks only once
 * requests queue for longer
 * @param window the shortest span of response times averaged into one sample: one slow
 * request (a GC pause) must not move the limit
 * @param retryAfter what a refused client is told to wait ({@code Retry-After})
 * @param unsampledPaths path patterns admitted and limited like any other whose response
 * times the limit does not learn from: a backend slow by design and bounded there (the
 * login's BCrypt check)
 * @param queueSize how much the limit may grow a window while response times hold:
 * {@code sqrt} (the default), the library's {@code SquareRootFunction} (the square root
 * of the limit, at least 4), or a whole number (the library's default, 4: a limit of 200
 * then takes over four minutes to double, docs/overload.md step 9); a fifth of it is
 * added each window
 * @param edgeCap how many requests in progress the edge in front lets through to this
 * instance (nginx's {@code limit_conn}), 0 when none: the limit starts no lower than it
 * (nor above {@code maxLimit}), so that a fresh instance, slower than a warm one and
 * needing more requests in progress for the same rate, is refused by the edge alone until
 * its own limit has learned from answers
 */
@Validated
@ConfigurationProperties("kit.gateway.admission")
public record AdmissionProperties(@DefaultValue("true") boolean enabled, @DefaultValue("200") @Min(1) int initialLimit,
		@DefaultValue("20") @Min(1) int minLimit, @DefaultValue("1000") @Min(1) int maxLimit,
		@DefaultValue("2.0") @DecimalMin("1.0") double rttTolerance, @DefaultValue("50ms") @NotNull Duration rttFloor,
		@DefaultValue("1s") @NotNull Duration window, @DefaultValue("1s") @NotNull Duration retryAfter,
		@DefaultValue("/api/auth/oauth/token") @NotNull List<String> unsampledPaths,
		@DefaultValue(AdmissionProperties.SQUARE_ROOT) @NotNull String queueSize,
		@DefaultValue("0") @Min(0) int edgeCap) {

	/** The {@code queue-size} that follows the limit, rather than a fixed number. */
	public static final String SQUARE_ROOT = "sqrt";

	public AdmissionProperties {
		if (minLimit > initialLimit || initialLimit > maxLimit) {
			throw new IllegalArgumentException("kit.gateway.admission needs min-limit (" + minLimit
					+ ") <= initial-limit (" + initialLimit + ") <= max-limit (" + maxLimit + ")");
		}
		unsampledPaths = List.copyOf(unsampledPaths);
		for (String path : unsampledPaths) {
			try {
				PathPatternParser.defaultInstance.parse(path);
			}
			catch (PatternParseException ex) {
				throw new IllegalArgumentException("kit.gateway.admission.unsampled-paths: " + path
						+ " is not a path pattern (" + ex.getMessage() + ")", ex);
			}
		}
		if (rttFloor.isNegative()) {
			throw new IllegalArgumentException("kit.gateway.admission.rtt-floor must not be negative, was " + rttFloor);
		}
		if (window.isNegative() || window.isZero()) {
			throw new IllegalArgumentException("kit.gateway.admission.window must be positive, was " + window);
		}
		queueSize = queueSize.strip();
		if (!queueSize.equals(SQUARE_ROOT) && !(queueSize.matches("\\d{1,4}") && Integer.parseInt(queueSize) >= 1)) {
			throw new IllegalArgumentException("kit.gateway.admission.queue-size must be " + SQUARE_ROOT
					+ " or a whole number from 1 to 9999, was '" + queueSize + "'");
		}
	}

	/**
	 * The limit a freshly started gateway begins with: {@code initialLimit}, or the
	 * edge's cap when that is higher, at most {@code maxLimit}.
	 */
	public int startingLimit() {
		return Math.min(this.maxLimit, Math.max(this.initialLimit, this.edgeCap));
	}

	/** {@link #queueSize()} as the gradient takes it: a function of the current limit. */
	public IntUnaryOperator queueSizeFunction() {
		if (this.queueSize.equals(SQUARE_ROOT)) {
			Function<Integer, Integer> root = SquareRootFunction.create(4);
			return root::apply;
		}
		int fixed = Integer.parseInt(this.queueSize);
		return (limit) -> fixed;
	}

}
