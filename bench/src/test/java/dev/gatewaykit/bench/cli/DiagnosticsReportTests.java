package dev.gatewaykit.bench.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.gatewaykit.bench.analysis.TestFiles;
import dev.gatewaykit.bench.analysis.diagnostics.CpuPart;
import dev.gatewaykit.bench.analysis.diagnostics.CpuSample;
import dev.gatewaykit.bench.analysis.diagnostics.CpuSplit;
import dev.gatewaykit.bench.analysis.diagnostics.Diagnostics;
import dev.gatewaykit.bench.analysis.diagnostics.LoopProfile;
import dev.gatewaykit.bench.analysis.diagnostics.MachineCpu;
import dev.gatewaykit.bench.analysis.diagnostics.ThreadDump;
import dev.gatewaykit.bench.analysis.diagnostics.WindowRecord;
import dev.gatewaykit.bench.analysis.littleslaw.Prediction;
import dev.gatewaykit.bench.analysis.summary.ModeSummary;
import dev.gatewaykit.bench.analysis.summary.RunFixtures;
import dev.gatewaykit.bench.model.BenchJson;
import dev.gatewaykit.bench.probe.WindowDiagnostics;
import dev.gatewaykit.bench.render.Renders;
import dev.gatewaykit.bench.report.RunReport;
import dev.gatewaykit.bench.report.SummaryTable;
import dev.gatewaykit.common.diagnostics.BlockingCall;
import dev.gatewaykit.common.diagnostics.GatewayDiagnostics;
import dev.gatewaykit.common.diagnostics.GatewaySecond;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The fixture run with the files a bench leaves for diagnostics, summarized by
 * {@code ./kit summarize-mode} and rendered: known CPU ticks give known CPU per request,
 * the gateway's series becomes charts, the thread dump a table, BlockHound's calls a
 * table.
 */
class DiagnosticsReportTests {

	private static final long PHASE_START = 1_795_250_000_000L;

	private static final long WINDOW_START = 1_795_250_020_000L;

	private static final long WINDOW_END = 1_795_250_080_000L;

	private static final String BLOCKED_LOOP = """
			"reactor-http-epoll-1" #35 daemon prio=5 os_prio=0 cpu=1.00ms elapsed=1.00s tid=0x1 nid=0x1 waiting on condition  [0x1]
			   java.lang.Thread.State: WAITING (parking)
			\tat jdk.internal.misc.Unsafe.park(java.base@17.0.15/Native Method)
			\t- parking to wait for  <0x00000000f1e2d3c4> (a java.util.concurrent.CompletableFuture$Signaller)
			\tat dev.gatewaykit.gateway.mode.BlockingIdentityCalls.session(BlockingIdentityCalls.java:57)

			"reactor-http-epoll-2" #36 daemon prio=5 os_prio=0 cpu=1.00ms elapsed=1.00s tid=0x1 nid=0x2 runnable  [0x1]
			   java.lang.Thread.State: RUNNABLE
			\tat io.netty.channel.epoll.Native.epollWait(Native Method)
			""";

	@TempDir
	Path run;

	@BeforeEach
	void leaveTheDiagnosticsFilesOfARun() throws IOException {
		TestFiles.copy(TestFiles.FIXTURE_RUN, this.run);
		// naive: 4 520 requests in 60 s; the gateway spends 10 ticks (0.1 s) a second,
		// mall-api 2. fixed: 66 310 requests; 60 and 25 ticks a second.
		writeMode("naive", 10, 2, 1_800_000,
				List.of(new BlockingCall(
						"dev.gatewaykit.gateway.mode.BlockingIdentityCalls.session(BlockingIdentityCalls.java:57)",
						"jdk.internal.misc.Unsafe#park", 4_410,
						List.of("reactor-http-epoll-1", "reactor-http-epoll-2"))));
		writeMode("fixed", 60, 25, 300, List.of());
		for (String mode : List.of("naive", "fixed", ModeSummary.CEILING)) {
			summarize(mode);
		}
	}

	@Test
	void cpuPerRequestIsEachProcesssCpuOverTheWindowsRequests() {
		Diagnostics naive = modeSummary("naive").diagnostics();
		Diagnostics fixed = modeSummary("fixed").diagnostics();

		// Over the first half of the window (the profiler ran in the second): the
		// fixture's timeseries.json completes 2 288 requests there in naive, 33 141 in
		// fixed. 0.1 s of CPU a second ÷ 76.27 requests a second = 1 311 µs.
		assertThat(naive.cpuSeconds()).isEqualTo("0–30 s");
		assertThat(naive.cpuMicrosPerRequest().get("gateway")).isCloseTo(100_000 / (2_288 / 30.0), within(0.5));
		assertThat(naive.cpuMicrosPerRequest().get("mall-api")).isCloseTo(20_000 / (2_288 / 30.0), within(0.5));
		assertThat(fixed.cpuMicrosPerRequest().get("gateway")).isCloseTo(600_000 / (33_141 / 30.0), within(0.5));
		// fixed: 60 + 25 + 3 + 12 = 100 busy ticks a second of 200.
		assertThat(fixed.machine().busyPct()).isCloseTo(50.0, within(1e-6));
		assertThat(fixed.machine().microsPerRequest()).isCloseTo(1_000_000 / (33_141 / 30.0), within(0.5));
		assertThat(fixed.gateway()).isNotEmpty()
			.allSatisfy((second) -> assertThat(second.epochSecond() * 1000).isBetween(PHASE_START - 1000, WINDOW_END));
		assertThat(naive.threads().count(ThreadDump.LoopActivity.BLOCKED)).isEqualTo(1);
		assertThat(naive.threads().atSecond()).isEqualTo(30.0);
		assertThat(naive.blocking().calls()).singleElement().extracting(BlockingCall::count).isEqualTo(4_410L);
		assertThat(fixed.blocking().calls()).isEmpty();
		assertThat(fixed.flameGraph()).isEqualTo(WindowDiagnostics.FLAME_GRAPH_FILE);
		assertThat(fixed.notes()).isEmpty();
		assertThat(fixed.cpuSplit().parts()).extracting(CpuSplit.Part::part)
			.containsExactly(CpuPart.NETTY, CpuPart.FILTERS);
		assertThat(fixed.cpuSplit().parts().get(0).micros()).isCloseTo(0.6 * fixed.cpuMicrosPerRequest().get("gateway"),
				within(1e-6));
		assertThat(naive.cpuSplit()).as("no on-CPU profile was left for naive").isNull();
	}

	@Test
	void theLoopsOfAModeThatHoldsNoLoopGetTheirOwnBoundAndABlockingModeKeepsItsHoldTime() {
		// fixed's loops: 30 of 100 wall-clock samples not in epollWait.
		ModeSummary fixed = modeSummary("fixed");
		assertThat(fixed.prediction().formula()).endsWith("; loops 30 % occupied = " + Math.round(fixed.tps() / 0.3));
		assertThat(fixed.prediction().threadBound()).isCloseTo(fixed.tps() / 0.3, within(1e-6));

		ModeSummary naive = modeSummary("naive");
		assertThat(naive.prediction().formula()).doesNotContain("occupied");
	}

	@Test
	void aCpuBoundIsSetBesideTheRateOfTheSpanItsCpuWasMeasuredOver() {
		// The profilers ran in the window's second half: CPU per request, and so the
		// bound, are the first half's (33 141 requests in 30 s), and so is the rate it
		// is compared with.
		ModeSummary fixed = modeSummary("fixed");
		assertThat(fixed.prediction().boundBy()).isEqualTo(Prediction.CPU);
		assertThat(fixed.diagnostics().cpuSpanTps()).isCloseTo(33_141 / 30.0, within(1e-6));
		assertThat(fixed.boundTps()).isEqualTo(fixed.diagnostics().cpuSpanTps());

		ModeSummary naive = modeSummary("naive");
		assertThat(naive.boundTps()).as("a thread bound is set beside the window's TPS").isEqualTo(naive.tps());
	}

	@Test
	void theReportChartsTheSeriesAndListsWhatBlocked() throws IOException {
		RunReport report = RunReport.load(this.run, null, RunFixtures.MACHINE, RunFixtures.VERSIONS, RunFixtures.CLOCK);
		report.write(this.run);

		String html = Files.readString(this.run.resolve("report.html"));
		assertThat(html).contains("Diagnostics: where the time and the CPU go")
			.contains("Event-loop lag, p99 per second")
			.contains("Tasks pending on the event loops")
			.contains("mall-api pool: connections in use")
			.contains("naive: CPU by process")
			.contains("<a href=\"fixed/flamegraph.html\">")
			.contains("<a href=\"naive/threaddump.txt\">")
			.contains("1 blocked, 0 running, 1 idle")
			.contains("dev.gatewaykit.gateway.mode.BlockingIdentityCalls.session(BlockingIdentityCalls.java:57)")
			.contains("jdk.internal.misc.Unsafe#park")
			.contains("BlockHound: no blocking call on a non-blocking thread in the window.")
			.contains("<b>95 % blocked</b>, 0 % running, 5 % idle")
			.contains("<b>0 % blocked</b>, 30 % running, 70 % idle")
			.contains("<td class=\"invalid\">blocked</td><td class=\"text\">"
					+ "dev.gatewaykit.gateway.mode.BlockingIdentityCalls.loadSession</td><td>95.0</td>")
			.contains("<td>1311</td>")
			.contains("<td>543</td>")
			.contains("What spends the gateway's CPU")
			.contains("<td class=\"text\">Netty and socket I/O</td><td>326</td>")
			.contains("<td class=\"text\">filters (the kit's and yours)</td><td>217</td>");
		assertThat(SummaryTable.terminal(report.summary())).contains("CPU µs per request")
			.containsPattern("machine +cores busy")
			.containsPattern("fixed .* 905 +50 %")
			.containsPattern("fixed .*; cores 50 % busy")
			.contains("gateway CPU µs per request")
			.contains("Netty and socket I/O");
	}

	@Test
	void theReportWithDiagnosticsRendersInHeadlessChromium() throws Exception {
		RunReport.load(this.run, null, RunFixtures.MACHINE, RunFixtures.VERSIONS, RunFixtures.CLOCK).write(this.run);
		Renders.assertRenders(this.run, "report-diagnostics", 4000, 30 * 1024);
	}

	private void writeMode(String mode, long gatewayTicksPerSecond, long mallTicksPerSecond, long lagP99Micros,
			List<BlockingCall> blocking) throws IOException {
		Path dir = this.run.resolve(mode);
		StringBuilder cpu = new StringBuilder();
		List<GatewaySecond> seconds = new ArrayList<>();
		for (long s = 0; s <= 80; s++) {
			long epochMs = PHASE_START + s * 1000;
			Map<String, Long> ticks = new LinkedHashMap<>();
			ticks.put("gateway", 5_000 + gatewayTicksPerSecond * s);
			ticks.put("mall-api", 7_000 + mallTicksPerSecond * s);
			ticks.put("nginx", 3 * s);
			// Two cores (200 ticks a second); busy: the three processes and 12 ticks
			// of what the kit does not watch.
			MachineCpu machine = new MachineCpu(10_000 + (gatewayTicksPerSecond + mallTicksPerSecond + 3 + 12) * s,
					100_000 + 200 * s);
			cpu.append(BenchJson.mapper().writeValueAsString(new CpuSample(epochMs, ticks, machine)).replace("\n", ""))
				.append('\n');
			seconds.add(new GatewaySecond(epochMs / 1000,
					new GatewaySecond.Lag(20, lagP99Micros / 2, lagP99Micros, lagP99Micros + 1000), (int) (s % 7),
					Map.of("mall-api", new GatewaySecond.Pool(4, 2, 0)), new GatewaySecond.Commands(100, 1_300),
					Map.of()));
		}
		Files.writeString(dir.resolve(CpuSample.FILE), cpu);
		BenchJson.write(dir.resolve(Diagnostics.GATEWAY_FILE),
				new GatewayDiagnostics(seconds, true, WINDOW_START, blocking));
		Files.writeString(dir.resolve(WindowDiagnostics.THREAD_DUMP_FILE), BLOCKED_LOOP);
		Files.writeString(dir.resolve(WindowDiagnostics.FLAME_GRAPH_FILE), "<html></html>");
		Files.writeString(dir.resolve(LoopProfile.FILE), blocking.isEmpty()
				? "[reactor-http-epoll-1 tid=1];java/lang/Thread.run;io/netty/channel/epoll/Native.epollWait 70\n"
						+ "[reactor-http-epoll-1 tid=1];java/lang/Thread.run;"
						+ "dev/gatewaykit/gateway/filter/AuthenticationGlobalFilter.filter 30\n"
				: "[reactor-http-epoll-1 tid=1];java/lang/Thread.run;"
						+ "dev/gatewaykit/gateway/mode/BlockingIdentityCalls.loadSession;jdk/internal/misc/Unsafe.park 95\n"
						+ "[reactor-http-epoll-1 tid=1];java/lang/Thread.run;io/netty/channel/epoll/Native.epollWait 5\n");
		if (blocking.isEmpty()) {
			Files.writeString(dir.resolve(CpuSplit.FILE),
					"[reactor-http-epoll-1 tid=1];java/lang/Thread.run;io/netty/channel/epoll/Native.epollWait;"
							+ "epoll_wait 60\n[reactor-http-epoll-1 tid=1];java/lang/Thread.run;"
							+ "dev/gatewaykit/gateway/filter/AuthenticationGlobalFilter.filter 40\n");
		}
		BenchJson.write(dir.resolve(WindowRecord.FILE),
				new WindowRecord("wall", WindowDiagnostics.FLAME_GRAPH_FILE, WindowDiagnostics.THREAD_DUMP_FILE,
						WINDOW_START + 30_000, WINDOW_START + 30_000, true, null, List.of()));
	}

	private void summarize(String mode) {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		ByteArrayOutputStream err = new ByteArrayOutputStream();
		int status = KitCli.run(
				new String[] { "summarize-mode", "--dir", this.run.resolve(mode).toString(), "--mode", mode,
						"--redis-latency", "1", "--auth-latency", "50" },
				new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
		assertThat(status).as(err.toString(StandardCharsets.UTF_8)).isZero();
	}

	private ModeSummary modeSummary(String mode) {
		return BenchJson.read(this.run.resolve(mode).resolve(ModeSummary.FILE), ModeSummary.class);
	}

}
