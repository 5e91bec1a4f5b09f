package dev.gatewaykit.bench.simulation;

import static io.gatling.javaapi.core.CoreDsl.responseTimeInMillis;
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

	private Recorded() {
	}

	/**
	 * The request with the run's timeout and the checks that save what the recorder
	 * reads; only {@value MeasurementRecorder#OK_STATUS} is OK.
	 */
	static HttpRequestActionBuilder timed(HttpRequestActionBuilder request, BenchSettings settings) {
		return request.requestTimeout(Duration.ofMillis(settings.requestTimeoutMs()))
			.check(responseTimeInMillis().saveAs(RESPONSE_TIME), status().saveAs(STATUS),
					status().is(MeasurementRecorder.OK_STATUS));
	}

	/** The last timed request's status; {@code null} when it got no response. */
	static Integer statusOf(Session session) {
		return integer(session, STATUS);
	}

	/** The last timed request's response time in ms; {@code null} without a response. */
	static Integer responseTimeOf(Session session) {
		return integer(session, RESPONSE_TIME);
	}

	/** The session without them, so the next request starts clean. */
	static Session forget(Session session) {
		return session.removeAll(STATUS, RESPONSE_TIME);
	}

	private static Integer integer(Session session, String key) {
		return session.contains(key) ? session.getIntegerWrapper(key) : null;
	}

}
