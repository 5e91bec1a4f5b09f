package dev.gatewaykit.bench.probe;

import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.gatewaykit.bench.analysis.diagnostics.CpuPart;
import dev.gatewaykit.bench.analysis.diagnostics.CpuSplit;
import dev.gatewaykit.bench.analysis.diagnostics.Diagnostics;
import dev.gatewaykit.bench.analysis.diagnostics.LoopProfile;
import dev.gatewaykit.bench.analysis.diagnostics.ProfilerEvent;
import dev.gatewaykit.bench.analysis.diagnostics.ThreadDump;
import dev.gatewaykit.bench.analysis.diagnostics.WindowRecord;
import dev.gatewaykit.bench.model.BenchJson;
import dev.gatewaykit.common.diagnostics.BlockingCall;
import dev.gatewaykit.common.diagnostics.GatewayDiagnostics;
import dev.gatewaykit.common.diagnostics.GatewaySecond;
import dev.gatewaykit.launcher.stack.ManagementAccess;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The window's diagnostics against a real JVM (a {@link FakeGateway}) and a stub of the
 * gateway's actuator: the profiler is really attached and the thread dump really taken.
 */
class WindowDiagnosticsTests {

	private static final ManagementAccess MANAGEMENT = ManagementAccess.generate();

	@TempDir
	Path dir;

	private FakeGateway.Running jvm;

	private HttpServer actuator;

	private final AtomicInteger resets = new AtomicInteger();

	@BeforeEach
	void startAFakeGatewayAndItsActuator() throws Exception {
		this.jvm = FakeGateway.start();
		GatewayDiagnostics diagnostics = new GatewayDiagnostics(
				List.of(new GatewaySecond(1_700_000_000L, new GatewaySecond.Lag(20, 80, 900, 1_200), 3,
						Map.of("mall-api", new GatewaySecond.Pool(4, 2, 0)), new GatewaySecond.Commands(10, 1_500),
						Map.of())),
				true, 1_700_000_000_000L,
				List.of(new BlockingCall("dev.gatewaykit.X.y(X.java:1)", "java.lang.Thread#sleep", 3, List.of("t"))));
		byte[] body = BenchJson.write(diagnostics).getBytes(StandardCharsets.UTF_8);
		this.actuator = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		this.actuator.createContext("/actuator/kitdiagnostics", (exchange) -> {
			if (exchange.getRequestMethod().equals("POST")) {
				// The gateway refuses management writes without its credentials.
				boolean authorized = MANAGEMENT.authorization()
					.equals(exchange.getRequestHeaders().getFirst("Authorization"));
				if (authorized) {
					this.resets.incrementAndGet();
				}
				exchange.sendResponseHeaders(authorized ? 204 : 401, -1);
			}
			else {
				exchange.getResponseHeaders().set("Content-Type", "application/json");
				exchange.sendResponseHeaders(200, body.length);
				exchange.getResponseBody().write(body);
			}
			exchange.close();
		});
		this.actuator.start();
	}

	@AfterEach
	void stop() throws Exception {
		this.actuator.stop(0);
		this.jvm.close();
	}

	@Test
	void profilesTheWindowDumpsTheThreadsInItsMiddleAndSavesTheGatewaysDiagnostics() throws Exception {
		AsyncProfiler profiler = AsyncProfiler.extract(this.dir.resolve("profiler"));
		// A quarter of it for each profile: long enough on a busy box.
		openWindow(6_000);
		WindowDiagnostics.Plan plan = plan(ProfilerEvent.WALL, Optional.of(profiler), true);

		WindowRecord record = new WindowDiagnostics().run(plan, (line) -> {
		});

		assertThat(record.notes()).isEmpty();
		assertThat(this.resets).hasValue(1);
		String flameGraph = Files.readString(this.dir.resolve(WindowDiagnostics.FLAME_GRAPH_FILE));
		assertThat(flameGraph).contains("<html")
			.contains("reactor-http-epoll-1")
			// Frame names are stored prefix-compressed: the class, not class.method.
			.contains("dev/gatewaykit/bench/probe/FakeGateway");
		// One fake loop computes, the other is parked: wall-clock samples both alike.
		LoopProfile loops = LoopProfile.of(Files.readString(this.dir.resolve(LoopProfile.FILE)));
		assertThat(loops.samples()).isPositive();
		assertThat(loops.blockedPct()).isBetween(25.0, 75.0);
		assertThat(loops.runningIn()).extracting(LoopProfile.FrameShare::frame)
			.contains("dev.gatewaykit.bench.probe.FakeGateway.compute");
		assertThat(ThreadDump.eventLoops(Files.readString(this.dir.resolve(WindowDiagnostics.THREAD_DUMP_FILE))))
			.extracting(ThreadDump.LoopActivity::activity)
			.containsExactly(ThreadDump.LoopActivity.RUNNING, ThreadDump.LoopActivity.BLOCKED);
		// Before the flame graph, every thread's CPU: the computing loop is code in no
		// library, which the split counts as the filters'.
		CpuSplit split = CpuSplit.of(Files.readString(this.dir.resolve(CpuSplit.FILE)), 100);
		assertThat(split.samples()).isPositive();
		assertThat(split.parts().get(0).part()).isEqualTo(CpuPart.FILTERS);
		GatewayDiagnostics saved = BenchJson.read(this.dir.resolve(Diagnostics.GATEWAY_FILE), GatewayDiagnostics.class);
		assertThat(saved.blockingCalls()).extracting(BlockingCall::count).containsExactly(3L);
		assertThat(BenchJson.read(this.dir.resolve(WindowRecord.FILE), WindowRecord.class)).isEqualTo(record);
	}

	@Test
	void withoutTheProfilerNothingIsLoadedAndTheReasonIsNoted() throws Exception {
		openWindow(1_000);

		WindowRecord offRecord = new WindowDiagnostics().run(plan(ProfilerEvent.OFF, Optional.empty(), false),
				(line) -> {
				});
		assertThat(offRecord.flameGraph()).isNull();
		assertThat(offRecord.notes()).isEmpty();
		assertThat(this.resets).hasValue(0);

		openWindow(1_000);
		WindowRecord unsupported = new WindowDiagnostics().run(plan(ProfilerEvent.WALL, Optional.empty(), false),
				(line) -> {
				});
		assertThat(unsupported.flameGraph()).isNull();
		assertThat(unsupported.notes()).containsExactly("no flame graph: flame graphs need Linux on x64 or arm64");
		assertThat(unsupported.threadDump()).isEqualTo(WindowDiagnostics.THREAD_DUMP_FILE);
	}

	@Test
	void aWindowThatNeverOpensEndsWithANoteWhenAborted() throws Exception {
		WindowDiagnostics diagnostics = new WindowDiagnostics();
		diagnostics.abort();

		WindowRecord record = diagnostics.run(plan(ProfilerEvent.WALL, Optional.empty(), true), (line) -> {
		});

		assertThat(record.notes()).singleElement().asString().contains("never opened");
		assertThat(this.resets).hasValue(0);
	}

	private WindowDiagnostics.Plan plan(ProfilerEvent event, Optional<AsyncProfiler> profiler, boolean blockHound) {
		return new WindowDiagnostics.Plan(this.dir, "fixed", this.jvm.pid(),
				Optional.of(URI.create("http://127.0.0.1:" + this.actuator.getAddress().getPort() + "/actuator")),
				event, profiler, "flame graphs need Linux on x64 or arm64", blockHound, Duration.ofSeconds(20),
				Optional.of(MANAGEMENT), Optional.empty());
	}

	private void openWindow(long millis) {
		long now = System.currentTimeMillis();
		BenchJson.write(this.dir.resolve("phase.json"),
				Map.of("phaseStartEpochMs", now, "windowStartEpochMs", now, "windowEndEpochMs", now + millis));
	}

}
