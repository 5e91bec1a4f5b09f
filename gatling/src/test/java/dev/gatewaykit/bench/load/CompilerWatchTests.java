package dev.gatewaykit.bench.load;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CompilerWatchTests {

	private static final String SCRAPE = """
			# HELP jvm_compilation_time_ms_total The approximate accumulated elapsed time spent in compilation
			# TYPE jvm_compilation_time_ms_total counter
			jvm_compilation_time_ms_total{compiler="HotSpot 64-Bit Tiered Compilers"} 65641.0
			jvm_gc_pause_seconds_count{action="end of minor GC",cause="Allocation Failure",gc="PS Scavenge"} 73
			""";

	@Test
	void readsTheCompileTimeFromAPrometheusScrape() {
		assertThat(CompilerWatch.parse(SCRAPE)).hasValue(65641.0);
		assertThat(CompilerWatch.parse("process_uptime_seconds 12.0\n")).isEmpty();
	}

	@Test
	void readsTheValueNotTheTimestampAfterIt() {
		String scrape = """
				jvm_compilation_time_ms_total{compiler="HotSpot 64-Bit Tiered Compilers"} 65641.0 1764115200000
				""";

		assertThat(CompilerWatch.parse(scrape)).hasValue(65641.0);
	}

	@Test
	void settledOnlyWhenTheCompilersSpentAtMostATenthOfTheLastTenSeconds() {
		CompilerWatch busy = new CompilerWatch();
		// The plateau the warm-up used to take for the steady state: 9 s of compiling
		// in 10 s.
		busy.record(0, 60_000);
		busy.record(5_000, 64_500);
		busy.record(10_000, 69_000);
		assertThat(busy.settled()).isFalse();
		assertThat(busy.recentShare()).hasValue(0.9);

		CompilerWatch done = new CompilerWatch();
		done.record(0, 90_000);
		done.record(10_000, 90_800);
		assertThat(done.settled()).isTrue();
	}

	@Test
	void waitsForAWholeSpanBeforeSaying() {
		CompilerWatch watch = new CompilerWatch();
		assertThat(watch.settled()).isFalse();
		watch.record(0, 1_000);
		watch.record(4_000, 1_000);
		assertThat(watch.settled()).isFalse();
	}

}
