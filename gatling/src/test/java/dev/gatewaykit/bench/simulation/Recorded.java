package dev.gatewaykit.bench.simulation;

import static io.gatling.javaapi.core.CoreDsl.responseTimeInMillis;
import static io.gatling.javaapi.http.HttpDsl.header;
import static io.gatling.javaapi.http.HttpDsl.status;

import java.time.Duration;

import dev.gatewaykit.bench.load.BenchSettings;
import dev.gatewaykit.bench.load.MeasurementRecorder;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.http.HttpRequestActionBuilder;

/**
 * What the recorder keeps of each request, its status and response time, carried from
 * Gatling's checks to the recorder in the virtual user's session: Gatling's own log is
 * binary and not meant to be read back.
 */
final class Recorded {

	// Session keys: no dots, Gatling's #{...} expressions read a dot as a path into the
	// value.
	private static final String STATUS = "benchStatus";

	private static final String RESPONSE_TIME = "benchResponseTime";

	private static final String RETRY_AFTER = "benchRetryAfter";

	private Recorded() {
	}

	/**
	 * The request with the run's timeout and the checks that save what the recorder
	 * reads, and {@code Retry-After} when there is one; only
	 * {@value MeasurementRecorder#OK_STATUS} is OK. The status check comes last: Gatling
	 * stops at the first failing check, and a refusal's header must still be saved.
	 */
	static HttpRequestActionBuilder timed(HttpRequestActionBuilder request, BenchSettings settings) {
		return request.requestTimeout(Duration.ofMillis(settings.requestTimeoutMs()))
			.check(responseTimeInMillis().saveAs(RESPONSE_TIME), status().saveAs(STATUS),
					header("Retry-After").optional().saveAs(RETRY_AFTER), status().is(MeasurementRecorder.OK_STATUS));
	}

	/** The last timed request's status; {@code null} when it got no response. */
	static Integer statusOf(Session session) {
		return integer(session, STATUS);
	}

	/** The last timed request's response time in ms; {@code null} without a response. */
	static Integer responseTimeOf(Session session) {
		return integer(session, RESPONSE_TIME);
	}

	/** The last timed request's {@code Retry-After}; {@code null} when it had none. */
	static String retryAfterOf(Session session) {
		return session.contains(RETRY_AFTER) ? session.getString(RETRY_AFTER) : null;
	}

	/** The session without them, so the next request starts clean. */
	static Session forget(Session session) {
		return session.removeAll(STATUS, RESPONSE_TIME, RETRY_AFTER);
	}

	private static Integer integer(Session session, String key) {
		return session.contains(key) ? session.getIntegerWrapper(key) : null;
	}

}
