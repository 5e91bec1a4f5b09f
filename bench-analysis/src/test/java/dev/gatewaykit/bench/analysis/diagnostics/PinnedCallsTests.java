package dev.gatewaykit.bench.analysis.diagnostics;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.gatewaykit.bench.model.BenchJson;
import dev.gatewaykit.launcher.Jdks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * PinnedCalls over real recordings: a canary program run in source-file mode on the JDK
 * 21+ launcher's {@link Jdks} finds (the one the bench runs gateway-mvc on), under JFR
 * with {@code jdk.VirtualThreadPinned} at threshold 0. On 22+ the canary pins through a
 * native frame (libc's qsort calling back into Java, which sleeps), which JEP 491 (24)
 * does not unpin; on 21 it sleeps inside {@code synchronized}.
 */
class PinnedCallsTests {

	private static final String RESOURCES = "/dev/gatewaykit/bench/analysis/diagnostics/";

	/**
	 * The JFR options: the pinned event at threshold 0 and nothing else but the starts.
	 */
	private static final String RECORDING = "-XX:StartFlightRecording:settings=none,"
			+ "+jdk.VirtualThreadPinned#enabled=true,+jdk.VirtualThreadPinned#threshold=0ms,"
			+ "+jdk.VirtualThreadStart#enabled=true,filename=";

	@TempDir
	static Path dir;

	private static @Nullable Path java;

	private static int feature;

	/**
	 * The JDK 21+ the build needs anyway (gateway-mvc's tests fork on it): without one
	 * this fails with {@link Jdks}' word on what to install, never skips.
	 */
	@BeforeAll
	static void findAJdkWithVirtualThreads() throws IOException {
		Path home = Jdks.fromEnvironment().java21Home();
		java = home.resolve("bin").resolve("java");
		feature = feature(home);
	}

	@Test
	void groupsAVirtualThreadBlockingUnderANativeFrameByItsCallSiteWithTheReason() throws Exception {
		Path jfr = record("pin");

		PinnedCalls pinned = PinnedCalls.read(jfr);

		assertThat(pinned.events()).isPositive();
		assertThat(pinned.sites()).isNotEmpty();
		PinnedCalls.Site site = pinned.sites().get(0);
		assertThat(site.count()).isEqualTo(pinned.events());
		// The canary sleeps 40 ms pinned.
		assertThat(site.maxMs()).isGreaterThanOrEqualTo(30).isEqualTo(pinned.maxMs());
		assertThat(site.totalMs()).isEqualTo(pinned.totalMs());
		if (feature >= 22) {
			// The upcall: the frames below it (qsort, the downcall's stubs) are hidden.
			assertThat(site.callSite()).startsWith("PinningCanary.compare:");
			assertThat(site.stack())
				.anySatisfy((frame) -> assertThat(frame).startsWith("PinningCanary.sortWithASleepingComparator:"));
		}
		else {
			assertThat(site.callSite()).startsWith("MonitorPinningCanary.sleepHoldingAMonitor:");
		}
		if (feature >= 24) {
			assertThat(site.pinnedReason()).containsIgnoringCase("native");
			assertThat(site.blockingOperation()).isNotBlank();
		}
		else {
			assertThat(site.pinnedReason()).isNull();
			assertThat(site.blockingOperation()).isNull();
		}
	}

	@Test
	void findsNoneWhenAVirtualThreadSleepsWithNothingUnderIt() throws Exception {
		Path jfr = record("clean");

		// The recording works (the virtual thread's start is in it) and has no pin.
		assertThat(RecordingFile.readAllEvents(jfr))
			.anySatisfy((event) -> assertThat(event.getEventType().getName()).isEqualTo("jdk.VirtualThreadStart"));
		assertThat(PinnedCalls.read(jfr)).isEqualTo(new PinnedCalls(0, 0, 0, List.of()));
	}

	@Test
	void boundsTheCarriersByThePinnedTimePerRequest() {
		PinnedCalls pinned = new PinnedCalls(400, 2000.0, 60.0, List.of());

		// 2 s pinned over 1000 requests: 2 ms each; 2 carriers serve 1000 a second at
		// most.
		assertThat(pinned.pinnedMsPerRequest(1000)).isEqualTo(2.0);
		assertThat(pinned.carrierBound(2, 1000)).isEqualTo(1000.0);
		assertThat(new PinnedCalls(0, 0, 0, List.of()).carrierBound(2, 1000)).as("no pins, no bound").isNull();
		assertThatIllegalArgumentException().isThrownBy(() -> pinned.carrierBound(2, 0));
		assertThatIllegalArgumentException().isThrownBy(() -> pinned.carrierBound(0, 1000));
	}

	@Test
	void isWrittenAndReadBackWithBenchJson() throws Exception {
		PinnedCalls pinned = PinnedCalls.read(record("pin"));
		Path json = dir.resolve("pinned.json");

		BenchJson.write(json, pinned);

		assertThat(Files.readString(json)).contains("\"events\"", "\"totalMs\"", "\"maxMs\"", "\"sites\"",
				"\"callSite\"", "\"pinnedReason\"", "\"blockingOperation\"", "\"count\"", "\"stack\"");
		assertThat(BenchJson.read(json, PinnedCalls.class)).isEqualTo(pinned);
	}

	@Test
	void ignoresOtherEventsAndTellsTheJdksFramesByPackage() throws Exception {
		List<RecordedEvent> starts = RecordingFile.readAllEvents(record("clean"));

		assertThat(starts).isNotEmpty();
		assertThat(PinnedCalls.of(starts).events()).isZero();
		assertThat(PinnedCalls.isJdk("java.lang.VirtualThread")).isTrue();
		assertThat(PinnedCalls.isJdk("jdk.internal.vm.Continuation")).isTrue();
		assertThat(PinnedCalls.isJdk("sun.nio.ch.NioSocketImpl")).isTrue();
		assertThat(PinnedCalls.isJdk("dev.gatewaykit.gateway.mvc.RelayTokenFilter")).isFalse();
		assertThat(PinnedCalls.isJdk("javax.sql.DataSource")).isFalse();
	}

	/** Runs the canary for {@code variant} under JFR; the recording's path. */
	private static Path record(String variant) throws Exception {
		String canary = (feature >= 22) ? "PinningCanary.java" : "MonitorPinningCanary.java";
		Path source = dir.resolve(canary);
		if (!Files.exists(source)) {
			try (InputStream in = PinnedCallsTests.class.getResourceAsStream(RESOURCES + canary)) {
				assertThat(in).as(canary).isNotNull();
				Files.copy(in, source);
			}
		}
		Path jfr = dir.resolve(variant + "-" + System.nanoTime() + ".jfr");
		List<String> command = new ArrayList<>(List.of(String.valueOf(java), "--enable-native-access=ALL-UNNAMED",
				"-XX:TieredStopAtLevel=1", RECORDING + jfr, source.toString(), variant));
		Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
		String output;
		try (InputStream in = process.getInputStream()) {
			output = new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		assertThat(process.waitFor(60, TimeUnit.SECONDS)).as(output).isTrue();
		assertThat(process.exitValue()).as(output).isZero();
		assertThat(output).contains("canary " + variant + " done");
		// A JFR option that does not exist is only a warning: the event would not be on.
		assertThat(output).doesNotContain("[warning][jfr");
		assertThat(jfr).isRegularFile();
		return jfr;
	}

	/** The feature release in a JDK home's {@code release} file. */
	private static int feature(Path home) throws IOException {
		String version = Files.readAllLines(home.resolve("release"))
			.stream()
			.filter((line) -> line.startsWith("JAVA_VERSION="))
			.findFirst()
			.orElseThrow()
			.substring("JAVA_VERSION=".length())
			.replace("\"", "")
			.trim();
		return Runtime.Version.parse(version).feature();
	}

}
