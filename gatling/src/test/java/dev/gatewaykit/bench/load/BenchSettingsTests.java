package dev.gatewaykit.bench.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.bench.model.LoadModel;
import dev.gatewaykit.bench.model.Warmup;
import dev.gatewaykit.bench.model.Workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class BenchSettingsTests {

	@Test
	void waitsLongerThanNginxsReadTimeoutSoThatASlowRequestEndsAsNginxs504NotAsAClientTimeout() throws IOException {
		Matcher readTimeout = Pattern.compile("proxy_read_timeout\\s+(\\d+)s;")
			.matcher(Files.readString(Path.of("../nginx/tuned.conf.template")));
		assertThat(readTimeout.find()).isTrue();

		assertThat(BenchSettings.from(Map.<String, String>of()::get).requestTimeoutMs())
			.isGreaterThan(Integer.parseInt(readTimeout.group(1)) * 1000);
	}

	@Test
	void readsAFixedWarmUpOrAutoWithItsLongest() {
		assertThat(BenchSettings.from(Map.of("bench.warmupSeconds", "15")::get).warmup()).isEqualTo(Warmup.fixed(15));
		assertThat(
				BenchSettings.from(Map.of("bench.warmupSeconds", "auto", "bench.maxWarmupSeconds", "30")::get).warmup())
			.isEqualTo(Warmup.untilSteady(30));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> BenchSettings.from(Map.of("bench.warmupSeconds", "soon")::get))
			.withMessageContaining("bench.warmupSeconds");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> BenchSettings.from(Map.of("bench.maxWarmupSeconds", "12")::get))
			.withMessageContaining("bench.maxWarmupSeconds must be at least 20");
	}

	@Test
	void defaultsToTheIncidentsHundredAndFiftyRequestsInFlightAndASteadyStateWarmUp() {
		BenchSettings settings = BenchSettings.from(Map.<String, String>of()::get);

		assertThat(settings.workload()).isEqualTo(Workload.closed(150));
		assertThat(settings.target()).isEqualTo(BenchSettings.Target.GATEWAY);
		assertThat(settings.warmup()).isEqualTo(Warmup.untilSteady(150));
		assertThat(settings.durationSeconds()).isEqualTo(60);
		assertThat(settings.requestTimeoutMs()).isEqualTo(90_000);
		assertThat(settings.drainSeconds()).isEqualTo(5);
		assertThat(settings.rampSeconds()).isZero();
		assertThat(settings.honourRetryAfter()).isFalse();
		assertThat(settings.gatewayMetricsUrl()).isNull();
		assertThat(settings.requestFile()).isNull();
		assertThat(settings.relayKeyId()).isEqualTo("demo");
		assertThat(settings.relayPrivateKey()).isEqualTo(BenchSettings.DEFAULT_RELAY_PRIVATE_KEY);
		assertThat(settings.label()).isEqualTo("closed-gateway");
		assertThat(settings.gatesP99()).isFalse();
		assertThat(settings.gatesErrors()).isTrue();
		assertThat(settings.maxErrorPct()).isEqualTo(1.0);
	}

	@Test
	void readsEveryParameterFromBenchProperties() {
		Map<String, String> properties = Map.ofEntries(Map.entry("bench.baseUrl", "http://127.0.0.1:18080/"),
				Map.entry("bench.target", "ceiling"), Map.entry("bench.model", "open"), Map.entry("bench.rate", "1100"),
				Map.entry("bench.warmupSeconds", "5"), Map.entry("bench.durationSeconds", "30"),
				Map.entry("bench.requestTimeoutMs", "5000"), Map.entry("bench.usersCsv", "/tmp/users.csv"),
				Map.entry("bench.loginPool", "50"), Map.entry("bench.productCount", "100"),
				Map.entry("bench.label", "fixed"), Map.entry("bench.out", "/tmp/run/fixed"),
				Map.entry("bench.p99Ms", "500"), Map.entry("bench.maxErrorPct", "0.5"),
				Map.entry("bench.requestFile", "gatling/requests/example.yaml"), Map.entry("bench.rampSeconds", "20"));

		BenchSettings settings = BenchSettings.from(properties::get);

		assertThat(settings.rampSeconds()).isEqualTo(20);
		assertThat(settings.baseUrl()).isEqualTo("http://127.0.0.1:18080");
		assertThat(settings.target()).isEqualTo(BenchSettings.Target.CEILING);
		assertThat(settings.workload().model()).isEqualTo(LoadModel.OPEN);
		assertThat(settings.workload().rate()).isEqualTo(1100);
		assertThat(settings.totalSeconds()).isEqualTo(5 + 30 + 5);
		assertThat(settings.usersCsv()).isEqualTo(Path.of("/tmp/users.csv"));
		assertThat(settings.outDir()).isEqualTo(Path.of("/tmp/run/fixed"));
		assertThat(settings.p99Ms()).isEqualTo(500);
		assertThat(settings.maxErrorPct()).isEqualTo(0.5);
		assertThat(settings.requestFile()).isEqualTo(Path.of("gatling/requests/example.yaml"));
	}

	@Test
	void aStartInstantIsReadAndTheLoadLastsUntilItsWindowAndDrainAreOver() {
		BenchSettings none = BenchSettings.from(Map.of("bench.warmupSeconds", "5")::get);
		BenchSettings instant = BenchSettings.from(Map.of("bench.warmupSeconds", "5", "bench.durationSeconds", "30",
				"bench.windowStartEpochMs", "1764244420123")::get);

		assertThat(none.startsAtAnInstant()).isFalse();
		assertThat(none.loadSeconds(1_764_244_400_000L)).isEqualTo(none.totalSeconds());
		assertThat(instant.startsAtAnInstant()).isTrue();
		assertThat(instant.windowStartEpochMs()).isEqualTo(1_764_244_420_123L);
		// 20.123 s to the instant, rounded up, then the 30 s window and the 5 s drain.
		assertThat(instant.loadSeconds(1_764_244_400_000L)).isEqualTo(21 + 30 + 5);
		// Never shorter than without an instant.
		assertThat(instant.loadSeconds(1_764_244_420_000L)).isEqualTo(5 + 30 + 5);
		assertThatIllegalArgumentException()
			.isThrownBy(() -> BenchSettings.from(Map.of("bench.windowStartEpochMs", "soon")::get))
			.withMessage("bench.windowStartEpochMs must be an instant in epoch ms, was 'soon'");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> BenchSettings.from(Map.of("bench.windowStartEpochMs", "-5")::get))
			.withMessageContaining("must be an instant in epoch ms");
	}

	@Test
	void aNegativeErrorLimitTurnsTheGateOff() {
		assertThat(BenchSettings.from(Map.of("bench.maxErrorPct", "-1")::get).gatesErrors()).isFalse();
	}

	@Test
	void badValuesNameTheProperty() {
		assertThatIllegalArgumentException().isThrownBy(() -> BenchSettings.from(Map.of("bench.users", "0")::get))
			.withMessage("bench.users must be at least 1, was 0");
		assertThatIllegalArgumentException().isThrownBy(() -> BenchSettings.from(Map.of("bench.users", "many")::get))
			.withMessage("bench.users must be a whole number, was 'many'");
		assertThatIllegalArgumentException().isThrownBy(() -> BenchSettings.from(Map.of("bench.model", "spiky")::get))
			.withMessageContaining("bench.unknown model 'spiky'");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> BenchSettings.from(Map.of("bench.baseUrl", "127.0.0.1:8080")::get))
			.withMessageContaining("bench.baseUrl must start with http://");
		assertThatIllegalArgumentException().isThrownBy(() -> BenchSettings.from(Map.of("bench.target", "nginx")::get))
			.withMessageContaining("gateway, ceiling or vanilla");
	}

	@Test
	void theVanillaTargetNeedsNoToken() {
		BenchSettings settings = BenchSettings.from(Map.of("bench.target", "vanilla")::get);

		assertThat(settings.target()).isEqualTo(BenchSettings.Target.VANILLA);
		assertThat(settings.target().needsTokens()).isFalse();
		assertThat(BenchSettings.Target.GATEWAY.needsTokens()).isTrue();
		assertThat(BenchSettings.Target.CEILING.needsTokens()).isTrue();
	}

	@Test
	void honoursRetryAfterOnlyWhenToldTo() {
		assertThat(BenchSettings.from(Map.of("bench.honourRetryAfter", "true")::get).honourRetryAfter()).isTrue();
		assertThat(BenchSettings.from(Map.of("bench.honourRetryAfter", "false")::get).honourRetryAfter()).isFalse();
		assertThatIllegalArgumentException()
			.isThrownBy(() -> BenchSettings.from(Map.of("bench.honourRetryAfter", "yes")::get))
			.withMessageContaining("bench.honourRetryAfter must be true or false, was 'yes'");
	}

}
