package dev.gatewaykit.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.function.UnaryOperator;

import org.jspecify.annotations.Nullable;

import dev.gatewaykit.bench.analysis.diagnostics.CpuAccounting.CpuSecond;
import dev.gatewaykit.bench.analysis.diagnostics.CpuAccounting.MachineShare;
import dev.gatewaykit.bench.analysis.diagnostics.Diagnostics;
import dev.gatewaykit.bench.analysis.diagnostics.LoopProfile;
import dev.gatewaykit.bench.analysis.diagnostics.PinnedCalls;
import dev.gatewaykit.bench.analysis.diagnostics.ThreadDump.LoopActivity;
import dev.gatewaykit.bench.analysis.summary.ModeSummary;
import dev.gatewaykit.bench.model.Numbers;
import dev.gatewaykit.common.diagnostics.BlockingCall;
import dev.gatewaykit.common.diagnostics.GatewaySecond;

/**
 * The report's diagnostics: CPU per request of every process, the gateway's per-second
 * runtime beside each other mode's (event-loop lag, pending tasks, pools, Redis, offload
 * pools, CPU), and per mode the flame graph, what the event loops were doing mid-window
 * and the blocking calls BlockHound saw.
 */
final class DiagnosticsSection {

	/** The processes in the CPU table, in the order a request meets them. */
	static final List<String> PROCESSES = List.of("nginx", "gateway", "redis", "auth-service", "mall-api", "toxiproxy",
			"injector");

	private static final String X_LABEL = "seconds since the measured window opened";

	private static final List<String> PROCESS_COLORS = List.of("#7f7f7f", "#1f77b4", "#d62728", "#ff7f0e", "#2ca02c",
			"#9467bd", "#8c564b");

	private DiagnosticsSection() {
	}

	static String render(List<ModeSummary> modes, ModeSummary ceiling) {
		return render(modes, ceiling, UnaryOperator.identity());
	}

	/**
	 * @param directory a mode's directory relative to the run (its median repeat's with
	 * {@code --repeat}), for the links to its files
	 */
	static String render(List<ModeSummary> modes, ModeSummary ceiling, UnaryOperator<String> directory) {
		List<ModeSummary> all = new ArrayList<>();
		for (ModeSummary mode : modes) {
			if (mode.diagnostics() != null) {
				all.add(mode);
			}
		}
		if (ceiling != null && ceiling.diagnostics() != null) {
			all.add(ceiling);
		}
		if (all.isEmpty()) {
			return "";
		}
		StringBuilder html = new StringBuilder(
				"<h2 id=\"diagnostics\">Diagnostics: where the time and the CPU go</h2>\n");
		html.append("<p class=\"meta\">CPU per request = each process's user + system CPU time over the measured ")
			.append("window (from /proc) ÷ the requests completed in it. It is far steadier than TPS on a shared ")
			.append("machine. \"machine\" is the whole machine's busy CPU per request (/proc/stat): less the ")
			.append("processes' sum, it is what the kit did not watch (its own JVM, the kernel's softirq, other ")
			.append("jobs); \"cores busy\" near 100 % says the cores were the limit. Event-loop lag = how late a no-op the gateway schedules on each reactor-http loop every ")
			.append("100 ms ran: a loop that blocks on a call serves nobody meanwhile, and the lag shows how long. ")
			.append("The series start with the first browsing request; the shaded part is warm-up.</p>\n");
		html.append(cpuTable(all));
		html.append("<p class=\"meta\">Measured over ")
			.append(SvgChart.escape(cpuSpans(all)))
			.append(" of each window: the profiler runs in the second half only, since sampling every thread costs the ")
			.append("gateway CPU at a fixed rate that would weigh more per request on a slower mode.</p>\n");
		html.append(CpuSplitTable.html(all));
		List<ModeSummary> gateways = all.stream().filter((mode) -> !mode.diagnostics().gateway().isEmpty()).toList();
		if (!gateways.isEmpty()) {
			html.append("<div class=\"charts\">\n");
			html.append(gatewayChart(gateways, "Event-loop lag, p99 per second", "ms",
					(second) -> (second.lag().probes() > 0) ? second.lag().p99Micros() / 1000.0 : null));
			html.append(gatewayChart(gateways, "Event-loop lag, max per second", "ms",
					(second) -> (second.lag().probes() > 0) ? second.lag().maxMicros() / 1000.0 : null));
			html.append(gatewayChart(gateways, "Tasks pending on the event loops", "tasks",
					(second) -> (double) second.pendingTasks()));
			html.append(cpuChart(gateways, "gateway"));
			html.append(gatewayChart(gateways, "mall-api pool: connections in use", "connections",
					(second) -> pool(second, "mall-api", GatewaySecond.Pool::active)));
			html.append(gatewayChart(gateways, "mall-api pool: acquisitions waiting", "waiting",
					(second) -> pool(second, "mall-api", GatewaySecond.Pool::pending)));
			html.append(gatewayChart(gateways, "auth-service pool: connections in use (reactive client)", "connections",
					(second) -> pool(second, "auth-service", GatewaySecond.Pool::active)));
			html.append(gatewayChart(gateways, "Redis commands: mean latency", "ms",
					(second) -> (second.redis().count() > 0) ? second.redis().meanMicros() / 1000.0 : null));
			html.append(executorChart(gateways));
			html.append("</div>\n");
		}
		for (ModeSummary mode : all) {
			html.append(modeDetails(mode, directory.apply(mode.mode())));
		}
		return html.toString();
	}

	/**
	 * The CPU-per-request table: a header row, then one row per mode whose CPU was
	 * sampled (the mode's name first).
	 */
	static List<List<String>> cpuRows(List<ModeSummary> modes) {
		List<ModeSummary> sampled = modes.stream()
			.filter((mode) -> mode.diagnostics() != null && !mode.diagnostics().cpuMicrosPerRequest().isEmpty())
			.toList();
		Set<String> present = new LinkedHashSet<>();
		for (String process : PROCESSES) {
			for (ModeSummary mode : sampled) {
				if (mode.diagnostics().cpuMicrosPerRequest().containsKey(process)) {
					present.add(process);
				}
			}
		}
		ModeSummary vanilla = sampled.stream()
			.filter((mode) -> mode.mode().equals(ModeSummary.VANILLA))
			.findFirst()
			.orElse(null);
		// The whole machine beside the sum: what the watched processes did not spend
		// (the kit's own JVM, the kernel's softirq, other jobs), and how busy the cores
		// were, which says whether the CPU bound was the one that bound.
		boolean machine = sampled.stream().anyMatch((mode) -> mode.diagnostics().machine() != null);
		List<List<String>> rows = new ArrayList<>();
		List<String> header = new ArrayList<>(List.of("CPU µs per request"));
		header.addAll(present);
		header.add("all");
		if (machine) {
			header.addAll(List.of("machine", "cores busy"));
		}
		if (vanilla != null) {
			header.add("gateway vs vanilla");
		}
		rows.add(header);
		for (ModeSummary mode : sampled) {
			Map<String, Double> cpu = mode.diagnostics().cpuMicrosPerRequest();
			List<String> row = new ArrayList<>(List.of(mode.mode()));
			double total = 0;
			for (String process : present) {
				Double value = cpu.get(process);
				total += (value != null) ? value : 0;
				row.add((value != null) ? Numbers.fixed(value, 0) : "-");
			}
			row.add(Numbers.fixed(total, 0));
			if (machine) {
				MachineShare share = mode.diagnostics().machine();
				row.add((share != null) ? Numbers.fixed(share.microsPerRequest(), 0) : "-");
				row.add((share != null) ? Numbers.fixed(share.busyPct(), 0) + " %" : "-");
			}
			if (vanilla != null) {
				row.add(versusVanilla(mode, vanilla));
			}
			rows.add(row);
		}
		return rows;
	}

	static String cpuTable(List<ModeSummary> modes) {
		List<List<String>> rows = cpuRows(modes);
		if (rows.size() < 2) {
			return "";
		}
		StringBuilder html = new StringBuilder("<table class=\"summary\">\n<tr>");
		for (String cell : rows.get(0)) {
			html.append("<th>").append(SvgChart.escape(cell)).append("</th>");
		}
		html.append("</tr>\n");
		for (List<String> row : rows.subList(1, rows.size())) {
			html.append("<tr><td><span class=\"swatch\" style=\"background:")
				.append(ModeColors.of(row.get(0)))
				.append("\"></span>")
				.append(SvgChart.escape(row.get(0)))
				.append("</td>");
			for (String cell : row.subList(1, row.size())) {
				html.append("<td>").append(SvgChart.escape(cell)).append("</td>");
			}
			html.append("</tr>\n");
		}
		return html.append("</table>\n").toString();
	}

	private static String cpuSpans(List<ModeSummary> modes) {
		return String.join(" / ", modes.stream().map((mode) -> mode.diagnostics().cpuSeconds()).distinct().toList());
	}

	/** The gateway's CPU per request as a multiple of the plain route's, e.g. "1.8×". */
	static String versusVanilla(ModeSummary mode, ModeSummary vanilla) {
		Double own = mode.diagnostics().cpuMicrosPerRequest().get("gateway");
		Double plain = vanilla.diagnostics().cpuMicrosPerRequest().get("gateway");
		if (own == null || plain == null || !(plain > 0) || mode == vanilla) {
			return "";
		}
		return Numbers.fixed(own / plain, 1) + "×";
	}

	private static String modeDetails(ModeSummary mode, String directory) {
		Diagnostics diagnostics = mode.diagnostics();
		StringBuilder html = new StringBuilder("<h3>").append(SvgChart.escape(mode.mode())).append("</h3>\n");
		html.append("<div class=\"charts\">\n").append(processChart(mode)).append("</div>\n");
		if (diagnostics.flameGraph() != null) {
			html.append("<p>Flame graph of the measured window (")
				.append(SvgChart.escape(diagnostics.profile()))
				.append("): <a href=\"")
				.append(SvgChart.escape(directory + "/" + diagnostics.flameGraph()))
				.append("\">")
				.append(SvgChart.escape(directory + "/" + diagnostics.flameGraph()))
				.append("</a>. Each thread is a root frame: click a <code>reactor-http-*</code> frame to see ")
				.append("only that event loop; on a blocked loop the widest towers end in a wait ")
				.append("(<code>Unsafe.park</code>), and the frames below it name the call.</p>\n");
		}
		if (diagnostics.loops() != null && diagnostics.loops().samples() > 0) {
			html.append(loopProfile(diagnostics.loops()));
		}
		if (diagnostics.threads() != null) {
			html.append(threadTable(directory, diagnostics.threads()));
		}
		if (diagnostics.blocking() != null) {
			html.append(blockingTable(diagnostics.blocking()));
		}
		if (diagnostics.pinned() != null) {
			Integer carriers = (mode.gateway() != null) ? mode.gateway().carrierThreads() : null;
			html.append(pinnedTable(diagnostics.pinned(), carriers, mode.ok() + mode.ko()));
		}
		for (String note : diagnostics.notes()) {
			html.append("<p class=\"warning\">").append(SvgChart.escape(note)).append("</p>\n");
		}
		return html.toString();
	}

	/**
	 * The flame graph's event-loop samples in one table: how much of the loops' time was
	 * idle, blocked and running, and under which application frames.
	 */
	static String loopProfile(LoopProfile loops) {
		StringBuilder html = new StringBuilder("<p>The event loops in the profile (").append(loops.samples())
			.append(" samples): <b>")
			.append(Numbers.fixed(loops.blockedPct(), 0))
			.append(" % blocked</b>, ")
			.append(Numbers.fixed(loops.runningPct(), 0))
			.append(" % running, ")
			.append(Numbers.fixed(loops.idlePct(), 0))
			.append(" % idle (waiting for I/O).</p>\n");
		if (loops.blockedIn().isEmpty() && loops.runningIn().isEmpty()) {
			return html.toString();
		}
		html.append("<table class=\"details\">\n<tr><th>event loops</th><th class=\"text\">under</th>")
			.append("<th>% of the loops' samples</th></tr>\n");
		for (LoopProfile.FrameShare share : loops.blockedIn()) {
			html.append(frameRow("blocked", share));
		}
		for (LoopProfile.FrameShare share : loops.runningIn()) {
			html.append(frameRow("running", share));
		}
		return html.append("</table>\n").toString();
	}

	private static String frameRow(String kind, LoopProfile.FrameShare share) {
		return "<tr><td" + (kind.equals("blocked") ? " class=\"invalid\"" : "") + ">" + kind
				+ "</td><td class=\"text\">" + SvgChart.escape(share.frame()) + "</td><td>"
				+ Numbers.fixed(share.pct(), 1) + "</td></tr>\n";
	}

	static String threadTable(String directory, Diagnostics.ThreadSnapshot threads) {
		StringBuilder html = new StringBuilder("<p>Event loops in the thread dump taken ")
			.append(Numbers.fixed(threads.atSecond(), 0))
			.append(" s into the window (<a href=\"")
			.append(SvgChart.escape(directory + "/" + threads.file()))
			.append("\">")
			.append(SvgChart.escape(threads.file()))
			.append("</a>): ")
			.append(threads.count(LoopActivity.BLOCKED))
			.append(" blocked, ")
			.append(threads.count(LoopActivity.RUNNING))
			.append(" running, ")
			.append(threads.count(LoopActivity.IDLE))
			.append(" idle.</p>\n");
		html.append("<table class=\"details\">\n<tr><th>thread</th><th class=\"text\">state</th>")
			.append("<th class=\"text\">doing</th><th class=\"text\">where</th></tr>\n");
		for (LoopActivity loop : threads.eventLoops()) {
			html.append("<tr><td>")
				.append(SvgChart.escape(loop.thread()))
				.append("</td><td class=\"text\">")
				.append(SvgChart.escape(loop.state()))
				.append("</td><td class=\"text")
				.append(loop.activity().equals(LoopActivity.BLOCKED) ? " invalid" : "")
				.append("\">")
				.append(SvgChart.escape(loop.activity()))
				.append("</td><td class=\"text\">")
				.append(SvgChart.escape(loop.detail()))
				.append("</td></tr>\n");
		}
		return html.append("</table>\n").toString();
	}

	static String blockingTable(Diagnostics.Blocking blocking) {
		if (blocking.calls().isEmpty()) {
			return "<p>BlockHound: no blocking call on a non-blocking thread in the window.</p>\n";
		}
		StringBuilder html = new StringBuilder("<p>BlockHound: blocking calls on non-blocking threads in the window")
			.append("</p>\n<table class=\"details\">\n<tr><th>call site</th><th class=\"text\">blocking call</th>")
			.append("<th>count</th><th class=\"text\">threads</th></tr>\n");
		for (BlockingCall call : blocking.calls()) {
			html.append("<tr><td>")
				.append(SvgChart.escape(call.site()))
				.append("</td><td class=\"text\">")
				.append(SvgChart.escape(call.blockingMethod()))
				.append("</td><td>")
				.append(call.count())
				.append("</td><td class=\"text\">")
				.append(SvgChart.escape(String.join(", ", call.threads())))
				.append("</td></tr>\n");
		}
		return html.append("</table>\n").toString();
	}

	/**
	 * Where virtual threads blocked while pinned to their carrier in the window (JFR's
	 * {@code jdk.VirtualThreadPinned}, every one): a pinned thread holds its carrier as a
	 * platform thread would, so carriers ÷ pinned time per request bounds the mode
	 * ({@link PinnedCalls#carrierBound}), said when the carriers and requests are known.
	 */
	static String pinnedTable(PinnedCalls pinned, @Nullable Integer carriers, long requests) {
		if (pinned.events() == 0) {
			return "<p>JFR: no virtual thread pinned its carrier in the window.</p>\n";
		}
		StringBuilder html = new StringBuilder("<p>JFR: virtual threads pinned their carrier ").append(pinned.events())
			.append(" times in the window, ")
			.append(Numbers.fixed(pinned.totalMs(), 1))
			.append(" ms in all, the longest ")
			.append(Numbers.fixed(pinned.maxMs(), 1))
			.append(" ms.");
		Double bound = (carriers != null && requests > 0) ? pinned.carrierBound(carriers, requests) : null;
		if (bound != null) {
			html.append(" Per request ")
				.append(Numbers.fixed(pinned.pinnedMsPerRequest(requests), 2))
				.append(" ms pinned: ")
				.append(carriers)
				.append((carriers == 1) ? " carrier" : " carriers")
				.append(" / ")
				.append(Numbers.fixed(pinned.pinnedMsPerRequest(requests), 2))
				.append(" ms = ")
				.append(Math.round(bound))
				.append(" TPS at most, pinning alone.");
		}
		html.append("</p>\n<table class=\"details\">\n<tr><th>call site</th><th class=\"text\">why pinned</th>")
			.append("<th class=\"text\">blocked in</th><th>count</th><th>total ms</th><th>max ms</th></tr>\n");
		for (PinnedCalls.Site site : pinned.sites()) {
			html.append("<tr><td>")
				.append(SvgChart.escape(site.callSite()))
				.append("</td><td class=\"text\">")
				.append(SvgChart.escape(Objects.toString(site.pinnedReason(), "")))
				.append("</td><td class=\"text\">")
				.append(SvgChart.escape(Objects.toString(site.blockingOperation(), "")))
				.append("</td><td>")
				.append(site.count())
				.append("</td><td>")
				.append(Numbers.fixed(site.totalMs(), 1))
				.append("</td><td>")
				.append(Numbers.fixed(site.maxMs(), 1))
				.append("</td></tr>\n");
		}
		return html.append("</table>\n").toString();
	}

	private static String gatewayChart(List<ModeSummary> modes, String title, String unit,
			Function<GatewaySecond, Double> value) {
		List<SvgChart.Series> lines = new ArrayList<>();
		for (ModeSummary mode : modes) {
			Diagnostics diagnostics = mode.diagnostics();
			List<SvgChart.Point> points = new ArrayList<>();
			for (GatewaySecond second : diagnostics.gateway()) {
				Double y = value.apply(second);
				if (y != null) {
					points.add(new SvgChart.Point(t(second, diagnostics), y));
				}
			}
			if (!points.isEmpty()) {
				lines.add(SvgChart.Series.solid(mode.mode(), ModeColors.of(mode.mode()), points));
			}
		}
		// A series no mode has (the blocking mode has no reactive client pool) is left
		// out rather than drawn empty.
		return lines.isEmpty() ? "" : SvgChart.line(title, X_LABEL, unit, lines, 0.0) + "\n";
	}

	private static String executorChart(List<ModeSummary> modes) {
		List<SvgChart.Series> lines = new ArrayList<>();
		for (ModeSummary mode : modes) {
			Diagnostics diagnostics = mode.diagnostics();
			Set<String> names = new LinkedHashSet<>();
			diagnostics.gateway().forEach((second) -> names.addAll(second.executors().keySet()));
			for (String name : names) {
				List<SvgChart.Point> points = new ArrayList<>();
				for (GatewaySecond second : diagnostics.gateway()) {
					GatewaySecond.Executor executor = second.executors().get(name);
					if (executor != null) {
						points.add(new SvgChart.Point(t(second, diagnostics), executor.queued()));
					}
				}
				lines.add(new SvgChart.Series(mode.mode() + " " + name, ModeColors.of(mode.mode()), points,
						name.equals("parallel"), false));
			}
		}
		return lines.isEmpty() ? ""
				: SvgChart.line("Offload pools: tasks queued (parallel dashed)", X_LABEL, "tasks", lines, 0.0) + "\n";
	}

	private static String cpuChart(List<ModeSummary> modes, String process) {
		List<SvgChart.Series> lines = new ArrayList<>();
		for (ModeSummary mode : modes) {
			List<SvgChart.Point> points = cpuPoints(mode.diagnostics().cpu(), process);
			if (!points.isEmpty()) {
				lines.add(SvgChart.Series.solid(mode.mode(), ModeColors.of(mode.mode()), points));
			}
		}
		return SvgChart.line("Gateway CPU (100 % = one core)", X_LABEL, "%", lines, 0.0) + "\n";
	}

	private static String processChart(ModeSummary mode) {
		List<SvgChart.Series> lines = new ArrayList<>();
		for (int i = 0; i < PROCESSES.size(); i++) {
			List<SvgChart.Point> points = cpuPoints(mode.diagnostics().cpu(), PROCESSES.get(i));
			if (!points.isEmpty()) {
				lines.add(SvgChart.Series.solid(PROCESSES.get(i), PROCESS_COLORS.get(i), points));
			}
		}
		return SvgChart.line(mode.mode() + ": CPU by process (100 % = one core)", X_LABEL, "%", lines, 0.0) + "\n";
	}

	private static List<SvgChart.Point> cpuPoints(List<CpuSecond> seconds, String process) {
		List<SvgChart.Point> points = new ArrayList<>();
		for (CpuSecond second : seconds) {
			Double percent = second.percent().get(process);
			if (percent != null) {
				points.add(new SvgChart.Point(second.t(), percent));
			}
		}
		return points;
	}

	private static Double pool(GatewaySecond second, String name, Function<GatewaySecond.Pool, Integer> value) {
		GatewaySecond.Pool pool = second.pools().get(name);
		return (pool != null) ? (double) value.apply(pool) : null;
	}

	private static double t(GatewaySecond second, Diagnostics diagnostics) {
		return second.epochSecond() - diagnostics.windowStartEpochMs() / 1000.0;
	}

}
