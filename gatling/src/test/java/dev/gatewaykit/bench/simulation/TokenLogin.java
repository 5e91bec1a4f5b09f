package dev.gatewaykit.bench.simulation;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.http.HttpRequestActionBuilder;

import dev.gatewaykit.bench.load.BenchSettings;
import dev.gatewaykit.bench.load.MeasurementRecorder;
import dev.gatewaykit.bench.load.UsersCsv;
import dev.gatewaykit.bench.model.BenchJson;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.crashLoadGeneratorIf;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.feed;
import static io.gatling.javaapi.core.CoreDsl.jsonPath;
import static io.gatling.javaapi.core.CoreDsl.listFeeder;
import static io.gatling.javaapi.core.CoreDsl.rampUsers;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

/**
 * Obtains the load's tokens before it starts: logs in, keeps each token in the pool, and
 * records each login apart from the load ({@value #LOGIN} requests in Gatling's report,
 * {@code login} in {@code measured.json}).
 */
final class TokenLogin {

	static final String LOGIN = "login";

	/**
	 * Where the kit's demo users log in: auth-service's token endpoint, through nginx and
	 * the gateway.
	 */
	static final String KIT_LOGIN_PATH = "/api/auth/oauth/token";

	/** Where the kit's login answer carries the token. */
	static final String KIT_TOKEN_JSON_PATH = "$.access_token";

	private static final String TOKEN = "benchToken";

	private static final String NO_TOKEN = "no access token to load with: every login failed (see the 'login' requests)";

	private final BenchSettings settings;

	private final MeasurementRecorder recorder;

	private final TokenPool tokens;

	TokenLogin(BenchSettings settings, MeasurementRecorder recorder, TokenPool tokens) {
		this.settings = settings;
		this.recorder = recorder;
		this.tokens = tokens;
	}

	/**
	 * The kit's login: each demo user of the pool ({@code bench.loginPool}, at most the
	 * CSV's) logs in once.
	 */
	PopulationBuilder demoUsers() {
		List<UsersCsv.Credentials> users = UsersCsv.read(this.settings.usersCsv());
		int pool = Math.min(this.settings.loginPool(), users.size());
		List<Map<String, Object>> records = users.subList(0, pool)
			.stream()
			.map((user) -> Map.<String, Object>of("username", user.username(), "password", user.password()))
			.toList();
		HttpRequestActionBuilder request = http(LOGIN).post(KIT_LOGIN_PATH)
			.body(StringBody((session) -> BenchJson
				.write(Map.of("username", session.getString("username"), "password", session.getString("password")))))
			.asJson();
		ChainBuilder chain = feed(listFeeder(records).queue()).exec(login(request, KIT_TOKEN_JSON_PATH, pool));
		// Spread over pool × 40 ms (25 logins/s) rather than all at once: each login is a
		// BCrypt hash (~70 ms of CPU at cost 10), and 100 at once on a busy 2-core box
		// queue past the gateway's 5 s response timeout. At least a second: Gatling 3.15
		// never starts a ramp shorter than that (a pool of 24 or fewer hung the run).
		Duration ramp = Duration.ofMillis(Math.max(1000, pool * 40L));
		return scenario("setup: login").exec(chain).injectOpen(rampUsers(pool).during(ramp));
	}

	/**
	 * One login of its own, whose token every user of the load shares.
	 * @param request the login request, named {@value #LOGIN}
	 * @param tokenJsonPath where its answer carries the token
	 */
	PopulationBuilder once(HttpRequestActionBuilder request, String tokenJsonPath) {
		return scenario("setup: login").exec(login(request, tokenJsonPath, 1)).injectOpen(atOnceUsers(1));
	}

	private ChainBuilder login(HttpRequestActionBuilder request, String tokenJsonPath, int logins) {
		AtomicInteger done = new AtomicInteger();
		return exec(Recorded.timed(request, this.settings).check(jsonPath(tokenJsonPath).saveAs(TOKEN)))
			.exec((session) -> {
				this.recorder.recordLogin(Recorded.statusOf(session), Recorded.responseTimeOf(session));
				if (session.contains(TOKEN)) {
					this.tokens.add(session.getString(TOKEN));
				}
				return Recorded.forget(session).remove(TOKEN);
			})
			// The last login to complete decides: without a single token the load could
			// only
			// measure 401s.
			.exec(crashLoadGeneratorIf((session) -> NO_TOKEN,
					(session) -> everyLoginFailed(done.incrementAndGet() == logins)));
	}

	/** Whether the run must stop, said on a line the kit echoes too. */
	private boolean everyLoginFailed(boolean last) {
		if (!last || !this.tokens.isEmpty()) {
			return false;
		}
		System.out.println("[" + this.settings.label() + "] " + NO_TOKEN);
		return true;
	}

}
