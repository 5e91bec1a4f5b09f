package dev.gatewaykit.bench.simulation;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.IntStream;

import io.gatling.core.scenario.SimulationParams;
import io.gatling.javaapi.core.Assertion;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import org.jspecify.annotations.Nullable;

import dev.gatewaykit.bench.load.BenchSettings;
import dev.gatewaykit.bench.load.CompilerWatch;
import dev.gatewaykit.bench.load.MeasurementRecorder;
import dev.gatewaykit.bench.load.RetryAfter;
import dev.gatewaykit.bench.load.WeightedChoice;
import dev.gatewaykit.bench.model.LoadModel;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.details;
import static io.gatling.javaapi.core.CoreDsl.doSwitch;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.onCase;
import static io.gatling.javaapi.core.CoreDsl.pause;
import static io.gatling.javaapi.core.CoreDsl.rampUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.core.CoreDsl.stopLoadGeneratorIf;
import static io.gatling.javaapi.http.HttpDsl.http;

/**
 * The kit's measurement around a load of your own: extend it, say what the load's
 * requests are, and the kit runs them the way it runs its own scenario.
 * <p>
 * The kit's part: the {@code bench.*} system properties ({@link BenchSettings}), the
 * closed or open workload, the warm-up (until the throughput is steady, or fixed), the
 * measured window and the drain, {@code phase.json} when the window opens, the gateway's
 * meters at that moment, a progress line every 5 s, {@code measured.json} and
 * {@code timeseries.json} at the end, and the gates as Gatling assertions. Warm-up
 * requests are named {@value #WARM_UP}, so they never reach the measured figures.
 * <p>
 * Your part, the hooks:
 * <ul>
 * <li>{@link #requests()}: the requests of the load, one per iteration, chosen by
 * weight;</li>
 * <li>{@link #setup()}, optional: a population that runs to its end before the load, such
 * as logins;</li>
 * <li>{@link #describe()}, optional: what the start line calls the load.</li>
 * </ul>
 * The kit calls them once Gatling has constructed the simulation, so they may use the
 * subclass's own fields.
 *
 * @see ProductBrowseSimulation
 * @see RequestFileSimulation
 */
public abstract class KitSimulation extends Simulation {

	/** What Gatling names every request sent before the measured window opens. */
	public static final String WARM_UP = "warm-up";

	private static final int PROGRESS_PERIOD_SECONDS = 5;

	/** Session key: which of the measured requests this iteration sends. */
	private static final String CHOICE = "benchChoice";

	/** Session key: how long a refused user waits, in ms, as its answer asked. */
	private static final String WAIT = "benchWaitMs";

	private final BenchSettings settings = BenchSettings.fromSystemProperties();

	private final MeasurementRecorder recorder = new MeasurementRecorder(this.settings, System::currentTimeMillis);

	/** The gateway's JIT compilers, read during an automatic warm-up. */
	private CompilerWatch compilers;

	private boolean loadSetUp;

	/**
	 * The requests of the load: each iteration sends one, chosen by weight. Their names
	 * must differ.
	 */
	protected abstract List<MeasuredRequest> requests();

	/**
	 * A population that runs to its end before the load starts, typically logins that
	 * fill a token pool; none by default. The kit gives it the load's HTTP protocol.
	 */
	protected @Nullable PopulationBuilder setup() {
		return null;
	}

	/** What the start line calls the load; the class's simple name by default. */
	protected String describe() {
		return getClass().getSimpleName();
	}

	/** The run's parameters, from the {@code bench.*} system properties. */
	protected final BenchSettings settings() {
		return this.settings;
	}

	final MeasurementRecorder recorder() {
		return this.recorder;
	}

	/**
	 * Sets the load up from the hooks, then hands it to Gatling. Gatling calls this once,
	 * right after constructing the simulation and before any load; setting up here rather
	 * than in the constructor, as Gatling's own examples do, means the hooks run after
	 * the subclass's fields are set (a constructor calling overridable methods would see
	 * them {@code null}).
	 */
	@Override
	public SimulationParams params(String simulationClassName) {
		if (!this.loadSetUp) {
			this.loadSetUp = true;
			try {
				setUpLoad();
			}
			catch (RuntimeException ex) {
				// The kit echoes only the [label] lines of Gatling's output.
				System.out.println("[" + this.settings.label() + "] cannot start: " + ex.getMessage());
				throw ex;
			}
		}
		return super.params(simulationClassName);
	}

	private void setUpLoad() {
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
		List<MeasuredRequest> requests = checked(requests());
		PopulationBuilder load = load(requests).protocols(protocol);
		PopulationBuilder setup = setup();
		setUp((setup != null) ? setup.protocols(protocol).andThen(load) : load).assertions(assertions(requests));
	}

	private static List<MeasuredRequest> checked(List<MeasuredRequest> requests) {
		if (requests.isEmpty()) {
			throw new IllegalArgumentException("the simulation names no request to measure");
		}
		Set<String> names = new HashSet<>();
		for (MeasuredRequest request : requests) {
			if (!names.add(request.name())) {
				throw new IllegalArgumentException("two measured requests are named '" + request.name()
						+ "': Gatling's report and assertions would merge them");
			}
		}
		return List.copyOf(requests);
	}

	private PopulationBuilder load(List<MeasuredRequest> requests) {
		if (this.settings.workload().model() == LoadModel.CLOSED) {
			return scenario("load").asLongAs((session) -> this.recorder.running())
				.on(iteration(requests))
				.injectOpen(atOnceUsers(this.settings.workload().users()));
		}
		double rate = this.settings.workload().rate();
		int total = this.settings.loadSeconds(System.currentTimeMillis());
		int ramp = Math.min(this.settings.rampSeconds(), total - 1);
		if (ramp <= 0) {
			return scenario("load").exec(iteration(requests))
				.injectOpen(constantUsersPerSec(rate).during(Duration.ofSeconds(total)));
		}
		return scenario("load").exec(iteration(requests))
			.injectOpen(rampUsersPerSec(rate / 10).to(rate).during(Duration.ofSeconds(ramp)),
					constantUsersPerSec(rate).during(Duration.ofSeconds(total - ramp)));
	}

	/**
	 * One request, named warm-up or measured by when it is sent, then recorded by when it
	 * completes. The first call opens the load's phase (and so the warm-up clock).
	 */
	private ChainBuilder iteration(List<MeasuredRequest> requests) {
		WeightedChoice choice = new WeightedChoice(requests.stream().map(MeasuredRequest::weight).toList());
		return exec((session) -> {
			this.recorder.startPhase();
			return session.set(CHOICE, choice.next(ThreadLocalRandom.current()));
		}).doIfOrElse((session) -> this.recorder.inWarmup())
			.then(send(requests, true))
			.orElse(send(requests, false))
			.exec((session) -> {
				Integer status = Recorded.statusOf(session);
				this.recorder.record(status, Recorded.responseTimeOf(session));
				// A failed request must not end a closed-model user's loop: JMeter
				// threads keep going too.
				Session next = Recorded.forget(session).remove(CHOICE).markAsSucceeded();
				return waitAsAsked(next, status, Recorded.retryAfterOf(session));
			})
			.doIf((session) -> session.contains(WAIT))
			.then(pause((session) -> Duration.ofMillis(session.getLong(WAIT))).exec((session) -> session.remove(WAIT)))
			// Requests still in flight well after the window closed count for nothing;
			// behind a blocked event loop they could hold the run for another minute.
			.exec(stopLoadGeneratorIf((session) -> "measured window closed and drained",
					(session) -> this.recorder.drained()));
	}

	/**
	 * A closed-model user told to retry later waits, when the run honours
	 * {@code Retry-After}; an open-model user lives for one request and has nothing to
	 * wait for.
	 */
	private Session waitAsAsked(Session session, Integer status, String retryAfter) {
		if (!this.settings.honourRetryAfter() || this.settings.workload().model() != LoadModel.CLOSED) {
			return session;
		}
		return RetryAfter.of(status, retryAfter, Instant.now())
			.filter((wait) -> !wait.isZero())
			.map((wait) -> session.set(WAIT, wait.toMillis()))
			.orElse(session);
	}

	/** The chosen request, under the warm-up's name or its own. */
	private ChainBuilder send(List<MeasuredRequest> requests, boolean warmUp) {
		List<ChainBuilder> sends = requests.stream()
			.map((request) -> exec(
					Recorded.timed(request.request().apply(warmUp ? WARM_UP : request.name()), this.settings)))
			.toList();
		if (sends.size() == 1) {
			return sends.get(0);
		}
		return doSwitch((session) -> session.getInt(CHOICE))
			.on(IntStream.range(0, sends.size()).mapToObj((i) -> onCase(i).then(sends.get(i))).toList());
	}

	/**
	 * The same gates the recorder evaluates on its window, for Gatling's report and exit
	 * code: per request name, where the recorder's are over all measured requests.
	 */
	private List<Assertion> assertions(List<MeasuredRequest> requests) {
		List<Assertion> list = new ArrayList<>();
		for (MeasuredRequest request : requests) {
			if (this.settings.gatesP99()) {
				list.add(details(request.name()).responseTime().percentile(99.0).lt(this.settings.p99Ms()));
			}
			if (this.settings.gatesErrors()) {
				list.add(details(request.name()).failedRequests().percent().lte(this.settings.maxErrorPct()));
			}
		}
		return list;
	}

	/**
	 * Prints the start line and arms the window's actions and the progress line. A
	 * subclass that overrides it calls {@code super.before()}.
	 */
	@Override
	public void before() {
		System.out.println("[" + this.settings.label() + "] " + describe() + " at " + this.settings.baseUrl() + ", "
				+ this.settings.workload().describe() + ", warm-up " + this.settings.warmup().describe() + ", measured "
				+ this.settings.durationSeconds() + " s, timeout " + this.settings.requestTimeoutMs() + " ms -> "
				+ this.settings.outDir());
		this.recorder.onWindowOpen(this::windowOpened);
		if (this.settings.gatewayMetricsUrl() != null && this.settings.warmup().auto()) {
			this.compilers = CompilerWatch.start(this.settings.gatewayMetricsUrl());
			this.recorder.compilerSettled(this.compilers::settled);
		}
		this.recorder.startProgress(System.out, PROGRESS_PERIOD_SECONDS);
	}

	/**
	 * The window is open: {@code phase.json} for the kit's timed mode switch, and the
	 * gateway's meters as they stand, read without blocking a Gatling thread (a blocked
	 * gateway may take seconds to answer its actuator too).
	 */
	private void windowOpened() {
		System.out.println("[" + this.settings.label() + "] measured window opens after a warm-up of "
				+ this.recorder.warmupOutcome().describe() + compilersNow());
		if (this.compilers != null) {
			this.compilers.close();
		}
		this.recorder.writePhase(this.settings.outDir());
		if (this.settings.gatewayMetricsUrl() != null) {
			GatewayMetricsSnapshot.saveAsync(this.settings.gatewayMetricsUrl(),
					this.settings.outDir().resolve(GatewayMetricsSnapshot.WINDOW_START_FILE), this.settings.label());
		}
	}

	private String compilersNow() {
		if (this.compilers == null) {
			return "";
		}
		return this.compilers.recentShare()
			.stream()
			.mapToObj((share) -> String.format(java.util.Locale.ROOT,
					"; the gateway's JIT compiled %.0f %% of the time lately", share * 100))
			.findFirst()
			.orElse("");
	}

	/**
	 * Writes {@code measured.json} and {@code timeseries.json}. A subclass that overrides
	 * it calls {@code super.after()}: the kit fails a run without {@code measured.json}.
	 */
	@Override
	public void after() {
		this.recorder.stop();
		this.recorder.write(this.settings.outDir());
		System.out.println(this.recorder.progressLine());
		System.out.println("[" + this.settings.label() + "] wrote " + this.settings.outDir().resolve("measured.json"));
	}

}
