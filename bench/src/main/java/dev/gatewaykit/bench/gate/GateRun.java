package dev.gatewaykit.bench.gate;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

import dev.gatewaykit.bench.analysis.chaos.RequestRecord;
import dev.gatewaykit.bench.analysis.diagnostics.CompilerThreads;
import dev.gatewaykit.bench.analysis.diagnostics.CpuSample;
import dev.gatewaykit.bench.analysis.diagnostics.MachineCpu;
import dev.gatewaykit.bench.analysis.diagnostics.ProcCpu;
import dev.gatewaykit.bench.analysis.paired.CaseFigures;
import dev.gatewaykit.bench.analysis.paired.GateOutcome;
import dev.gatewaykit.bench.analysis.paired.GatePair;
import dev.gatewaykit.bench.analysis.paired.PairedVerdict;
import dev.gatewaykit.bench.drive.DemoLogins;
import dev.gatewaykit.bench.drive.OpenModelDriver;
import dev.gatewaykit.bench.drive.WarmUp;
import dev.gatewaykit.bench.model.BenchJson;
import dev.gatewaykit.bench.probe.CpuSampler;
import dev.gatewaykit.bench.run.KitLinks;
import dev.gatewaykit.common.diagnostics.BlockingCall;
import dev.gatewaykit.common.diagnostics.DiagnosticsEndpoint;
import dev.gatewaykit.common.diagnostics.GatewayDiagnostics;
import dev.gatewaykit.launcher.HttpAnswer;
import dev.gatewaykit.launcher.KitHttp;
import dev.gatewaykit.launcher.RunFailedException;
import dev.gatewaykit.launcher.ServiceProcess;
import dev.gatewaykit.launcher.Tools;
import dev.gatewaykit.launcher.Workspace;
import dev.gatewaykit.launcher.nginx.NginxConfig;
import dev.gatewaykit.launcher.nginx.NginxServer;
import dev.gatewaykit.launcher.stack.Discovery;
import dev.gatewaykit.launcher.stack.GatewaySelection;
import dev.gatewaykit.launcher.stack.Stack;
import org.jspecify.annotations.Nullable;

/**
 * One {@code ./kit gate} run: the stack once (Redis, auth-service, mall-api, each link
 * through toxiproxy), then a few gateway JVMs of each build, each behind an nginx of its
 * own; every JVM ramped up to the gate's open-model rate until it keeps up; then pairs of
 * cases in ABBA order, the load moved from one JVM to the next between windows, until the
 * statistics decide or the cap is reached.
 * <p>
 * Warm JVMs alternated rather than a fresh JVM per case: a fresh JVM needs its start and
 * about half a minute of JIT before it keeps up, which would put a default gate past ten
 * minutes; two JVMs per side still put JVM-to-JVM variance (JIT decisions, layout) into
 * the pairs, and the report states both spreads so the choice can be checked.
 */
public final class GateRun implements AutoCloseable {

	/** The calibration's rate: low enough for any stack the kit runs on. */
	private static final double PROBE_RATE = 300;

	private static final Duration CALIBRATION_WINDOW = Duration.ofSeconds(5);

	/** The calibration's closed-model burst: clients, and how long. */
	private static final int BURST_USERS = 64;

	private static final Duration BURST = Duration.ofSeconds(20);

	/** Above this median busy share of the cores, the gate warns of saturation. */
	private static final double SATURATED = 0.85;

	/**
	 * What the end of a gate takes after its last pair: stopping the stack, mainly (13
	 * s).
	 */
	private static final Duration STOP_RESERVE = Duration.ofSeconds(20);

	/** Calibration errors above this stop the gate: no verdict on broken data. */
	private static final double MAX_CALIBRATION_ERROR_PCT = 1.0;

	private final Workspace workspace;

	private final Tools tools;

	private final GateOptions options;

	private final Stack stack;

	private final Consumer<String> log;

	private final HttpClient http = KitHttp.client();

	private final WarmUp warmUp = new WarmUp(this.http, OpenModelDriver.CLIENT_TIMEOUT);

	private KitLinks links;

	/** Whether a baseline JVM has kept up with the gate's rate. */
	private boolean baselineKeptUp;

	private Optional<OpenModelDriver> driver = Optional.empty();

	/** Whether --max-minutes ended the pairs. */
	private boolean timeUp;

	/** The slot the pairs' load was last moved to, and when. */
	private @Nullable Slot moved;

	private long movedAt;

	/** Records taken from the driver and not yet used, oldest first. */
	private final List<RequestRecord> backlog = new ArrayList<>();

	public GateRun(Workspace workspace, Tools tools, GateOptions options, List<String> serviceJvmOptions,
			Duration healthTimeout, Consumer<String> log) {
		this.workspace = workspace;
		this.tools = tools;
		this.options = options;
		this.stack = new Stack(workspace, tools, Discovery.STATIC, serviceJvmOptions, healthTimeout, log);
		this.log = log;
	}

	/** The gate to its verdict. */
	public GateOutcome run() throws InterruptedException {
		GateBuilds builds = new GateBuilds(this.workspace, this.log);
		Path baselineJar = builds.jar(this.options.baseline());
		Path candidateJar = builds.jar(this.options.candidate());
		KitLinks.check(this.stack, this.tools);
		long started = System.currentTimeMillis();
		this.links = KitLinks.start(this.stack, List.of(KitLinks.REDIS, KitLinks.AUTH, KitLinks.MALL));
		List<Slot> baseline = start(this.options.baseline(), baselineJar);
		List<Slot> candidate = start(this.options.candidate(), candidateJar);
		DemoLogins logins = DemoLogins.loggedIn(this.http, baseline.get(0).url(), this.workspace.demoUsersCsv(),
				this.options.users());
		OpenModelDriver load = new OpenModelDriver(baseline.get(0).url(), logins.productReads(),
				OpenModelDriver.CLIENT_TIMEOUT);
		this.driver = Optional.of(load);
		load.start(0);
		String rateSource;
		double rate;
		if (this.options.rate().isPresent()) {
			rate = this.options.rate().get();
			rateSource = "given (--rate)";
		}
		else {
			double capacity = calibrate(load, baseline.get(0));
			rate = Math.floor(capacity * this.options.share());
			rateSource = String.format(Locale.ROOT,
					"calibrated: %.0f %% of the %.0f/s the baseline answered flat out (%d clients)",
					this.options.share() * 100, capacity, BURST_USERS);
			this.log.accept(rateSource + ": " + (int) rate + "/s");
		}
		for (int jvm = 0; jvm < this.options.jvms(); jvm++) {
			// The calibration took the baseline's first JVM through its burst already.
			if (jvm > 0 || this.options.rate().isPresent()) {
				burst(load, baseline.get(jvm), rate);
			}
			warmUp(load, baseline.get(jvm), rate, WarmUp.RAMP, true);
			burst(load, candidate.get(jvm), rate);
			warmUp(load, candidate.get(jvm), rate, WarmUp.RAMP, true);
		}
		long measuring = System.currentTimeMillis();
		List<GatePair> pairs = new ArrayList<>();
		List<Double> busy = new ArrayList<>();
		moveTo(load, slot(baseline, candidate, 1, GatePair.baselineFirst(1)));
		boolean more;
		do {
			int index = pairs.size() + 1;
			boolean baselineFirst = GatePair.baselineFirst(index);
			Slot first = slot(baseline, candidate, index, baselineFirst);
			Slot second = slot(baseline, candidate, index, !baselineFirst);
			// Each window's last answers arrive while the next case's load settles.
			Opened one = open(load, first);
			moveTo(load, second);
			CaseFigures x = close(load, one, index, rate);
			Opened two = open(load, second);
			int next = index + 1;
			moveTo(load, slot(baseline, candidate, next, GatePair.baselineFirst(next)));
			CaseFigures y = close(load, two, index, rate);
			GatePair pair = baselineFirst ? new GatePair(index, x, y) : new GatePair(index, y, x);
			pairs.add(pair);
			busy.add(one.busy());
			busy.add(two.busy());
			this.log.accept(progress(index, pair.baseline(), pair.candidate())
					+ String.format(Locale.ROOT, ", machine %.0f/%.0f %% busy", one.busy() * 100, two.busy() * 100));
			more = this.options.gate().more(pairs) && intime(pairs, started, measuring);
		}
		while (more);
		load.rate(0);
		load.awaitAnswers(OpenModelDriver.CLIENT_TIMEOUT);
		warnIfSaturated(busy);
		PairedVerdict verdict = this.options.gate().verdict(pairs, blocking(baseline), blocking(candidate));
		if (this.timeUp && verdict.status() == PairedVerdict.Status.UNSURE) {
			verdict = verdict.withReason("--max-minutes " + this.options.maxTime().toMinutes() + " ended it after "
					+ pairs.size() + " pairs (--max-pairs " + this.options.gate().maxPairs() + ")");
		}
		long ended = System.currentTimeMillis();
		return new GateOutcome(this.options.baseline().describe(), this.options.candidate().describe(),
				describe(this.options.selection()), rate, rateSource, this.options.jvms(),
				this.options.settle().toSeconds(), this.options.window().toSeconds(), this.options.blockHound(),
				(measuring - started) / 1000.0, (ended - measuring) / 1000.0,
				Runtime.getRuntime().availableProcessors(), verdict);
	}

	/** The side's gateways, each behind an nginx of its own (the tuned one). */
	private List<Slot> start(GateSide side, Path jar) {
		List<String> arguments = new ArrayList<>();
		arguments.add(this.links.mallRouteArgument());
		// A fixed set of compiler threads: HotSpot starts and stops extra ones with the
		// JIT's load on more than two cores, and one that lived only inside a window
		// could not be told from the gateway's own CPU.
		List<String> jvmOptions = new ArrayList<>(List.of("-XX:-UseDynamicNumberOfCompilerThreads"));
		if (this.options.blockHound()) {
			arguments.add("--kit.diagnostics.block-hound=true");
			jvmOptions.add("-XX:+AllowRedefinitionToAddDeleteMethods");
		}
		// Last: the side's own word wins over the kit's.
		arguments.addAll(side.arguments());
		Path dir = this.options.out().resolve(side.name());
		List<ServiceProcess> gateways = this.links.startGateways(side.name(), jar, this.options.selection(),
				this.options.jvms(), dir, jvmOptions, arguments);
		List<Slot> slots = new ArrayList<>();
		for (int i = 0; i < gateways.size(); i++) {
			ServiceProcess gateway = gateways.get(i);
			NginxServer nginx = this.stack.startNginx("nginx-" + gateway.name(), NginxConfig.Variant.TUNED,
					List.of(new NginxConfig.Upstream("127.0.0.1", gateway.port())), dir.resolve("nginx-" + (i + 1)));
			slots.add(new Slot(side.name(), i + 1, gateway, nginx));
		}
		return slots;
	}

	/**
	 * What the stack carries flat out through the baseline's first JVM: the JVM warmed at
	 * a low rate until it keeps up and its JIT has settled, then a closed-model burst of
	 * {@link #BURST_USERS} clients; its second half's 2xx answers a second are the
	 * capacity. A JVM still compiling carries far less: four calibrations after 16-20 s
	 * at 300/s said 875, 1062, 1343 and 1642/s, and the gates at 60 % of the low ones
	 * were the noisiest (-13 to +19 % per pair). A stack that fails more than 1 % of the
	 * requests at the low rate stops the gate.
	 */
	private double calibrate(OpenModelDriver load, Slot slot) throws InterruptedException {
		this.log.accept("calibration on " + slot.name() + ": warm at " + (int) PROBE_RATE + "/s, then " + BURST_USERS
				+ " clients flat out for " + BURST.toSeconds() + " s");
		warmUp(load, slot, PROBE_RATE, this.options.warmup(), true);
		long from = System.currentTimeMillis();
		Thread.sleep(CALIBRATION_WINDOW.toMillis());
		long to = System.currentTimeMillis();
		Thread.sleep(OpenModelDriver.TAIL.toMillis());
		Window window = window(load, from, to);
		if (window.answers().errorPct() > MAX_CALIBRATION_ERROR_PCT || window.answered() == 0) {
			throw new RunFailedException(String.format(Locale.ROOT,
					"calibration: %.1f %% of %d requests failed at %.0f/s on %s; the stack cannot carry a gate "
							+ "(see %s)",
					window.answers().errorPct(), window.answers().requests(), PROBE_RATE, slot.name(),
					slot.gateway().log()));
		}
		load.rate(0);
		load.awaitAnswers(OpenModelDriver.CLIENT_TIMEOUT);
		double capacity = load.saturate(slot.url(), BURST_USERS, BURST);
		load.awaitAnswers(OpenModelDriver.CLIENT_TIMEOUT);
		load.takeRecords();
		if (capacity < 1) {
			throw new RunFailedException(
					"calibration: " + slot.name() + " answered no 2xx flat out; see " + slot.gateway().log());
		}
		return capacity;
	}

	/**
	 * Takes {@code slot} through what the calibration takes the baseline's first JVM
	 * through: kept up with at the rate for the warm-up, then {@link #BURST_USERS}
	 * clients flat out for {@link #BURST}. Warmed alike, no JVM starts ahead: in 28 of 30
	 * recorded gates, when only the calibration's JVM had had the burst, it spent less of
	 * the stack's CPU per request than its side's other JVM (-2.9 % on average, up to
	 * -5.5 %), which leaned every gate towards calling the candidate dearer (the one A/A
	 * UNSURE: +3.7 %, from its first JVMs' pairs).
	 */
	private void burst(OpenModelDriver load, Slot slot, double rate) throws InterruptedException {
		warmUp(load, slot, rate, this.options.warmup(), false);
		load.rate(0);
		load.awaitAnswers(OpenModelDriver.CLIENT_TIMEOUT);
		double answered = load.saturate(slot.url(), BURST_USERS, BURST);
		load.awaitAnswers(OpenModelDriver.CLIENT_TIMEOUT);
		load.takeRecords();
		this.log.accept(String.format(Locale.ROOT, "%s flat out for %d s as the calibration's JVM was: %.0f/s",
				slot.name(), BURST.toSeconds(), answered));
	}

	/**
	 * Brings {@code slot} from no load to {@code rate} over {@link WarmUp#RAMP}, then
	 * holds it until {@code least} has passed and it keeps up, and its JIT has settled
	 * when {@code compiled}.
	 * @throws RunFailedException when it does not keep up within the longest warm-up
	 */
	private void warmUp(OpenModelDriver load, Slot slot, double rate, Duration least, boolean compiled)
			throws InterruptedException {
		WarmUp.Outcome warm = this.warmUp.bring(load, slot.url(),
				URI.create(slot.gateway().actuatorUri() + "/prometheus"), rate, least, this.options.maxWarmup(),
				compiled);
		if (warm.ready()) {
			this.baselineKeptUp |= compiled && slot.side().equals(CaseFigures.BASELINE);
			this.log.accept(warm.describe(slot.name(), rate));
			return;
		}
		if (slot.side().equals(CaseFigures.CANDIDATE) && this.baselineKeptUp) {
			throw new RunFailedException(String.format(Locale.ROOT,
					"%s did not keep up with %.0f requests/s within %d s (%d of %d answered 2xx lately, %d in "
							+ "flight%s), which the baseline's JVMs carried: a regression too large to "
							+ "measure in pairs at this rate (log: %s)",
					slot.name(), rate, this.options.maxWarmup().toSeconds(), warm.ok(), warm.sent(), warm.inFlight(),
					warm.compiling(), slot.gateway().log()));
		}
		throw new RunFailedException(String.format(Locale.ROOT,
				"%s did not keep up with %.0f requests/s within %d s (%d of %d answered 2xx lately, %d in "
						+ "flight): the stack cannot carry that rate; lower --rate or --share (log: %s)",
				slot.name(), rate, this.options.maxWarmup().toSeconds(), warm.ok(), warm.sent(), warm.inFlight(),
				slot.gateway().log()));
	}

	/**
	 * One case's window on {@code slot}, which the load moved to at least a settle ago or
	 * is moved to now; the case is closed once the load has moved on.
	 */
	private Opened open(OpenModelDriver load, Slot slot) throws InterruptedException {
		if (this.moved != slot) {
			moveTo(load, slot);
		}
		sleepUntil(this.movedAt + this.options.settle().toMillis());
		CpuSampler sampler = sampler(slot);
		CpuSample before = sampler.sample();
		Map<String, Map<Long, Long>> compilingBefore = sampler.compilerTicks();
		Optional<MachineCpu> machineBefore = MachineCpu.read();
		long from = System.currentTimeMillis();
		Thread.sleep(this.options.window().toMillis());
		CpuSample after = sampler.sample();
		Map<String, Map<Long, Long>> compilingAfter = sampler.compilerTicks();
		Optional<MachineCpu> machineAfter = MachineCpu.read();
		long to = System.currentTimeMillis();
		double busy = (machineBefore.isPresent() && machineAfter.isPresent())
				? machineAfter.get().busySince(machineBefore.get()) : Double.NaN;
		Map<String, Long> compiling = new LinkedHashMap<>();
		compilingAfter.forEach((name, threads) -> compiling.put(name,
				CompilerThreads.since(compilingBefore.getOrDefault(name, Map.of()), threads)));
		return new Opened(slot, before, after, compiling, from, to, busy);
	}

	/** The case's figures, once the requests sent in its window have had their tail. */
	private CaseFigures close(OpenModelDriver load, Opened opened, int pair, double rate) throws InterruptedException {
		sleepUntil(opened.to() + OpenModelDriver.TAIL.toMillis());
		Slot slot = opened.slot();
		Window window = window(load, opened.from(), opened.to());
		if (window.answered() == 0) {
			throw new RunFailedException(slot.name() + " answered nothing in pair " + pair + "'s window at "
					+ (int) rate + "/s; see " + slot.gateway().log());
		}
		// The JIT's ticks are left out of both figures: a warm-up's cost that comes in
		// bursts, not what the build spends a request (Burn gate 4: one 839 µs window
		// against 614-690, every JVM still compiling 4-5 % of the time).
		long jit = opened.compiling().getOrDefault("gateway", 0L);
		long allJit = opened.compiling().values().stream().mapToLong(Long::longValue).sum();
		long gatewayTicks = delta(opened.before(), opened.after(), "gateway");
		if (jit > gatewayTicks) {
			// The two readings are milliseconds apart; more than that is a broken
			// reading.
			throw new RunFailedException(String.format(Locale.ROOT,
					"%s's JIT threads read %d ticks in pair %d's window, the whole process %d", slot.name(), jit, pair,
					gatewayTicks));
		}
		double gateway = ProcCpu.micros(gatewayTicks - jit) / window.answered();
		double stackCpu = ProcCpu.micros(total(opened.before(), opened.after()) - allJit) / window.answered();
		CaseFigures.Answers answers = window.answers();
		return new CaseFigures(slot.side(), slot.jvm(), pair, opened.from(), opened.to(), answers.requests(),
				answers.errors(), gateway, stackCpu, answers.p50Ms(), answers.p99Ms(),
				ProcCpu.micros(jit) / window.answered(), opened.busy() * 100);
	}

	private static void sleepUntil(long epochMs) throws InterruptedException {
		long left = epochMs - System.currentTimeMillis();
		if (left > 0) {
			Thread.sleep(left);
		}
	}

	private void moveTo(OpenModelDriver load, Slot slot) {
		load.target(slot.url());
		this.moved = slot;
		this.movedAt = System.currentTimeMillis();
	}

	/**
	 * Says so when the cores were nearly full in the windows: there a process's CPU per
	 * request tends to the cores' share of the rate, whoever spends it, and a change
	 * shows smaller than it is (a Burn gate at 1162/s: the gateway +27 µs, the rest of
	 * the stack -28 µs; the same filter added 59 µs at 803/s).
	 */
	private void warnIfSaturated(List<Double> busy) {
		double[] known = busy.stream().mapToDouble(Double::doubleValue).filter(Double::isFinite).sorted().toArray();
		if (known.length == 0) {
			return;
		}
		double median = known[known.length / 2];
		if (median > SATURATED) {
			this.log.accept(String.format(Locale.ROOT,
					"warning: the machine was %.0f %% busy in the median window: CPU per request is compressed near "
							+ "saturation and changes show smaller than they are; a lower --share or --rate gives "
							+ "the cores room",
					median * 100));
		}
	}

	/** The slot of pair {@code index}'s baseline or candidate case. */
	private Slot slot(List<Slot> baseline, List<Slot> candidate, int index, boolean ofBaseline) {
		int jvm = (index - 1) % this.options.jvms();
		return ofBaseline ? baseline.get(jvm) : candidate.get(jvm);
	}

	/**
	 * Whether another pair would end inside {@code --max-minutes}, counted from the
	 * stack's start, with {@link #STOP_RESERVE} left to stop it; past the minimum of
	 * pairs only (fewer decide nothing). Says so when it stops the gate.
	 */
	private boolean intime(List<GatePair> pairs, long started, long measuring) {
		Duration limit = this.options.maxTime();
		if (limit.isZero() || pairs.size() < this.options.gate().minPairs()) {
			return true;
		}
		long now = System.currentTimeMillis();
		long perPair = (now - measuring) / pairs.size();
		long end = now + perPair + STOP_RESERVE.toMillis();
		if (end - started <= limit.toMillis()) {
			return true;
		}
		this.timeUp = true;
		this.log.accept(String.format(Locale.ROOT,
				"time: pair %d would end the gate after %d s, past --max-minutes %d; no more pairs", pairs.size() + 1,
				(end - started) / 1000, limit.toMinutes()));
		return false;
	}

	/** What the load recorded for a window, the driver's records taken. */
	private Window window(OpenModelDriver load, long from, long to) {
		OpenModelDriver.Taken taken = load.take(from, to);
		this.backlog.addAll(taken.records());
		CaseFigures.Answers answers = CaseFigures.Answers.of(this.backlog, from, to, taken.inFlight());
		long answered = this.backlog.stream().filter((r) -> r.endMs() >= from && r.endMs() < to).count();
		this.backlog.clear();
		return new Window(answers, answered);
	}

	/** The processes a request passes on its way through {@code slot}. */
	private CpuSampler sampler(Slot slot) {
		CpuSampler sampler = new CpuSampler().watch("gateway", slot.gateway().handle())
			.watch("nginx", slot.nginx().handle())
			.watch("redis", this.links.backends().redis().handle())
			.watch("auth-service", this.links.backends().authService().handle())
			.watch("toxiproxy", this.links.toxiproxy().handle());
		for (ServiceProcess mall : this.links.backends().mallApis()) {
			sampler.watch(mall.name(), mall.handle());
		}
		return sampler;
	}

	private static long delta(CpuSample before, CpuSample after, String name) {
		Long end = after.ticks().get(name);
		Long start = before.ticks().get(name);
		if (end == null || start == null) {
			throw new RunFailedException(name + " exited during the gate");
		}
		return end - start;
	}

	private static long total(CpuSample before, CpuSample after) {
		long sum = 0;
		for (String name : before.ticks().keySet()) {
			sum += delta(before, after, name);
		}
		return sum;
	}

	/**
	 * The blocking calls BlockHound recorded in a side's gateways, summed by call site;
	 * none when BlockHound is off.
	 */
	private List<BlockingCall> blocking(List<Slot> slots) {
		if (!this.options.blockHound()) {
			return List.of();
		}
		Map<String, BlockingCall> bySite = new LinkedHashMap<>();
		for (Slot slot : slots) {
			URI endpoint = URI.create(slot.gateway().actuatorUri() + "/" + DiagnosticsEndpoint.ID);
			HttpAnswer answer = HttpAnswer.send(this.http,
					HttpRequest.newBuilder(endpoint).timeout(Duration.ofSeconds(15)).GET().build());
			if (!answer.ok()) {
				throw new RunFailedException("the gate records blocking calls, but " + slot.name() + "'s "
						+ DiagnosticsEndpoint.PATH + " answered " + answer.describe()
						+ " (a gateway without the kit's diagnostics: run with --no-blockhound)");
			}
			GatewayDiagnostics diagnostics = BenchJson.mapper().readValue(answer.body(), GatewayDiagnostics.class);
			for (BlockingCall call : diagnostics.blockingCalls()) {
				bySite.merge(call.site(), call,
						(a, b) -> new BlockingCall(a.site(), a.blockingMethod(), a.count() + b.count(), a.threads()));
			}
		}
		return List.copyOf(bySite.values());
	}

	private static String describe(GatewaySelection selection) {
		return selection.profile().orElse("") + selection.mode().map((m) -> ":" + m).orElse("");
	}

	private static String progress(int index, CaseFigures a, CaseFigures b) {
		return String.format(Locale.ROOT,
				"pair %d (jvm %d, %s first): gateway ÷ rest %.1f → %.1f %% (%+.1f %%), gateway CPU %.0f → %.0f µs "
						+ "(%+.1f %%), stack %.0f → %.0f µs, JIT %.0f → %.0f µs (left out), p99 %.1f → %.1f ms, "
						+ "errors %d/%d",
				index, a.jvm(), GatePair.baselineFirst(index) ? "baseline" : "candidate", a.gatewayShare(),
				b.gatewayShare(), (b.gatewayShare() / a.gatewayShare() - 1) * 100, a.gatewayCpuMicros(),
				b.gatewayCpuMicros(), (b.gatewayCpuMicros() / a.gatewayCpuMicros() - 1) * 100, a.stackCpuMicros(),
				b.stackCpuMicros(), a.jitMicros(), b.jitMicros(), a.p99Ms(), b.p99Ms(), a.errors(), b.errors());
	}

	@Override
	public void close() {
		this.driver.ifPresent(OpenModelDriver::close);
		this.stack.close();
	}

	/** A gateway JVM of one side and its nginx. */
	private record Slot(String side, int jvm, ServiceProcess gateway, NginxServer nginx) {

		URI url() {
			return this.nginx.url();
		}

		String name() {
			return this.gateway.name();
		}

	}

	/** A case whose window has closed, its tail still running. */
	private record Opened(Slot slot, CpuSample before, CpuSample after, Map<String, Long> compiling, long from, long to,
			double busy) {
	}

	/** A window's answers and how many requests were answered inside it. */
	private record Window(CaseFigures.Answers answers, long answered) {
	}

}
