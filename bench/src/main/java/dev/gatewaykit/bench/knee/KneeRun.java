package dev.gatewaykit.bench.knee;

import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Consumer;

import dev.gatewaykit.bench.analysis.knee.ColdProfile;
import dev.gatewaykit.bench.analysis.knee.ColdStart;
import dev.gatewaykit.bench.analysis.knee.ColdStartReport;
import dev.gatewaykit.bench.analysis.knee.JitOnset;
import dev.gatewaykit.bench.analysis.knee.KneeReport;
import dev.gatewaykit.bench.analysis.knee.KneeResult;
import dev.gatewaykit.bench.analysis.knee.KneeSearch;
import dev.gatewaykit.bench.analysis.knee.KneeStep;
import dev.gatewaykit.bench.analysis.knee.Onset;
import dev.gatewaykit.bench.analysis.knee.OverloadReport;
import dev.gatewaykit.bench.analysis.knee.OverloadResult;
import dev.gatewaykit.bench.analysis.paired.CaseFigures;
import dev.gatewaykit.bench.drive.CpuSplit;
import dev.gatewaykit.bench.drive.DemoLogins;
import dev.gatewaykit.bench.drive.LoadRequests;
import dev.gatewaykit.bench.drive.OpenModelDriver;
import dev.gatewaykit.bench.drive.WarmUp;
import dev.gatewaykit.bench.model.BenchJson;
import dev.gatewaykit.bench.model.Numbers;
import dev.gatewaykit.bench.probe.AsyncProfiler;
import dev.gatewaykit.bench.probe.OnsetSampler;
import dev.gatewaykit.bench.run.KitLinks;
import dev.gatewaykit.launcher.KitHttp;
import dev.gatewaykit.launcher.RunFailedException;
import dev.gatewaykit.launcher.ServiceProcess;
import dev.gatewaykit.launcher.Tools;
import dev.gatewaykit.launcher.Workspace;
import dev.gatewaykit.launcher.nginx.NginxConfig;
import dev.gatewaykit.launcher.nginx.NginxServer;
import dev.gatewaykit.launcher.stack.Discovery;
import dev.gatewaykit.launcher.stack.Stack;

/**
 * One {@code ./kit knee} run: the stack once (Redis, auth-service, mall-api, each link
 * through toxiproxy with the bench's latencies), then for each mode a gateway behind the
 * tuned nginx, brought to the start rate until it keeps up (not held for its JIT: see
 * {@code search}), then the {@link KneeSearch}'s rates held one after another. A step
 * ramps from the last rate that passed (from none after a failed one, once its backlog
 * has drained), holds the rate for the settle, then judges the requests sent in its
 * window a second after it closed: their p99 and their errors, those still unanswered
 * counted as errors. With {@code --overload}, each mode with a knee is then driven past
 * it ({@link OverloadSteps}); with {@code --cold-start}, a fresh gateway of it is offered
 * most of its knee at once ({@link ColdStart}).
 */
public final class KneeRun implements AutoCloseable {

	/** How long a step brings the load from the previous rate to its own. */
	private static final Duration STEP_RAMP = Duration.ofSeconds(5);

	/**
	 * A step is given up once enough requests have waited this many times the p99 target.
	 */
	private static final double LATE_TIMES_TARGET = 5;

	/** The cold gateway's JIT log, with {@code --jit-log}, in its directory. */
	private static final String JIT_LOG = "jit.log";

	/** What the run read from it. */
	private static final String JIT_ONSET = "jit-onset.json";

	/** How long a cold start is offered its rate and judged. */
	private static final Duration COLD_START = Duration.ofSeconds(60);

	/** How long the cold start's clients may take to connect to its nginx. */
	private static final Duration CONNECT = Duration.ofSeconds(10);

	/** How often the onset is read: four readings a second, each second's ticks whole. */
	private static final Duration ONSET_INTERVAL = Duration.ofMillis(250);

	/** The onset's seconds written to the log. */
	private static final int ONSET_LOGGED = 4;

	/** A failed step's backlog drains this long more before the next step. */
	private static final Duration RECOVERY = Duration.ofSeconds(3);

	private final Workspace workspace;

	private final Tools tools;

	private final KneeOptions options;

	private final Stack stack;

	private final Consumer<String> log;

	private final HttpClient http = KitHttp.client();

	/** The machine's processors, read before the load is pinned to some of them. */
	private final int cores = Runtime.getRuntime().availableProcessors();

	private Optional<OpenModelDriver> driver = Optional.empty();

	/**
	 * The profiler's library, extracted at the first cold start it profiles: one file for
	 * the run, never rewritten under a gateway that has it loaded.
	 */
	private AsyncProfiler profiler;

	/** The load's requests, once the first search has logged its users in. */
	private Optional<LoadRequests> loadRequests = Optional.empty();

	public KneeRun(Workspace workspace, Tools tools, KneeOptions options, List<String> serviceJvmOptions,
			Duration healthTimeout, Consumer<String> log) {
		this.workspace = workspace;
		this.tools = tools;
		this.options = options;
		this.stack = new Stack(workspace, tools, Discovery.STATIC, serviceJvmOptions, healthTimeout, log);
		// Each process on the stack's CPUs from its start: a gateway pinned only once
		// healthy warmed itself up on the load's CPU too, and lost it at the cold start's
		// first request (seen: half the cold start's CPU gone at that instant).
		options.cpuSplit().ifPresent((split) -> this.stack.onStart((process) -> split.applyToStarted(process.pid())));
		this.log = log;
	}

	/**
	 * Every mode's knee; {@code done} is given the report so far after each mode, so that
	 * a later mode's failure loses nothing already measured, and {@code overloaded} the
	 * overload's when it was asked for.
	 */
	public KneeReport run(Consumer<KneeReport> done, Consumer<OverloadReport> overloaded,
			Consumer<ColdStartReport> coldStarted) throws InterruptedException {
		KitLinks.check(this.stack, this.tools);
		KitLinks links = KitLinks.start(this.stack, List.of(KitLinks.REDIS, KitLinks.AUTH, KitLinks.MALL));
		links.latency(KitLinks.REDIS, this.options.redisLatencyMs());
		links.latency(KitLinks.AUTH, this.options.authLatencyMs());
		pinApart();
		this.options.edgeLimit()
			.ifPresent((limit) -> this.log
				.accept("nginx lets " + limit.describe() + " through to the gateway and refuses the rest itself"));
		List<KneeResult> results = new ArrayList<>();
		List<OverloadResult> overloads = new ArrayList<>();
		List<ColdStart> coldStarts = new ArrayList<>();
		for (KneeOptions.Mode mode : this.options.modes()) {
			Path dir = this.options.out().resolve(mode.name());
			// The module of the mode's gateway: gateway-mvc for an MVC mode.
			Path jar = this.options.gatewayJar().orElseGet(() -> this.workspace.jar(mode.selection().module()));
			List<String> arguments = new ArrayList<>(mode.arguments());
			arguments.add(links.mallRouteArgument());
			ServiceProcess gateway = links
				.startGateways("knee-" + mode.name(), jar, mode.selection(), 1, dir, List.of(),
						KneeOptions.behindEdge(this.options.edgeLimit(), arguments))
				.get(0);
			NginxServer nginx = this.stack.startNginx("nginx-knee-" + mode.name(), NginxConfig.Variant.TUNED,
					List.of(new NginxConfig.Upstream("127.0.0.1", gateway.port())), dir.resolve("nginx"),
					this.options.edgeLimit());
			Optional<NginxConfig.EdgeLimit> edge = this.options.edgeLimit();
			try {
				pinApart();
				KneeResult knee = search(mode, gateway, nginx.url());
				results.add(knee);
				done.accept(report(results));
				if (this.options.edgeFromKnee().isPresent()) {
					edge = edgeFromKnee(this.options.edgeFromKnee().get(), knee, nginx);
				}
				if (!this.options.overload().isEmpty()) {
					overload(knee, gateway, nginx, processes(links, gateway, nginx), edge).ifPresent(overloads::add);
					overloaded.accept(new OverloadReport(this.cores, cpus(), this.options.settle().toSeconds(),
							this.options.window().toSeconds(), KneeOptions.RECOVERY_MULTIPLE, deadlineMs(), overloads));
				}
			}
			finally {
				this.driver.ifPresent(OpenModelDriver::close);
				this.driver = Optional.empty();
				this.stack.stop(nginx);
				this.stack.stop(gateway);
			}
			if (this.options.coldStart()) {
				KneeResult knee = results.get(results.size() - 1);
				coldStart(mode, knee, jar, arguments, links, dir.resolve("cold-start"), edge).ifPresent((cold) -> {
					coldStarts.add(cold);
					coldStarted.accept(new ColdStartReport(this.cores, cpus(), coldStarts));
				});
			}
		}
		return report(results);
	}

	/**
	 * nginx limited by {@code kind} sized from the knee
	 * ({@link NginxConfig.EdgeLimit.Kind#fromKnee}), reloaded in place before the
	 * overload ramps back to the knee; no limit when the mode has no knee.
	 */
	private Optional<NginxConfig.EdgeLimit> edgeFromKnee(NginxConfig.EdgeLimit.Kind kind, KneeResult knee,
			NginxServer nginx) throws InterruptedException {
		Optional<Double> p99 = knee.kneeStep().map(KneeStep::p99Ms);
		if (knee.kneeRate() <= 0 || p99.isEmpty()) {
			this.log.accept(knee.mode() + " has no knee: nginx stays without an edge limit");
			return Optional.empty();
		}
		// The rate scaled is the size scaled, for either kind: rate × p99 in progress,
		// or the rate itself.
		double headroom = this.options.edgeHeadroom();
		NginxConfig.EdgeLimit edge = kind.fromKnee(knee.kneeRate() * headroom, p99.get());
		nginx.reload(Optional.of(edge));
		this.log.accept(String.format(Locale.ROOT,
				"nginx now lets %s through to the gateway (sized from the knee: %.0f/s, p99 %.0f ms%s) and refuses "
						+ "the rest itself",
				edge.describe(), knee.kneeRate(), p99.get(),
				(headroom == 1) ? "" : ", times " + Numbers.trim(headroom, 2)));
		if (edge instanceof NginxConfig.EdgeLimit.InProgress cap) {
			this.log.accept("for your nginx: limit_conn in_flight " + cap.perUpstream()
					+ " per gateway instance; for the gateway behind it, kit.gateway.admission.edge-cap="
					+ cap.perUpstream() + " (given to every gateway this run starts behind the cap)");
		}
		return Optional.of(edge);
	}

	/**
	 * The mode driven past its knee on the same warm gateway; empty when it has no knee
	 * (no rate passed: there is nothing to multiply).
	 */
	private Optional<OverloadResult> overload(KneeResult knee, ServiceProcess gateway, NginxServer nginx,
			Map<String, ProcessHandle> stack, Optional<NginxConfig.EdgeLimit> edge) throws InterruptedException {
		if (knee.kneeRate() <= 0) {
			this.log.accept(knee.mode() + " has no knee: no overload steps");
			return Optional.empty();
		}
		OverloadResult result = new OverloadSteps(this.driver.orElseThrow(), gateway.handle().pid(),
				URI.create(gateway.actuatorUri() + "/prometheus"), nginx.accessLog(), stack, this.options, deadlineMs(),
				this.log)
			.run(knee, edge);
		if (!gateway.handle().isAlive()) {
			throw new RunFailedException(gateway.name() + " exited during its overload steps; see " + gateway.log());
		}
		return Optional.of(result);
	}

	/**
	 * A fresh gateway of {@code mode}, behind a fresh nginx, offered
	 * {@link ColdStart#MULTIPLE} of its knee (or the rate asked for) from the instant its
	 * health answers 200, for {@link #COLD_START}; empty when the mode has no knee. The
	 * search's logged-in users send the load: logging them in again would warm the
	 * gateway first.
	 */
	private Optional<ColdStart> coldStart(KneeOptions.Mode mode, KneeResult knee, Path jar, List<String> arguments,
			KitLinks links, Path dir, Optional<NginxConfig.EdgeLimit> edge) throws InterruptedException {
		if (knee.kneeRate() <= 0 || this.loadRequests.isEmpty()) {
			this.log.accept(knee.mode() + " has no knee: no cold start");
			return Optional.empty();
		}
		double rate = this.options.coldStartRate().orElse(ColdStart.MULTIPLE * knee.kneeRate());
		Path jitLog = dir.resolve(JIT_LOG);
		List<String> jvmOptions = this.options.jitLog() ? List.of(JitOnset.jvmOption(jitLog)) : List.of();
		long begin = System.nanoTime();
		ServiceProcess gateway = links
			.startGateways("cold-" + mode.name(), jar, mode.selection(), 1, dir, jvmOptions,
					KneeOptions.behindEdge(edge, arguments))
			.get(0);
		long readyAt = System.nanoTime();
		double ready = (readyAt - begin) / 1e9;
		NginxServer nginx = this.stack.startNginx("nginx-cold-" + mode.name(), NginxConfig.Variant.TUNED,
				List.of(new NginxConfig.Upstream("127.0.0.1", gateway.port())), dir.resolve("nginx"), edge);
		pinApart();
		Optional<ColdStartProfile> profile = Optional.empty();
		try (OpenModelDriver load = new OpenModelDriver(nginx.url(), this.loadRequests.get(),
				OpenModelDriver.CLIENT_TIMEOUT)) {
			int connected = connect(load, nginx, rate);
			profile = profile(gateway, dir);
			// What passed between readiness and the first request: time a fresh gateway's
			// JIT had, which the cold start's failures depend on (docs/overload.md).
			this.log.accept(String.format(Locale.ROOT,
					"%s healthy %.1f s after its start; %d connections open to nginx%s; %.0f/s from %.1f s after "
							+ "its readiness for %d s",
					gateway.name(), ready, connected, profile.isPresent() ? " and the profiler attached" : "", rate,
					(System.nanoTime() - readyAt) / 1e9, COLD_START.toSeconds()));
			OnsetSampler onset = onsetSampler(links, gateway, nginx);
			long from = System.currentTimeMillis();
			load.start(rate);
			profile.ifPresent(ColdStartProfile::loadStarted);
			long to = from + COLD_START.toMillis();
			for (long now = from; now < to; now = System.currentTimeMillis()) {
				if (load.inFlight() > OverloadSteps.MAX_IN_FLIGHT) {
					this.log.accept(String.format(Locale.ROOT,
							"%s: cut after %.0f s, %d requests waiting; the rest of the minute is not measured",
							gateway.name(), (now - from) / 1000.0, load.inFlight()));
					to = now;
					break;
				}
				Thread.sleep(Math.min(250, to - now));
			}
			boolean cut = to < from + COLD_START.toMillis();
			load.rate(0);
			onset(gateway, onset, from, dir.resolve(Onset.FILE));
			load.awaitAnswers(OpenModelDriver.CLIENT_TIMEOUT);
			// One look at both the answers and those still in flight: an answer that came
			// between two looks would be counted twice or not at all.
			OpenModelDriver.Taken taken = load.take(from, to);
			ColdStart result = ColdStart.of(mode.name(), knee.kneeRate(), rate,
					edge.map(NginxConfig.EdgeLimit::describe).orElse(""), ready, taken.records(), from, to,
					taken.inFlight(), deadlineMs(), cut);
			this.log.accept(String.format(Locale.ROOT,
					"cold start of %s at %.0f/s: %d of %d requests failed (%.2f %%), %d late; clean from second %d",
					mode.name(), rate, result.errors(), result.requests(), result.errorPct(), result.late(),
					result.cleanFrom()));
			if (!gateway.handle().isAlive()) {
				throw new RunFailedException(gateway.name() + " exited during its cold start; see " + gateway.log());
			}
			if (this.options.jitLog()) {
				jitOnset(gateway, jitLog, from, dir.resolve(JIT_ONSET));
			}
			if (profile.isPresent()) {
				coldProfile(gateway, profile.get(), dir.resolve(ColdProfile.FILE));
			}
			return Optional.of(result);
		}
		finally {
			// A cold start that failed leaves no profiler sampling and no dump to come.
			profile.ifPresent(ColdStartProfile::close);
			this.stack.stop(nginx);
			this.stack.stop(gateway);
		}
	}

	/**
	 * Connects the load's clients to the fresh nginx before the first request, as many as
	 * a second of the load sends, with nginx's own health, which does not reach the
	 * gateway: a production front end's clients are connected when a gateway starts
	 * behind it, and opening them in the load's first second took the load's JVM 0.58 of
	 * a core then (docs/overload.md, "A fresh gateway's first two seconds").
	 */
	static int connect(OpenModelDriver load, NginxServer nginx, double rate) throws InterruptedException {
		Optional<URI> health = nginx.health();
		return health.isPresent() ? load.connect(health.get(), (int) Math.ceil(rate), CONNECT) : 0;
	}

	/**
	 * Starts reading the stack's CPU and connections, from just before the cold start's
	 * first request to its end: the processes the onset shares the cores with, and every
	 * hop a request takes (the gateway reaches each upstream through its proxy).
	 */
	private static OnsetSampler onsetSampler(KitLinks links, ServiceProcess gateway, NginxServer nginx) {
		Stack.Backends backends = links.backends();
		ServiceProcess mall = backends.mallApis().get(0);
		Map<String, ProcessHandle> processes = processes(links, gateway, nginx);
		Map<String, Integer> hops = new LinkedHashMap<>();
		hops.put("nginx→gateway", gateway.port());
		hops.put("gateway→auth proxy", links.proxyPort(KitLinks.AUTH));
		hops.put("proxy→auth-service", backends.authService().port());
		hops.put("gateway→mall proxy", links.proxyPort(KitLinks.MALL));
		hops.put("proxy→mall-api", mall.port());
		hops.put("gateway→redis proxy", links.proxyPort(KitLinks.REDIS));
		return new OnsetSampler(processes, gateway.handle(), hops, ONSET_INTERVAL, COLD_START.plusSeconds(1));
	}

	/** The stack's processes a request crosses, by name, the gateway first. */
	private static Map<String, ProcessHandle> processes(KitLinks links, ServiceProcess gateway, NginxServer nginx) {
		Stack.Backends backends = links.backends();
		Map<String, ProcessHandle> processes = new LinkedHashMap<>();
		processes.put("gateway", gateway.handle());
		processes.put("nginx", nginx.handle());
		processes.put("auth-service", backends.authService().handle());
		processes.put("mall-api", backends.mallApis().get(0).handle());
		processes.put("toxiproxy", links.toxiproxy().handle());
		processes.put("redis", backends.redis().handle());
		return processes;
	}

	/**
	 * Writes and logs what the stack did over the cold start: every second in the file,
	 * the first {@link #ONSET_LOGGED} and the last (warm, to compare with) in the log.
	 */
	private void onset(ServiceProcess gateway, OnsetSampler sampler, long loadStartMs, Path out)
			throws InterruptedException {
		Onset onset = Onset.of(sampler.stop(ONSET_INTERVAL.multipliedBy(4)), loadStartMs);
		BenchJson.write(out, onset);
		this.log.accept(gateway.name() + "'s stack over its cold start, from /proc (all " + onset.seconds().size()
				+ " seconds in " + out + "); " + onset.describeJit() + ":");
		List<String> lines = onset.describe();
		lines.stream().limit(ONSET_LOGGED).forEach((line) -> this.log.accept("  " + line));
		if (lines.size() > ONSET_LOGGED) {
			this.log.accept("  " + lines.get(lines.size() - 1));
		}
	}

	/**
	 * The cold gateway's profile, attached before the load, with
	 * {@code --cold-start-profile}; none when the profiler cannot attach, which costs the
	 * cold start that look, not its figures.
	 */
	private Optional<ColdStartProfile> profile(ServiceProcess gateway, Path dir) {
		if (!this.options.coldStartProfile()) {
			return Optional.empty();
		}
		try {
			if (this.profiler == null) {
				this.profiler = AsyncProfiler.extract(this.workspace.kitDir().resolve(AsyncProfiler.DIR_NAME));
			}
			return Optional
				.of(ColdStartProfile.start(this.profiler, gateway.handle().pid(), dir, ColdStartProfile.SECONDS));
		}
		catch (AsyncProfiler.ProfilerException ex) {
			this.log.accept(gateway.name() + " not profiled: " + ex.getMessage());
			return Optional.empty();
		}
	}

	/** Says what kind of code the cold gateway ran in each profiled second. */
	private void coldProfile(ServiceProcess gateway, ColdStartProfile profile, Path out) throws InterruptedException {
		Optional<ColdProfile> seconds = profile.finish();
		if (seconds.isEmpty()) {
			this.log.accept(gateway.name() + "'s profile: none (" + profile.failure().orElse("no dump") + ")");
			return;
		}
		BenchJson.write(out, seconds.get());
		this.log.accept(gateway.name() + "'s CPU by kind of code, from async-profiler (" + out + ", flame graph "
				+ out.resolveSibling(ColdStartProfile.FLAME_GRAPH) + "):");
		seconds.get().describe().forEach((line) -> this.log.accept("  " + line));
	}

	/**
	 * Says what the cold gateway's JIT compiled for the first time once the load came. A
	 * log that cannot be read (a user's JVM that wrote none) costs that line, not the
	 * cold start's figures.
	 */
	private void jitOnset(ServiceProcess gateway, Path jitLog, long loadStartMs, Path out) {
		try {
			JitOnset onset = JitOnset.read(jitLog, loadStartMs);
			BenchJson.write(out, onset);
			this.log.accept(gateway.name() + "'s JIT: " + onset.describe());
		}
		catch (UncheckedIOException ex) {
			this.log.accept(gateway.name() + "'s JIT: no log to read (" + ex.getCause().getMessage() + ")");
		}
	}

	/**
	 * Pins the load and every process started so far apart, when asked: after the stack
	 * and after each mode's gateway and nginx.
	 */
	private void pinApart() {
		this.options.cpuSplit().ifPresent((split) -> {
			split.apply();
			this.log.accept("pinned " + split.describe());
		});
	}

	private String cpus() {
		return this.options.cpuSplit().map(CpuSplit::describe).orElse(KneeReport.SHARED);
	}

	/**
	 * How long a request may wait before it is late: in the search, a step with too many
	 * such requests is given up; past the knee, a 2xx that late is no goodput.
	 */
	private double deadlineMs() {
		return LATE_TIMES_TARGET * this.options.criteria().maxP99Ms();
	}

	private KneeReport report(List<KneeResult> results) {
		return new KneeReport(this.options.criteria(), this.cores, cpus(), STEP_RAMP.toSeconds(),
				this.options.settle().toSeconds(), this.options.window().toSeconds(), this.options.redisLatencyMs(),
				this.options.authLatencyMs(), this.options.edgeLimit().map(NginxConfig.EdgeLimit::describe).orElse(""),
				results);
	}

	private KneeResult search(KneeOptions.Mode searched, ServiceProcess gateway, URI url) throws InterruptedException {
		String mode = searched.name();
		LoadRequests requests = requests(searched, url);
		this.loadRequests = Optional.of(requests);
		OpenModelDriver load = new OpenModelDriver(url, requests, OpenModelDriver.CLIENT_TIMEOUT);
		this.driver = Optional.of(load);
		load.start(0);
		// Kept up with, not held for the JIT as the gate holds its JVMs: the knee is
		// judged on latency, not on CPU per request, and the steps below it warm the JIT
		// on the way. Held for it at --from (50/s), the fixed gateway took 93 s to
		// settle. A high --from has no steps below it: at --from 600 the fixed gateway
		// was still compiling (95-113 % of a core) at its first step, and the same build
		// measured knees of 504 and 1200/s minutes apart (docs/overload.md).
		WarmUp.Outcome warm = new WarmUp(this.http, OpenModelDriver.CLIENT_TIMEOUT).bring(load, url,
				URI.create(gateway.actuatorUri() + "/prometheus"), this.options.start(), this.options.warmup(),
				this.options.maxWarmup(), false);
		// Not keeping up with the start rate is a finding, not an error: its step fails
		// and the search halves the rate from there.
		double from = this.options.start();
		if (warm.ready()) {
			this.log.accept(warm.describe(gateway.name(), this.options.start()));
		}
		else {
			this.log.accept(String.format(Locale.ROOT,
					"%s %s at the start rate %.0f/s within %d s (%d of %d answered 2xx lately%s); its step "
							+ "decides, a failure halves the rate",
					gateway.name(), warm.keptUp() ? "kept up but its JIT had not settled" : "did not keep up",
					this.options.start(), warm.seconds(), warm.ok(), warm.sent(), warm.compiling()));
			if (!warm.keptUp()) {
				drain(load);
				from = 0;
			}
		}
		KneeSearch search = new KneeSearch(this.options.start(), this.options.maxRate(), this.options.resolution(),
				this.options.maxSteps(), this.options.holds());
		for (OptionalDouble next = search.next(); next.isPresent(); next = search.next()) {
			double rate = next.getAsDouble();
			KneeStep step = hold(load, gateway.pid(), from, rate);
			search.record(step);
			this.log.accept(describe(mode, step));
			if (!gateway.handle().isAlive()) {
				// A dead gateway's nginx answers 502 at once: every step would fail and
				// the search would still end on a knee.
				throw new RunFailedException(gateway.name() + " exited during the knee search at " + (int) rate
						+ "/s; see " + gateway.log());
			}
			if (step.passed()) {
				from = rate;
			}
			else {
				drain(load);
				from = 0;
			}
		}
		load.rate(0);
		load.awaitAnswers(OpenModelDriver.CLIENT_TIMEOUT);
		String ended = search.ended();
		this.log.accept(String.format(Locale.ROOT, "knee of %s: %.0f requests/s (%s)", mode, search.knee(), ended));
		return new KneeResult(mode, search.knee(), search.knee() / this.cores, search.resolved() && search.settled(),
				ended, warm.seconds(), search.steps());
	}

	/**
	 * Ramps from {@code from} to {@code rate}, holds it, and judges one window; gives up
	 * at once when the gateway has fallen behind.
	 */
	private KneeStep hold(OpenModelDriver load, long gatewayPid, double from, double rate) throws InterruptedException {
		load.takeRecords();
		long start = System.currentTimeMillis();
		// A backlog shows only after the ramp: a gateway falls behind at the full rate.
		WarmUp.ramp(load, from, rate, STEP_RAMP);
		if (watch(load, start, rate, System.currentTimeMillis() + this.options.settle().toMillis())) {
			return abandoned(load, start, rate);
		}
		StepCpu before = StepCpu.read(gatewayPid);
		long windowFrom = System.currentTimeMillis();
		if (watch(load, start, rate, windowFrom + this.options.window().toMillis())) {
			return abandoned(load, start, rate);
		}
		long windowTo = System.currentTimeMillis();
		StepCpu cpu = StepCpu.read(gatewayPid).since(before);
		Thread.sleep(OpenModelDriver.TAIL.toMillis());
		OpenModelDriver.Taken taken = load.take(windowFrom, windowTo);
		CaseFigures.Answers answers = CaseFigures.Answers.of(taken.records(), windowFrom, windowTo, taken.inFlight());
		return new KneeStep(rate, answers.requests(), answers.errors(),
				(answers.requests() - answers.errors()) / ((windowTo - windowFrom) / 1000.0), answers.p50Ms(),
				answers.p99Ms(), cpu.busy(),
				this.options.criteria().met(answers.requests(), answers.errors(), answers.p99Ms()), false,
				cpu.perRequest(answers.requests()));
	}

	/**
	 * Sleeps until {@code until}, looking four times a second whether the gateway has
	 * fallen behind; true when it has.
	 */
	private boolean watch(OpenModelDriver load, long stepStart, double rate, long until) throws InterruptedException {
		long now = System.currentTimeMillis();
		while (now < until) {
			Thread.sleep(Math.min(250, until - now));
			if (behind(load, stepStart, rate)) {
				return true;
			}
			now = System.currentTimeMillis();
		}
		return false;
	}

	/**
	 * Whether the gateway has fallen behind at the step's rate: requests as many as 1 %
	 * of a window's have waited {@link #LATE_TIMES_TARGET} times the p99 target and are
	 * still unanswered. Holding the rate longer only deepens the backlog: past its knee
	 * the fixed gateway's p99 went to 9 s and the load's sockets in flight towards the
	 * process's limit, which a step must not reach.
	 */
	private boolean behind(OpenModelDriver load, long stepStart, double rate) {
		long waitedSince = System.currentTimeMillis() - (long) deadlineMs();
		long late = load.inFlightSentBetween(stepStart, waitedSince);
		return late > Math.max(10, 0.01 * rate * this.options.window().toSeconds());
	}

	/**
	 * A step given up: what the requests sent since it began say (its ramp's included),
	 * those in flight failed.
	 */
	private KneeStep abandoned(OpenModelDriver load, long stepStart, double rate) {
		long now = System.currentTimeMillis();
		OpenModelDriver.Taken taken = load.take(stepStart, now);
		CaseFigures.Answers answers = CaseFigures.Answers.of(taken.records(), stepStart, now, taken.inFlight());
		this.log.accept(String.format(Locale.ROOT,
				"%.0f/s: given up after %.1f s, more than 1 %% of a window's requests already waiting over %.0f ms",
				rate, (now - stepStart) / 1000.0, deadlineMs()));
		// The late requests are unanswered, so the answered ones' p99 leaves them out;
		// more than 1 % of the step's requests waited that long at least.
		double late = deadlineMs();
		return new KneeStep(rate, answers.requests(), answers.errors(),
				(answers.requests() - answers.errors()) / Math.max(0.001, (now - stepStart) / 1000.0), answers.p50Ms(),
				Math.max(answers.p99Ms(), late), Double.NaN, false, true);
	}

	/**
	 * Stops the load and waits for a failed step's backlog to be answered or time out, so
	 * that the next step starts on an empty gateway.
	 */
	private void drain(OpenModelDriver load) throws InterruptedException {
		load.rate(0);
		if (!load.awaitAnswers(OpenModelDriver.CLIENT_TIMEOUT)) {
			this.log.accept(load.inFlight() + " requests still in flight " + OpenModelDriver.CLIENT_TIMEOUT.toSeconds()
					+ " s after the load stopped");
		}
		Thread.sleep(RECOVERY.toMillis());
		load.takeRecords();
	}

	/**
	 * The plain route's liveness with no token, or the product pages as the demo users,
	 * logged in now through {@code url}.
	 */
	private LoadRequests requests(KneeOptions.Mode mode, URI url) {
		if (mode.plain()) {
			return LoadRequests.plain(LoadRequests.PLAIN_PATH);
		}
		return DemoLogins.loggedIn(this.http, url, this.workspace.demoUsersCsv(), this.options.users()).productReads();
	}

	private static String describe(String mode, KneeStep step) {
		return String.format(Locale.ROOT,
				"%s at %.0f/s: %.0f OK/s, p50 %.1f ms, p99 %s%.1f ms, errors %.2f %%, cores %s busy, CPU µs a request: "
						+ "gateway %s, load %s: %s",
				mode, step.offered(), step.okPerSecond(), step.p50Ms(), step.givenUp() ? "≥ " : "", step.p99Ms(),
				step.errorPct(), step.busy(), step.cpu().gateway(), step.cpu().load(), step.call());
	}

	@Override
	public void close() {
		this.driver.ifPresent(OpenModelDriver::close);
		this.stack.close();
	}

}
