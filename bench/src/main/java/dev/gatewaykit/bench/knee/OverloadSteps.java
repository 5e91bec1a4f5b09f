package dev.gatewaykit.bench.knee;

import java.io.UncheckedIOException;
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
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Stream;

import org.jspecify.annotations.Nullable;

import dev.gatewaykit.bench.analysis.chaos.BreakerTransition;
import dev.gatewaykit.bench.analysis.chaos.RequestRecord;
import dev.gatewaykit.bench.analysis.diagnostics.CoreWait;
import dev.gatewaykit.bench.analysis.knee.EdgeTimes;
import dev.gatewaykit.bench.analysis.knee.KneeResult;
import dev.gatewaykit.bench.analysis.knee.KneeStep;
import dev.gatewaykit.bench.analysis.knee.OverloadResult;
import dev.gatewaykit.bench.analysis.knee.OverloadStep;
import dev.gatewaykit.bench.analysis.knee.Recovery;
import dev.gatewaykit.bench.drive.OpenModelDriver;
import dev.gatewaykit.bench.drive.WarmUp;
import dev.gatewaykit.bench.model.PrometheusText;
import dev.gatewaykit.bench.probe.BreakerWatch;
import dev.gatewaykit.launcher.HttpAnswer;
import dev.gatewaykit.launcher.KitHttp;
import dev.gatewaykit.launcher.nginx.NginxConfig.EdgeLimit;

/**
 * A mode driven past its knee, right after its search on the same warm gateway: back to
 * the knee's rate, then each multiple of it held one after another with no pause (a surge
 * does not wait for the gateway), then the rate dropped to half the knee. Nothing is
 * judged until every request sent has been answered or has failed: a request's fate is
 * its own, whichever step it was sent in.
 */
final class OverloadSteps {

	/** How long the load is brought back to the knee's rate before the first multiple. */
	private static final Duration BACK_TO_KNEE = Duration.ofSeconds(5);

	/** The tuned template's {@code access_log ... flush=5s}, and a second. */
	private static final Duration NGINX_FLUSH = Duration.ofSeconds(6);

	/** How long the rate after the drop is held and judged. */
	static final Duration RECOVERY_WINDOW = Duration.ofSeconds(15);

	/**
	 * Requests in flight at which a step is cut short and the higher multiples skipped: a
	 * collapsed gateway's backlog grows by the offered rate every second, each request a
	 * socket of the kit's (20000 descriptors here), and more load shows nothing more.
	 */
	static final int MAX_IN_FLIGHT = 8000;

	private final OpenModelDriver load;

	private final long gatewayPid;

	private final URI prometheus;

	private final KneeOptions options;

	private final double deadlineMs;

	private final Consumer<String> log;

	private final HttpClient http = KitHttp.client();

	/**
	 * nginx's access log, whose lines say what each window's requests took by its clock.
	 */
	private final Path accessLog;

	/**
	 * The stack's processes by name, whose threads' waits for a core each window reads.
	 */
	private final Map<String, ProcessHandle> stack;

	OverloadSteps(OpenModelDriver load, long gatewayPid, URI prometheus, Path accessLog,
			Map<String, ProcessHandle> stack, KneeOptions options, double deadlineMs, Consumer<String> log) {
		this.accessLog = accessLog;
		this.stack = new LinkedHashMap<>(stack);
		this.stack.put(OverloadStep.LOAD, ProcessHandle.current());
		this.deadlineMs = deadlineMs;
		this.load = load;
		this.gatewayPid = gatewayPid;
		this.prometheus = prometheus;
		this.options = options;
		this.log = log;
	}

	/**
	 * Drives the mode of {@code knee} past it; the load is at rate 0 and drained before.
	 * {@code edge}: what nginx lets through, if it limits the gateway.
	 */
	OverloadResult run(KneeResult knee, Optional<EdgeLimit> edge) throws InterruptedException {
		double rate = knee.kneeRate();
		List<Window> windows = new ArrayList<>();
		long drop;
		long end;
		List<BreakerTransition> changes;
		this.load.takeRecords();
		try (BreakerWatch breakers = new BreakerWatch(this.prometheus)) {
			breakers.start();
			WarmUp.ramp(this.load, 0, rate, BACK_TO_KNEE);
			for (double multiple : this.options.overload()) {
				Window window = hold(multiple, multiple * rate);
				windows.add(window);
				this.log.accept(String.format(Locale.ROOT, "%s at %.1f× its knee (%.0f/s)%s", knee.mode(), multiple,
						multiple * rate, window.cut() ? ": cut short, " + this.load.inFlight()
								+ " requests waiting; the higher multiples are skipped" : ""));
				if (window.cut()) {
					break;
				}
			}
			drop = System.currentTimeMillis();
			this.load.rate(KneeOptions.RECOVERY_MULTIPLE * rate);
			Thread.sleep(RECOVERY_WINDOW.toMillis());
			end = System.currentTimeMillis();
			this.load.rate(0);
			if (!this.load.awaitAnswers(OpenModelDriver.CLIENT_TIMEOUT)) {
				this.log.accept(this.load.inFlight() + " requests still in flight "
						+ OpenModelDriver.CLIENT_TIMEOUT.toSeconds() + " s after the overload stopped: unanswered");
			}
			changes = breakers.transitions().orElse(List.of());
		}
		List<RequestRecord> records = this.load.takeRecords();
		// nginx writes its buffered log 5 s after a line at the latest: every request
		// answered by now is then on disk.
		Thread.sleep(NGINX_FLUSH.toMillis());
		Optional<List<EdgeTimes.Line>> edgeLines = edgeLines(windows);
		List<OverloadStep> steps = new ArrayList<>();
		for (Window window : windows) {
			steps.add(window.step(records, this.load.inFlightSentBetween(window.from(), window.to()), this.deadlineMs,
					changes, edgeLines.map((lines) -> EdgeTimes.of(lines, window.from(), window.to())).orElse(null)));
		}
		Recovery recovery = Recovery.of(KneeOptions.RECOVERY_MULTIPLE * rate, records, drop, end,
				this.load.inFlightSentBetween(drop, end), this.deadlineMs);
		return new OverloadResult(knee.mode(), rate, knee.kneeStep().map(KneeStep::p99Ms).orElse(Double.NaN),
				edge.map((limit) -> (limit instanceof EdgeLimit.InProgress cap) ? cap.perUpstream() : 0).orElse(0),
				edge.map((limit) -> (limit instanceof EdgeLimit.Rate perSecond) ? perSecond.perSecond() : 0).orElse(0),
				steps, recovery);
	}

	/**
	 * nginx's lines of the requests begun in the windows; empty, and said, when its log
	 * cannot be read: the load's figures stand without them.
	 */
	private Optional<List<EdgeTimes.Line>> edgeLines(List<Window> windows) {
		if (windows.isEmpty()) {
			return Optional.empty();
		}
		try {
			return Optional
				.of(EdgeTimes.read(this.accessLog, windows.get(0).from(), windows.get(windows.size() - 1).to()));
		}
		catch (UncheckedIOException ex) {
			this.log.accept("no times by nginx's clock: " + ex.getMessage());
			return Optional.empty();
		}
	}

	/**
	 * Holds {@code rate} for the settle, then its window; cut short when too many wait.
	 */
	private Window hold(double multiple, double rate) throws InterruptedException {
		long start = System.currentTimeMillis();
		StepCpu atStart = StepCpu.read(this.gatewayPid);
		Waits waitsAtStart = Waits.read(this.stack);
		this.load.rate(rate);
		boolean cut = waitUntil(start + this.options.settle().toMillis());
		Scrape before = cut ? Scrape.NONE : scrape();
		// A step cut in its settle is judged from its start, its CPU and waits too.
		StepCpu cpuFrom = cut ? atStart : StepCpu.read(this.gatewayPid);
		Waits waitsFrom = cut ? waitsAtStart : Waits.read(this.stack);
		long from = cut ? start : System.currentTimeMillis();
		cut = cut || waitUntil(from + this.options.window().toMillis());
		long to = System.currentTimeMillis();
		StepCpu cpu = StepCpu.read(this.gatewayPid).since(cpuFrom);
		Map<String, OverloadStep.Waiting> waiting = Waits.read(this.stack).since(waitsFrom);
		return new Window(multiple, rate, start, from, to, before, scrape(), cpu, waiting, cut);
	}

	/**
	 * Each process's threads' time on and waiting for a core at one instant.
	 *
	 * @param nanos when, {@link System#nanoTime}
	 */
	record Waits(long nanos, Map<String, CoreWait> byProcess) {

		static Waits read(Map<String, ProcessHandle> processes) {
			Map<String, CoreWait> waits = new LinkedHashMap<>();
			// The load's JVM started the whole stack: its own threads only. nginx's
			// workers are its master's children.
			processes.forEach((name, process) -> waits.put(name,
					CoreWait.of(name.equals(OverloadStep.LOAD) ? List.of(process.pid()) : tree(process))));
			return new Waits(System.nanoTime(), waits);
		}

		private static List<Long> tree(ProcessHandle process) {
			return Stream.concat(Stream.of(process), process.descendants()).map(ProcessHandle::pid).toList();
		}

		/** What each process's threads waited since {@code earlier}. */
		Map<String, OverloadStep.Waiting> since(Waits earlier) {
			Map<String, OverloadStep.Waiting> waiting = new LinkedHashMap<>();
			this.byProcess.forEach((name, now) -> {
				CoreWait then = earlier.byProcess.getOrDefault(name, now);
				waiting.put(name, new OverloadStep.Waiting(now.waitingSince(then, this.nanos - earlier.nanos),
						now.waitPerSliceMsSince(then)));
			});
			return waiting;
		}

	}

	/** Sleeps until {@code until}; true, at once, when too many requests wait. */
	private boolean waitUntil(long until) throws InterruptedException {
		for (long now = System.currentTimeMillis(); now < until; now = System.currentTimeMillis()) {
			if (this.load.inFlight() > MAX_IN_FLIGHT) {
				return true;
			}
			Thread.sleep(Math.min(250, until - now));
		}
		return false;
	}

	/**
	 * The gateway's admission limit, its refusals so far and its breakers' states; what a
	 * scrape that failed (a gateway too busy to answer in 2 s) could not say is unknown.
	 */
	private Scrape scrape() {
		HttpAnswer answer = HttpAnswer.send(this.http,
				HttpRequest.newBuilder(this.prometheus).timeout(Duration.ofSeconds(2)).GET().build());
		if (!answer.ok()) {
			return Scrape.NONE;
		}
		PrometheusText text = PrometheusText.parse(answer.body());
		return new Scrape(text.sum("kit_admission_limit").orElse(Double.NaN),
				text.sum("kit_admission_refused_total").orElse(Double.NaN), BreakerWatch.states(answer.body()));
	}

	/**
	 * One scrape's readings.
	 *
	 * @param limit the admission limit; NaN when none or unknown
	 * @param refused the admission's refusals so far; NaN when none or unknown
	 * @param breakers each breaker's state, by name
	 */
	record Scrape(double limit, double refused, Map<String, String> breakers) {

		static final Scrape NONE = new Scrape(Double.NaN, Double.NaN, Map.of());

	}

	/**
	 * One multiple as it was held.
	 *
	 * @param start when its rate began
	 * @param from its window's start (its start when it was cut in the settle)
	 * @param to its window's end
	 */
	record Window(double multiple, double rate, long start, long from, long to, Scrape before, Scrape after,
			StepCpu cpu, Map<String, OverloadStep.Waiting> waiting, boolean cut) {

		OverloadStep step(List<RequestRecord> records, long unanswered, double deadlineMs,
				List<BreakerTransition> changes, @Nullable EdgeTimes edge) {
			OverloadStep.Answers answers = OverloadStep.answers(records, this.from, this.to, unanswered, deadlineMs);
			KneeStep.Cpu perRequest = this.cpu.perRequest(answers.requests());
			double refused = this.after.refused() - this.before.refused();
			int changed = (int) changes.stream().filter((c) -> c.atMs() >= this.start && c.atMs() < this.to).count();
			List<String> breakers = new TreeMap<>(this.after.breakers()).entrySet()
				.stream()
				.map((e) -> e.getKey() + ": " + e.getValue())
				.toList();
			return new OverloadStep(this.multiple, this.rate, answers.requests(), answers.ok(),
					answers.ok() / Math.max(0.001, (this.to - this.from) / 1000.0), answers.admittedP50Ms(),
					answers.admittedP99Ms(), answers.refused(), answers.refusalP99Ms(), answers.slowestMs(),
					answers.errors(), Double.isNaN(refused) ? -1 : Math.round(refused), this.after.limit(), breakers,
					changed, this.cpu.busy(), perRequest.gatewayMicros(), perRequest.loadMicros(), this.cut, edge,
					this.waiting);
		}

	}

}
