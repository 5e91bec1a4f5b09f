package dev.gatewaykit.bench.simulation;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.rampUsers;
import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.details;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import dev.gatewaykit.bench.load.BenchSettings;
import dev.gatewaykit.bench.load.MeasurementRecorder;
import dev.gatewaykit.bench.load.RelayTokens;
import dev.gatewaykit.bench.load.UsersCsv;
import dev.gatewaykit.bench.measure.LoadModel;
import io.gatling.javaapi.core.Assertion;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpProtocolBuilder;

/**
 * The original incident's load: logged-in users reading product details through nginx and
 * the gateway.
 * <p>
 * Setup: a pool of demo users log in through the gateway and their tokens are kept
 * ({@value BenchChains#LOGIN} requests, reported apart). Then the browsing phase:
 * warm-up, then the measured window, then the tail. The closed model runs
 * {@code bench.users} virtual users that loop, each on its own keep-alive connection like
 * a JMeter thread; the open model starts {@code bench.rate} new requests per second on a
 * shared connection pool, whatever the latency. Against {@code bench.target=ceiling}
 * there is no login: the users send a relay token minted here straight to mall-api
 * through nginx, which measures what the bench can do without the gateway.
 * <p>
 * Every parameter is a {@code bench.*} system property; see {@link BenchSettings} and the
 * module's README.
 */
public class ProductBrowseSimulation extends Simulation {

	private static final int PROGRESS_PERIOD_SECONDS = 5;

	private final BenchSettings settings = BenchSettings.fromSystemProperties();

	private final MeasurementRecorder recorder = new MeasurementRecorder(this.settings, System::currentTimeMillis);

	private final TokenPool tokens = new TokenPool();

	private final BenchChains chains = new BenchChains(this.settings, this.recorder, this.tokens);

	{
		HttpProtocolBuilder protocol = http.baseUrl(this.settings.baseUrl())
			.acceptHeader("application/json")
			.userAgentHeader("gateway-perf-kit")
			// Gatling's warm-up request goes to gatling.io: there is no internet here,
			// and it would skew nothing useful.
			.disableWarmUp()
			.disableCaching();
		if (this.settings.workload().model() == LoadModel.OPEN) {
			// Open model: a virtual user lives for one request; a pool of its own would
			// mean a TCP connect each time.
			protocol = protocol.shareConnections();
		}
		PopulationBuilder browse = browse().protocols(protocol);
		PopulationBuilder population = (this.settings.target() == BenchSettings.Target.GATEWAY)
				? login().protocols(protocol).andThen(browse) : browse;
		setUp(population).assertions(assertions());
	}

	private PopulationBuilder login() {
		List<UsersCsv.Credentials> users = UsersCsv.read(this.settings.usersCsv());
		int pool = Math.min(this.settings.loginPool(), users.size());
		ScenarioBuilder scenario = scenario("setup: login").exec(this.chains.login(users.subList(0, pool)));
		// Spread over pool × 40 ms (25 logins/s) rather than all at once: each login is a
		// BCrypt hash (~70 ms of CPU at cost 10), and 100 at once on a busy 2-core box
		// queue past the gateway's 5 s response timeout.
		return scenario.injectOpen(rampUsers(pool).during(Duration.ofMillis(pool * 40L)));
	}

	private PopulationBuilder browse() {
		if (this.settings.workload().model() == LoadModel.CLOSED) {
			ScenarioBuilder scenario = scenario("browse").asLongAs((session) -> this.recorder.running())
				.on(this.chains.browseOnce());
			return scenario.injectOpen(atOnceUsers(this.settings.workload().users()));
		}
		ScenarioBuilder scenario = scenario("browse").exec(this.chains.browseOnce());
		return scenario.injectOpen(constantUsersPerSec(this.settings.workload().rate())
			.during(Duration.ofSeconds(this.settings.totalSeconds())));
	}

	/**
	 * The same gates the recorder evaluates on its window, for Gatling's report and exit
	 * code.
	 */
	private List<Assertion> assertions() {
		List<Assertion> list = new ArrayList<>();
		if (this.settings.gatesP99()) {
			list.add(details(BenchChains.PRODUCT).responseTime().percentile(99.0).lt(this.settings.p99Ms()));
		}
		if (this.settings.gatesErrors()) {
			list.add(details(BenchChains.PRODUCT).failedRequests().percent().lte(this.settings.maxErrorPct()));
		}
		return list;
	}

	@Override
	public void before() {
		if (this.settings.target() == BenchSettings.Target.CEILING) {
			Duration validFor = Duration.ofSeconds(this.settings.totalSeconds() + 600);
			this.tokens.addAll(RelayTokens.mint(this.settings.relaySecret(), this.settings.loginPool(), validFor,
					Clock.systemUTC()));
		}
		System.out.println("[" + this.settings.label() + "] " + this.settings.target().id() + " at "
				+ this.settings.baseUrl() + ", " + this.settings.workload().describe() + ", warm-up "
				+ this.settings.warmup().describe() + ", measured " + this.settings.durationSeconds() + " s, timeout "
				+ this.settings.requestTimeoutMs() + " ms -> " + this.settings.outDir());
		this.recorder.onWindowOpen(this::windowOpened);
		this.recorder.startProgress(System.out, PROGRESS_PERIOD_SECONDS);
	}

	/**
	 * The window is open: {@code phase.json} for the kit's timed mode switch, and the
	 * gateway's meters as they stand, read without blocking a Gatling thread (a blocked
	 * gateway may take seconds to answer its actuator too).
	 */
	private void windowOpened() {
		System.out.println("[" + this.settings.label() + "] measured window opens after a warm-up of "
				+ this.recorder.warmupOutcome().describe());
		this.recorder.writePhase(this.settings.outDir());
		if (this.settings.gatewayMetricsUrl() != null) {
			GatewayMetricsSnapshot.saveAsync(this.settings.gatewayMetricsUrl(),
					this.settings.outDir().resolve(GatewayMetricsSnapshot.WINDOW_START_FILE), this.settings.label());
		}
	}

	@Override
	public void after() {
		this.recorder.stop();
		this.recorder.write(this.settings.outDir());
		System.out.println(this.recorder.progressLine());
		System.out.println("[" + this.settings.label() + "] wrote " + this.settings.outDir().resolve("measured.json"));
	}

}
