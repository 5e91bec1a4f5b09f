package dev.gatewaykit.bench.simulation;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.crashLoadGeneratorIf;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.feed;
import static io.gatling.javaapi.core.CoreDsl.jsonPath;
import static io.gatling.javaapi.core.CoreDsl.listFeeder;
import static io.gatling.javaapi.core.CoreDsl.responseTimeInMillis;
import static io.gatling.javaapi.core.CoreDsl.stopLoadGeneratorIf;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

import dev.gatewaykit.bench.load.BenchSettings;
import dev.gatewaykit.bench.load.MeasurementRecorder;
import dev.gatewaykit.bench.load.UsersCsv;
import dev.gatewaykit.launcher.BenchJson;
import dev.gatewaykit.common.IdentityHeaders;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.http.HttpRequestActionBuilder;

/**
 * The simulation's building blocks. Request names keep the three kinds of traffic apart
 * in Gatling's report: {@value #LOGIN}, {@value #WARM_UP} and {@value #PRODUCT} (the
 * measured requests).
 */
final class BenchChains {

	static final String LOGIN = "login";

	static final String WARM_UP = "warm-up";

	static final String PRODUCT = "product";

	/**
	 * The vanilla target's request: mall-api's liveness through the gateway's plain
	 * route, an answer that needs no token.
	 */
	static final String VANILLA_PATH = "/vanilla/actuator/health/liveness";

	// Session keys: no dots, Gatling's #{...} expressions read a dot as a path into the
	// value.
	private static final String STATUS = "benchStatus";

	private static final String RESPONSE_TIME = "benchResponseTime";

	private static final String TOKEN = "benchToken";

	private static final String PRODUCT_ID = "benchProductId";

	private final BenchSettings settings;

	private final MeasurementRecorder recorder;

	private final TokenPool tokens;

	BenchChains(BenchSettings settings, MeasurementRecorder recorder, TokenPool tokens) {
		this.settings = settings;
		this.recorder = recorder;
		this.tokens = tokens;
	}

	/**
	 * Logs each demo user of the pool in once through the gateway and keeps its access
	 * token.
	 */
	ChainBuilder login(List<UsersCsv.Credentials> users) {
		List<Map<String, Object>> records = users.stream()
			.map((user) -> Map.<String, Object>of("username", user.username(), "password", user.password()))
			.toList();
		return feed(listFeeder(records).queue())
			.exec(http(LOGIN).post("/api/auth/oauth/token")
				.body(StringBody((session) -> BenchJson.write(
						Map.of("username", session.getString("username"), "password", session.getString("password")))))
				.asJson()
				.requestTimeout(timeout())
				.check(responseTimeInMillis().saveAs(RESPONSE_TIME), status().saveAs(STATUS), status().is(200),
						jsonPath("$.access_token").saveAs(TOKEN)))
			.exec((session) -> {
				this.recorder.recordLogin(integer(session, STATUS), integer(session, RESPONSE_TIME));
				if (session.contains(TOKEN)) {
					this.tokens.add(session.getString(TOKEN));
				}
				return session.removeAll(STATUS, RESPONSE_TIME, TOKEN);
			});
	}

	/**
	 * One product request, named warm-up or measured by when it is sent, then recorded by
	 * when it completes. The first call opens the browsing phase (and so the warm-up
	 * clock).
	 */
	ChainBuilder browseOnce() {
		return crashLoadGeneratorIf(
				(session) -> "no access token to browse with: every login failed (see the 'login' requests)",
				(session) -> this.settings.target().needsTokens() && this.tokens.isEmpty())
			.exec((session) -> {
				this.recorder.startPhase();
				int id = ThreadLocalRandom.current().nextInt(1, this.settings.productCount() + 1);
				return session.set(PRODUCT_ID, id);
			})
			.doIfOrElse((session) -> this.recorder.inWarmup())
			.then(exec(product(WARM_UP)))
			.orElse(exec(product(PRODUCT)))
			.exec((session) -> {
				this.recorder.record(integer(session, STATUS), integer(session, RESPONSE_TIME));
				// A failed request must not end a closed-model user's loop: JMeter
				// threads keep going too.
				return session.removeAll(STATUS, RESPONSE_TIME).markAsSucceeded();
			})
			// Requests still in flight well after the window closed count for nothing;
			// behind a blocked event loop they could hold the run for another minute.
			.exec(stopLoadGeneratorIf((session) -> "measured window closed and drained",
					(session) -> this.recorder.drained()));
	}

	private HttpRequestActionBuilder product(String name) {
		if (this.settings.target() == BenchSettings.Target.VANILLA) {
			return http(name).get(VANILLA_PATH)
				.requestTimeout(timeout())
				.check(responseTimeInMillis().saveAs(RESPONSE_TIME), status().saveAs(STATUS), status().is(200));
		}
		boolean ceiling = this.settings.target() == BenchSettings.Target.CEILING;
		String path = ceiling ? "/products/#{" + PRODUCT_ID + "}" : "/api/mall/products/#{" + PRODUCT_ID + "}";
		HttpRequestActionBuilder request = http(name).get(path).requestTimeout(timeout());
		request = ceiling
				? request.header(IdentityHeaders.RELAY_TOKEN, (session) -> this.tokens.forUser(session.userId()))
				: request.header("Authorization", (session) -> "Bearer " + this.tokens.forUser(session.userId()));
		return request.check(responseTimeInMillis().saveAs(RESPONSE_TIME), status().saveAs(STATUS), status().is(200));
	}

	private Duration timeout() {
		return Duration.ofMillis(this.settings.requestTimeoutMs());
	}

	private static Integer integer(Session session, String key) {
		return session.contains(key) ? session.getIntegerWrapper(key) : null;
	}

}
