package dev.gatewaykit.bench.run;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

import dev.gatewaykit.bench.analysis.diagnostics.CpuSample;
import dev.gatewaykit.bench.analysis.diagnostics.ProfilerEvent;
import dev.gatewaykit.bench.analysis.diagnostics.WindowRecord;
import dev.gatewaykit.bench.analysis.flip.FlipEvent;
import dev.gatewaykit.bench.analysis.littleslaw.LinkLatencies;
import dev.gatewaykit.bench.analysis.summary.BenchModes;
import dev.gatewaykit.bench.analysis.summary.ModeSummaries;
import dev.gatewaykit.bench.analysis.summary.ModeSummary;
import dev.gatewaykit.bench.drive.DemoLogins;
import dev.gatewaykit.bench.drive.LoadRequests;
import dev.gatewaykit.bench.drive.UnloadedProbe;
import dev.gatewaykit.bench.model.BadInputException;
import dev.gatewaykit.bench.model.BenchJson;
import dev.gatewaykit.bench.model.CaseFacts;
import dev.gatewaykit.bench.model.MeasuredRun;
import dev.gatewaykit.bench.model.Numbers;
import dev.gatewaykit.bench.model.Unloaded;
import dev.gatewaykit.bench.probe.AsyncProfiler;
import dev.gatewaykit.bench.probe.CpuSampler;
import dev.gatewaykit.bench.probe.SocketSampler;
import dev.gatewaykit.bench.probe.WindowDiagnostics;
import dev.gatewaykit.bench.render.ChromiumScreenshot;
import dev.gatewaykit.bench.report.RunReport;
import dev.gatewaykit.bench.report.SummaryTable;
import dev.gatewaykit.common.mode.ExecutionMode;
import dev.gatewaykit.launcher.HttpAnswer;
import dev.gatewaykit.launcher.KitHttp;
import dev.gatewaykit.launcher.RunFailedException;
import dev.gatewaykit.launcher.ServiceProcess;
import dev.gatewaykit.launcher.Tools;
import dev.gatewaykit.launcher.Workspace;
import dev.gatewaykit.launcher.gatling.GatlingRun;
import dev.gatewaykit.launcher.nginx.NginxConfig;
import dev.gatewaykit.launcher.nginx.NginxServer;
import dev.gatewaykit.launcher.stack.Discovery;
import dev.gatewaykit.launcher.stack.GatewaySelection;
import dev.gatewaykit.launcher.stack.Stack;

/**
 * One {@code ./kit bench} (or {@code sweep}) run: the backends and toxiproxy once, then
 * for each mode the same sequence — gateway, its actuator facts, nginx, the socket
 * sampler, Gatling (and the mode switch of a flip run), the end scrape, stop, summary —
 * and at the end the report. Written once, here; every mode, the flip run and each sweep
 * point go through {@link #mode}.
 */
public final class BenchRun implements AutoCloseable {

	private static final HttpClient http = KitHttp.client();

	private final Workspace workspace;

	private final Tools tools;

	private final BenchOptions options;

	private final Stack stack;

	private final Consumer<String> log;

	private final PrintStream out;

	private final PrintStream err;

	private final List<String> gatlingJvmOptions;

	/** The backends and the links to them; none in a --target-url run. */
	private KitLinks links;

	private final Map<String, Long> phases = new LinkedHashMap<>();

	private Optional<String> flipError = Optional.empty();

	private Optional<AsyncProfiler> profiler = Optional.empty();

	private String noProfilerReason = "--profile off";

	public BenchRun(Workspace workspace, Tools tools, BenchOptions options, List<String> serviceJvmOptions,
			List<String> gatlingJvmOptions, Duration healthTimeout, Consumer<String> log, PrintStream out,
			PrintStream err) {
		this.workspace = workspace;
		this.tools = tools;
		this.options = options;
		this.gatlingJvmOptions = gatlingJvmOptions;
		this.stack = new Stack(workspace, tools, options.discovery(), serviceJvmOptions, healthTimeout, log);
		this.log = log;
		this.out = out;
		this.err = err;
	}

	public Path out() {
		return this.options.out();
	}

	public Optional<String> flipError() {
		return this.flipError;
	}

	/**
	 * Checks and installs what the run needs, then starts rnacos (nacos discovery), the
	 * backends and toxiproxy with the two links' latencies. Nothing starts before every
	 * tool and the build output are there.
	 */
	public void prepare() {
		write(this.options.out().resolve("params.json"), BenchJson.write(this.options.params()));
		boolean target = this.options.gateway().url().isPresent();
		if (target && this.options.scenario().simulation().equals(BenchOptions.Scenario.KIT)
				&& !Files.isRegularFile(this.workspace.demoUsersCsv())) {
			throw new RunFailedException("the kit's scenario logs in as the demo users of "
					+ this.workspace.demoUsersCsv() + ", which the kit's auth-service writes (./kit up); for a gateway "
					+ "with other users, say what to send with --request-file or --simulation");
		}
		if (!target) {
			KitLinks.check(this.stack, this.tools);
			checkMvcModes();
		}
		if (this.options.profile() != ProfilerEvent.OFF && (!target || this.options.gateway().pid().isPresent())) {
			try {
				this.profiler = Optional
					.of(AsyncProfiler.extract(this.workspace.kitDir().resolve(AsyncProfiler.DIR_NAME)));
			}
			catch (AsyncProfiler.ProfilerException ex) {
				this.noProfilerReason = ex.getMessage();
				this.log.accept("warning: no flame graphs in this run: " + ex.getMessage());
			}
		}
		if (target) {
			// The user's gateway and whatever it calls are already running: nothing to
			// start.
			return;
		}
		this.links = KitLinks.start(this.stack, List.of(KitLinks.REDIS, KitLinks.AUTH));
		this.links.latency(KitLinks.REDIS, this.options.redisLatencyMs());
		this.links.latency(KitLinks.AUTH, this.options.authLatencyMs());
	}

	/**
	 * What gateway-mvc's modes need, said before anything starts rather than when their
	 * case comes: a JDK 21+ (the install line when there is none) and the jar.
	 */
	private void checkMvcModes() {
		if (this.options.modes().stream().noneMatch((mode) -> BenchModes.mvcMode(mode).isPresent())) {
			return;
		}
		Path java = this.tools.java21();
		Path jar = this.workspace.jar(GatewaySelection.MVC_MODULE);
		if (!Files.isRegularFile(jar)) {
			throw new RunFailedException("no " + jar + " for the MVC modes; run ./mvnw -DskipTests install");
		}
		this.log.accept("gateway-mvc runs on " + java);
	}

	/** The gateway that runs: the kit's, a --gateway-jar or a --target-url. */
	private String build() {
		return this.options.gateway()
			.url()
			.map(URI::toString)
			.or(() -> this.options.gateway().jar().map(Path::toString))
			.orElse("kit");
	}

	/** Sets the auth link's latency (a sweep point). */
	public void authLatency(int millis) {
		if (this.links == null) {
			// The sweep refuses --target-url before it starts anything.
			throw new IllegalStateException("no auth link of the kit's to set: a --target-url run starts no toxiproxy");
		}
		this.links.latency(KitLinks.AUTH, millis);
	}

	/**
	 * One mode, start to summary, in {@code out/name}, with the run's nginx and the
	 * mode's gateway arguments.
	 * @param mode a mode name ({@link BenchOptions#MODE_NAMES}), {@code flip} or
	 * {@code custom}
	 * @param repeat which repeat (1..), named {@code MODE_<k>} when the run repeats
	 * @param authLatencyMs the auth link's latency now, for the prediction
	 */
	public void mode(String mode, int repeat, int authLatencyMs) {
		run(new Case(CaseFacts.Kind.MODE, mode, mode, repeat, this.options.repeatDirectory(mode, repeat),
				this.options.nginx(), this.options.gatewayArguments(mode), authLatencyMs, List.of(), Map.of()));
	}

	/**
	 * One point of a scaling curve ({@code --gateways}): {@code mode} with
	 * {@code gateways} instances behind the one nginx upstream, in {@code out/MODE@Ngw}.
	 */
	public void scalePoint(String mode, int gateways, int authLatencyMs) {
		run(new Case(CaseFacts.Kind.SCALE_POINT, mode, mode, 1, BenchOptions.scaleDirectory(mode, gateways),
				this.options.nginx(), this.options.gatewayArguments(mode), authLatencyMs, List.of(),
				Map.of(CaseFacts.GATEWAYS_KNOB, String.valueOf(gateways))));
	}

	/** One point of a sweep: {@code mode} with the auth link at {@code authLatencyMs}. */
	public void sweepPoint(String mode, int authLatencyMs) {
		run(new Case(CaseFacts.Kind.SWEEP_POINT, mode, mode, 1, mode + "@" + authLatencyMs + "ms", this.options.nginx(),
				this.options.gatewayArguments(mode), authLatencyMs, List.of(), Map.of()));
	}

	/**
	 * One measured case: a mode of the gateway with its arguments, behind an nginx
	 * variant. Bench modes, repeats, sweep points, ablation knobs and the soak are all
	 * cases; each writes what it is in its {@code case.json}.
	 *
	 * @param kind what the case is part of
	 * @param group the case the repeats belong to (a mode, or an ablation's
	 * {@code <base>~<knob>})
	 * @param mode the mode name the summary carries
	 * @param repeat 1.., or 0 for a warm-up that is not counted
	 * @param name the case's directory and label
	 * @param nginx the nginx configuration in front of the gateway
	 * @param gatewayArguments the gateway's arguments after the stack's own
	 * @param authLatencyMs the auth link's latency now, for the prediction
	 * @param gatewayJvmOptions the gateway's JVM options after the run's
	 * @param knobs what the case sets apart from its build, for its {@code case.json}
	 */
	public record Case(CaseFacts.Kind kind, String group, String mode, int repeat, String name,
			NginxConfig.Variant nginx, List<String> gatewayArguments, int authLatencyMs, List<String> gatewayJvmOptions,
			Map<String, String> knobs) {

		/** How many gateways serve the case: one but for a scale point. */
		int gateways() {
			return CaseFacts.gateways(this.knobs);
		}

	}

	/**
	 * What a run that asks more of the running gateway than the bench does around a
	 * case's load ({@code ./kit soak}: its own warm-up, then snapshots of the gateway's
	 * memory, files and threads before, during and after). The bench's cases have none.
	 */
	public interface Around {

		/**
		 * The gateway and nginx are up, the load has not started.
		 * @param load runs another load against them first (a warm-up), in
		 * {@code <case>/<label>}, with these {@code bench.*} properties over the run's
		 */
		void beforeLoad(ServiceProcess gateway, ExtraLoad load);

		/** The load has ended; the gateway still runs until this returns. */
		void afterLoad(ServiceProcess gateway);

	}

	/** A Gatling load besides the case's own, against the case's gateway. */
	@FunctionalInterface
	public interface ExtraLoad {

		void run(String label, Map<String, String> properties);

	}

	/** One case, start to summary, in {@code out/<case name>}. */
	public void run(Case run) {
		run(run, null);
	}

	/**
	 * One case, start to summary, in {@code out/<case name>}, with {@code around}'s steps
	 * before and after the load ({@code null}: none).
	 */
	public void run(Case run, Around around) {
		Path dir = this.options.out().resolve(run.name());
		createDirectories(dir);
		// A --target-url gateway's links are not the kit's: it added no latency to them.
		CaseFacts.Links links = this.options.gateway().url().isPresent() ? new CaseFacts.Links(0, 0)
				: new CaseFacts.Links(this.options.redisLatencyMs(), run.authLatencyMs());
		new CaseFacts(CaseFacts.SCHEMA, run.kind(), run.group(), run.mode(), run.repeat(), build(), run.knobs(), links)
			.write(dir);
		if (this.options.gateway().url().isPresent()) {
			runAgainstTarget(run, dir, this.options.gateway().url().get());
			return;
		}
		String mode = run.mode();
		String name = run.name();
		int count = run.gateways();
		this.log.accept("── " + name + ": starting " + ((count == 1) ? "gateway" : count + " gateways")
				+ " (redis link +" + this.options.redisLatencyMs() + " ms, auth link +" + run.authLatencyMs() + " ms, "
				+ this.options.discovery().id() + " discovery)");
		GatewaySelection selection = BenchOptions.selection(mode);
		Path jar = this.options.gateway().jar().orElse(this.workspace.jar(selection.module()));
		List<ServiceProcess> gateways = this.links.startGateways(jar, selection, count, dir,
				concat(this.options.gatewayJvmOptions(), run.gatewayJvmOptions()), run.gatewayArguments());
		ServiceProcess gateway = gateways.get(0);
		Optional<String> facts = get(gateway.actuatorUri().resolve("actuator/kit"));
		if (facts.isPresent()) {
			write(dir.resolve("gateway.json"), facts.get());
		}
		else if (!mode.equals(ModeSummary.CUSTOM)) {
			throw new RunFailedException(gateway.name() + " answered no GET /actuator/kit");
		}
		NginxServer nginx = this.stack.startNginx(run.nginx(), upstreams(gateways), dir.resolve("nginx"));
		if (around != null) {
			around.beforeLoad(gateway, (label, load) -> {
				Map<String, String> properties = new LinkedHashMap<>(this.options.loadProperties());
				properties.putAll(load);
				Path loadDir = dir.resolve(label);
				createDirectories(loadDir);
				// Its injector's CPU is not the case's: a sampler of its own that never
				// runs.
				gatling(loadDir, "gateway", nginx.url(), label, properties, new CpuSampler());
			});
		}
		this.log.accept("── " + name + ": " + load() + ", nginx " + run.nginx().id());
		SocketSampler sampler = new SocketSampler(gateway.port(), Duration.ofMillis(500));
		CompletableFuture<Integer> sampling = CompletableFuture.supplyAsync(() -> sample(sampler, dir));
		// Every instance's CPU under one name: a scale point's CPU per request is the
		// gateways', as one gateway's is its own. The diagnostics below read the first.
		CpuSampler cpu = cpuSampler(nginx).watchAll("gateway", gateways.stream().map(ServiceProcess::handle).toList());
		CompletableFuture<Integer> cpuSampling = CompletableFuture.supplyAsync(() -> sampleCpu(cpu, dir));
		WindowDiagnostics diagnostics = new WindowDiagnostics();
		CompletableFuture<WindowRecord> window = CompletableFuture.supplyAsync(() -> diagnostics
			.run(plan(dir, name, gateway.pid(), Optional.of(gateway.actuatorUri()), pinsJcmd(selection)), this.log));
		Optional<CompletableFuture<FlipEvent>> flip = mode.equals("flip") ? Optional.of(startFlip(dir, gateways))
				: Optional.empty();
		try {
			Map<String, String> properties = new LinkedHashMap<>(this.options.loadProperties());
			properties.put("bench.gatewayMetricsUrl", gateway.actuatorUri() + "/prometheus");
			load(dir, mode.equals(ModeSummary.VANILLA) ? "vanilla" : "gateway", nginx.url(), name, properties, cpu);
		}
		finally {
			diagnostics.abort();
			sampler.stop();
			cpu.stop();
			awaitQuietly(sampling);
			awaitQuietly(cpuSampling);
			// The window's end came before the simulation's tail: this only waits when
			// the flame graph is still being written.
			awaitQuietly(window, Duration.ofSeconds(60));
		}
		flip.ifPresent((pending) -> finishFlip(pending, dir, gateway));
		if (around != null) {
			around.afterLoad(gateway);
		}
		get(URI.create(gateway.actuatorUri() + "/prometheus"))
			.ifPresent((text) -> write(dir.resolve("gateway-metrics.txt"), text));
		// After the end scrape: the probe's requests are not the window's.
		unloaded(dir, mode, nginx.url());
		this.stack.stop(nginx);
		gateways.forEach(this.stack::stop);
		summarize(dir, mode, this.options.redisLatencyMs(), run.authLatencyMs());
	}

	/**
	 * A gateway the kit did not start ({@code --target-url}): only the load, the
	 * injector's CPU and, given its PID, the gateway's CPU, thread dump and flame graph.
	 * The links' latencies are the user's, so the summary records none.
	 */
	private void runAgainstTarget(Case run, Path dir, URI target) {
		this.log.accept("── " + run.name() + ": " + load() + ", against " + target);
		CpuSampler cpu = new CpuSampler();
		Optional<Long> pid = this.options.gateway().pid();
		pid.flatMap(ProcessHandle::of).ifPresent((process) -> cpu.watch("gateway", process));
		CompletableFuture<Integer> cpuSampling = CompletableFuture.supplyAsync(() -> sampleCpu(cpu, dir));
		WindowDiagnostics diagnostics = new WindowDiagnostics();
		Optional<CompletableFuture<WindowRecord>> window = pid.map((value) -> CompletableFuture.supplyAsync(
				() -> diagnostics.run(plan(dir, run.name(), value, Optional.empty(), Optional.empty()), this.log)));
		try {
			load(dir, "gateway", target, run.name(), this.options.loadProperties(), cpu);
		}
		finally {
			diagnostics.abort();
			cpu.stop();
			awaitQuietly(cpuSampling);
			window.ifPresent((pending) -> awaitQuietly(pending, Duration.ofSeconds(60)));
		}
		unloaded(dir, run.mode(), target);
		summarize(dir, run.mode(), 0, 0);
	}

	/**
	 * The unloaded response time of the load's requests, sent one at a time to the stack
	 * the window has just warmed ({@code unloaded.json}): the closed model's bound. Only
	 * for the kit's scenario, whose requests the kit can send itself; a probe that fails
	 * costs the bound, not the run.
	 */
	private void unloaded(Path dir, String mode, URI base) {
		if (mode.equals(ModeSummary.FLIP)) {
			return;
		}
		if (!this.options.scenario().simulation().equals(BenchOptions.Scenario.KIT)) {
			this.log
				.accept("no unloaded response time for " + mode + ": the kit sends only its own scenario's requests");
			return;
		}
		try {
			LoadRequests load;
			if (mode.equals(ModeSummary.VANILLA)) {
				load = LoadRequests.plain(LoadRequests.PLAIN_PATH);
			}
			else {
				load = DemoLogins.loggedIn(http, base, this.workspace.demoUsersCsv(), 1).productReads();
			}
			Optional<Unloaded> unloaded = UnloadedProbe.measure(http, base, load, UnloadedProbe.REQUESTS);
			unloaded.ifPresent((value) -> BenchJson.write(dir.resolve(Unloaded.FILE), value));
			this.log.accept(unloaded
				.map((value) -> "unloaded response time: median " + Numbers.trim(value.medianMs(), 1) + " ms of "
						+ value.ok() + " requests one at a time")
				.orElse("no unloaded response time: no request of the probe was answered 2xx"));
		}
		catch (RunFailedException ex) {
			this.log.accept("no unloaded response time: " + ex.getMessage());
		}
	}

	private WindowDiagnostics.Plan plan(Path dir, String name, long pid, Optional<URI> actuator,
			Optional<Path> pinsJcmd) {
		return new WindowDiagnostics.Plan(dir, name, pid, actuator, this.options.profile(), this.profiler,
				this.noProfilerReason, this.options.blockHound(),
				Duration.ofSeconds(this.options.maxWarmupSeconds() + 120), Optional.of(this.stack.management()),
				pinsJcmd);
	}

	/**
	 * The {@code jcmd} that records an MVC case's pinned virtual threads: its gateway's
	 * JDK's, whose JFR has the event (both MVC modes are recorded, so that they differ
	 * only in their threads); none for the WebFlux gateway.
	 */
	private Optional<Path> pinsJcmd(GatewaySelection selection) {
		return selection.mvcMode().map((mode) -> this.tools.java21().resolveSibling("jcmd"));
	}

	/** The load each case runs, for the log. */
	private String load() {
		String simulation = this.options.scenario().simulation();
		return "Gatling (" + simulation.substring(simulation.lastIndexOf('.') + 1) + "), warm-up "
				+ this.options.warmupSeconds().map((s) -> s + " s").orElse("auto") + " (at most "
				+ this.options.maxWarmupSeconds() + " s) + " + this.options.durationSeconds() + " s measured";
	}

	/**
	 * nginx → mall-api without the gateway: whether the injector, nginx or mall-api could
	 * be what limits it.
	 */
	public void ceiling() {
		Path dir = this.options.out().resolve("ceiling");
		createDirectories(dir);
		new CaseFacts(CaseFacts.SCHEMA, CaseFacts.Kind.MODE, ModeSummary.CEILING, ModeSummary.CEILING, 1, "no gateway",
				Map.of(), new CaseFacts.Links(0, 0))
			.write(dir);
		// 20 s at most: the ceiling only says whether the injector or the box could be
		// the limit.
		int duration = Math.min(this.options.durationSeconds(), 20);
		this.log.accept("── ceiling: nginx → mall-api without the gateway for " + duration + " s");
		ServiceProcess mall = this.links.backends().mallApis().get(0);
		NginxServer nginx = this.stack.startNginx(this.options.nginx(),
				List.of(new NginxConfig.Upstream("127.0.0.1", mall.port())), dir.resolve("nginx"));
		Map<String, String> properties = new LinkedHashMap<>(this.options.loadProperties());
		properties.put("bench.durationSeconds", String.valueOf(duration));
		// A fixed 5 s warm-up: nginx and mall-api have just served every mode, so the
		// path is already compiled.
		properties.put("bench.warmupSeconds", "5");
		CpuSampler cpu = cpuSampler(nginx);
		CompletableFuture<Integer> cpuSampling = CompletableFuture.supplyAsync(() -> sampleCpu(cpu, dir));
		try {
			load(dir, "ceiling", nginx.url(), "ceiling", properties, cpu);
		}
		finally {
			cpu.stop();
			awaitQuietly(cpuSampling);
			this.stack.stop(nginx);
		}
		summarize(dir, "ceiling", 0, 0);
	}

	/** Stops the stack, then writes summary.json, report.html and report.png. */
	public void report() {
		for (String service : List.of("auth-service", "mall-api-1", "redis", "toxiproxy", "rnacos")) {
			Path logFile = this.workspace.logs().resolve(service + ".log");
			if (Files.isRegularFile(logFile)) {
				copy(logFile, this.options.out().resolve(service + ".log"));
			}
		}
		this.stack.close();
		Map<String, String> tools = ToolVersions.defaultTools();
		if (this.options.gateway().url().isEmpty()) {
			// Installed by prepare(); a --target-url run installs nothing.
			tools.put("toxiproxy-server", this.tools.toxiproxy().toString());
		}
		this.tools.findRnacos().ifPresent((rnacos) -> tools.put("rnacos", rnacos.toString()));
		timed("report", () -> writeReport(tools));
		timed("screenshot", this::screenshot);
	}

	/** Runs {@code step} and records how long it took in {@code out/phases.txt}. */
	public void timed(String name, Runnable step) {
		long started = System.nanoTime();
		try {
			step.run();
		}
		finally {
			long seconds = Duration.ofNanos(System.nanoTime() - started).toSeconds();
			this.phases.put(name, seconds);
			this.log.accept("phase '" + name + "': " + seconds + " s");
			write(this.options.out().resolve("phases.txt"), name + "\t" + seconds + "\n", true);
		}
	}

	public Map<String, Long> phases() {
		return this.phases;
	}

	@Override
	public void close() {
		this.stack.close();
	}

	/**
	 * The case's load: one Gatling JVM, or with {@code --injectors N} N of them at once
	 * ({@link Injectors}), each given its share of the load and one start instant, their
	 * runs then merged into {@code dir} as one injector's. The first injector's CPU is
	 * sampled as the injector's, the others' as {@code injector-<k>}.
	 */
	private void load(Path dir, String target, URI baseUrl, String label, Map<String, String> load, CpuSampler cpu) {
		int injectors = this.options.injectors();
		if (injectors == 1) {
			gatling(dir, target, baseUrl, label, load, cpu);
			return;
		}
		long instant = Injectors.startInstant(System.currentTimeMillis(), load);
		List<Map<String, String>> shares = Injectors.split(load, injectors, instant);
		this.log.accept(label + ": " + injectors + " injectors, their windows opening at "
				+ Instant.ofEpochMilli(instant) + " (in " + (instant - System.currentTimeMillis()) / 1000 + " s)");
		List<CompletableFuture<Void>> others = new ArrayList<>();
		for (int k = 2; k <= injectors; k++) {
			Path own = Injectors.directory(dir, k);
			createDirectories(own);
			String name = "injector-" + k;
			Map<String, String> share = shares.get(k - 1);
			GatlingRun run = gatlingRun(own, target, baseUrl, label + "-" + name, share);
			others.add(CompletableFuture.runAsync(
					() -> run.run(this.err::println, (injector) -> cpu.watch(name, injector)),
					(task) -> new Thread(task, "gatling-" + name).start()));
		}
		List<RuntimeException> failures = new ArrayList<>();
		try {
			gatling(dir, target, baseUrl, label, shares.get(0), cpu);
		}
		finally {
			// Each injector ends within its own timeout (GatlingRun stops it then): none
			// is left loading the stack.
			Duration wait = this.options.load().timeout().plusSeconds(60);
			others.forEach((other) -> failure(other, wait).ifPresent(failures::add));
		}
		if (!failures.isEmpty()) {
			// The first injector that failed fails the case, as a lone injector would.
			throw failures.get(0);
		}
		try {
			Injectors.merge(dir, injectors);
		}
		catch (BadInputException ex) {
			// The injectors ran; what they measured does not add up (one began after the
			// start instant): the run's failure, not the user's input.
			throw new RunFailedException("the injectors' runs of " + label + " cannot be merged: " + ex.getMessage()
					+ "; each one's files are in " + dir.resolve("injector-<k>"));
		}
	}

	/** Waits for an injector's run: what failed it, if anything. */
	private static Optional<RuntimeException> failure(CompletableFuture<Void> run, Duration timeout) {
		try {
			run.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
			return Optional.empty();
		}
		catch (ExecutionException ex) {
			return Optional.of((ex.getCause() instanceof RuntimeException runtime) ? runtime
					: new RunFailedException("an injector failed: " + ex.getCause(), ex.getCause()));
		}
		catch (TimeoutException ex) {
			return Optional.of(new RunFailedException("an injector still ran after " + timeout.toSeconds() + " s"));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return Optional.of(new RunFailedException("interrupted while waiting for an injector", ex));
		}
	}

	private void gatling(Path dir, String target, URI baseUrl, String label, Map<String, String> load, CpuSampler cpu) {
		gatlingRun(dir, target, baseUrl, label, load).run(this.err::println,
				(injector) -> cpu.watch("injector", injector));
	}

	private GatlingRun gatlingRun(Path dir, String target, URI baseUrl, String label, Map<String, String> load) {
		Map<String, String> properties = GatlingRun.properties(baseUrl, target, load, this.workspace.demoUsersCsv(),
				label, dir);
		return new GatlingRun(this.options.scenario().simulation(), this.workspace.gatlingClassPath(),
				this.options.scenario().classPath(), this.gatlingJvmOptions, properties, dir, label,
				this.options.load().timeout());
	}

	private void summarize(Path dir, String mode, int redisLatencyMs, int authLatencyMs) {
		MeasuredRun measured = ModeSummaries.measured(dir);
		if (measured.workload() == null) {
			throw new RunFailedException("the simulation recorded no workload in " + dir.resolve("measured.json")
					+ "; summarize it with ./kit summarize-mode --dir " + dir + " --mode " + mode
					+ " --model closed|open --users N|--rate R");
		}
		ModeSummary summary = ModeSummaries.summarize(dir, mode, new LinkLatencies(redisLatencyMs, authLatencyMs, 0),
				measured, measured.workload(), (warning) -> this.err.println("warning: " + warning));
		this.out.println(SummaryTable.line(summary));
	}

	private void writeReport(Map<String, String> tools) {
		try {
			RunReport report = RunReports.write(this.options.out(), null, this.workspace.root(), tools);
			this.out.print(SummaryTable.terminal(report.summary()));
			this.out.println("wrote " + this.options.out().resolve("summary.json") + " and "
					+ this.options.out().resolve("report.html"));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * report.png, when Chromium is installed: the bench does not install it (the
	 * screenshot is all it is for), so without it a note says how to take the picture; an
	 * installed Chromium that fails to render is a warning, since the report itself is
	 * written.
	 */
	void screenshot() {
		Path html = this.options.out().resolve("report.html");
		Path png = this.options.out().resolve("report.png");
		Optional<Path> chromium = ChromiumScreenshot.findChromium(this.tools.path());
		if (chromium.isEmpty()) {
			this.log.accept(ChromiumScreenshot.skippedNote(html, png));
			return;
		}
		try {
			ChromiumScreenshot.Result result = ChromiumScreenshot.capture(chromium.get(), html, png,
					ChromiumScreenshot.DEFAULT_WIDTH, ChromiumScreenshot.DEFAULT_HEIGHT,
					ChromiumScreenshot.DEFAULT_TIMEOUT, ChromiumScreenshot.DEFAULT_MIN_BYTES);
			if (!result.ok()) {
				this.log.accept("warning: report.html could not be rendered in headless Chromium: " + result.message());
			}
		}
		catch (IOException ex) {
			this.log.accept("warning: report.html could not be rendered in headless Chromium: " + ex.getMessage());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * The mode switch of a flip run, beside Gatling: waits for the simulation's window,
	 * switches (actuator or Nacos config), confirms on {@code GET /actuator/kit} and
	 * writes {@code flip.json}.
	 */
	private CompletableFuture<FlipEvent> startFlip(Path dir, List<ServiceProcess> gateways) {
		deleteIfExists(dir.resolve("phase.json"));
		deleteIfExists(dir.resolve(FlipEvent.FILE));
		boolean nacos = this.options.discovery() == Discovery.NACOS;
		ModeFlipper.Plan plan = new ModeFlipper.Plan(dir, this.options.flipAtSeconds().orElseThrow(),
				ExecutionMode.BLOCKING, ExecutionMode.REACTIVE,
				nacos ? ModeFlipper.Via.NACOS : ModeFlipper.Via.ACTUATOR,
				gateways.stream().map(ServiceProcess::actuatorUri).toList(),
				this.stack.nacos().map((server) -> server.url()).orElse(null),
				Duration.ofSeconds(this.options.maxWarmupSeconds() + 120), Duration.ofSeconds(10),
				Optional.of(this.stack.management()));
		this.log.accept("── flip: the gateway starts blocking (profile fixed) and is switched to reactive via "
				+ plan.via().id() + " " + plan.atSeconds() + " s into the window");
		return CompletableFuture.supplyAsync(() -> {
			try {
				return ModeFlipper.create().flip(plan);
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new RunFailedException("interrupted", ex);
			}
		});
	}

	private void finishFlip(CompletableFuture<FlipEvent> pending, Path dir, ServiceProcess gateway) {
		try {
			FlipEvent event = pending.get(30, TimeUnit.SECONDS);
			if (event.confirmed()) {
				this.log.accept("flip " + event.from() + " → " + event.to() + " confirmed "
						+ (event.confirmedAtEpochMs() - event.requestedAtEpochMs()) + " ms after the request");
			}
			else {
				this.flipError = Optional.of(event.error());
			}
		}
		catch (Exception ex) {
			pending.cancel(true);
			this.flipError = Optional.of("the mode switch did not finish: " + ex);
		}
		get(gateway.actuatorUri().resolve("actuator/kit"))
			.ifPresent((json) -> write(dir.resolve("gateway-after.json"), json));
	}

	private Integer sample(SocketSampler sampler, Path dir) {
		try {
			return sampler.run(dir.resolve("sockets.jsonl"),
					Duration.ofSeconds(this.options.maxWarmupSeconds() + this.options.durationSeconds() + 180));
		}
		catch (IOException ex) {
			this.log.accept("warning: the socket sampler stopped: " + ex.getMessage());
			return 0;
		}
	}

	/**
	 * Every process of the path but the gateway (the caller adds it, and the injector
	 * once it runs): what each one costs per request.
	 */
	private CpuSampler cpuSampler(NginxServer nginx) {
		CpuSampler cpu = new CpuSampler().watch("nginx", nginx.handle())
			.watch("mall-api", this.links.backends().mallApis().get(0).handle())
			.watch("auth-service", this.links.backends().authService().handle())
			.watch("redis", this.links.backends().redis().handle())
			.watch("toxiproxy", this.links.toxiproxy().handle());
		return cpu;
	}

	private Integer sampleCpu(CpuSampler cpu, Path dir) {
		try {
			return cpu.run(dir.resolve(CpuSample.FILE), Duration.ofSeconds(1),
					Duration.ofSeconds(this.options.maxWarmupSeconds() + this.options.durationSeconds() + 180));
		}
		catch (IOException ex) {
			this.log.accept("warning: the CPU sampler stopped: " + ex.getMessage());
			return 0;
		}
	}

	private static void awaitQuietly(CompletableFuture<?> future) {
		awaitQuietly(future, Duration.ofSeconds(10));
	}

	private static void awaitQuietly(CompletableFuture<?> future, Duration timeout) {
		try {
			future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (Exception ex) {
			future.cancel(true);
		}
	}

	private static List<String> concat(List<String> first, List<String> second) {
		List<String> all = new ArrayList<>(first);
		all.addAll(second);
		return all;
	}

	private static List<NginxConfig.Upstream> upstreams(List<ServiceProcess> gateways) {
		return gateways.stream().map((gateway) -> new NginxConfig.Upstream("127.0.0.1", gateway.port())).toList();
	}

	private static Optional<String> get(URI uri) {
		return HttpAnswer.send(http, HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).GET().build()).okBody();
	}

	private static void write(Path file, String text) {
		write(file, text, false);
	}

	private static void write(Path file, String text, boolean append) {
		try {
			Files.createDirectories(file.getParent());
			if (append) {
				Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
						StandardOpenOption.APPEND);
			}
			else {
				Files.writeString(file, text, StandardCharsets.UTF_8);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("could not write " + file, ex);
		}
	}

	private static void copy(Path from, Path to) {
		try {
			Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static void createDirectories(Path dir) {
		try {
			Files.createDirectories(dir);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static void deleteIfExists(Path file) {
		try {
			Files.deleteIfExists(file);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
