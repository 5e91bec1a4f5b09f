package dev.gatewaykit.bench.chaos;

import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.bench.options.ParsedArgs;
import dev.gatewaykit.bench.options.UsageException;
import dev.gatewaykit.common.mode.ExecutionMode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class ChaosOptionsTests {

	private static final Path KIT_DIR = Path.of("/tmp/kit");

	@Test
	void byDefaultEveryFaultInEveryModeAtFiftyRequestsASecond() {
		ChaosOptions options = parse();

		assertThat(options.modes()).containsExactly(ExecutionMode.values());
		assertThat(options.faults()).containsExactly(Fault.values());
		assertThat(options.lifecycle()).containsExactly(LifecycleFault.values());
		assertThat(options.rate()).isEqualTo(50);
		assertThat(options.fault()).isEqualTo(Duration.ofSeconds(6));
		assertThat(options.recoveryTarget()).isEqualTo(Duration.ofSeconds(5));
		assertThat(options.out().getParent()).isEqualTo(KIT_DIR);
		assertThat(options.out().getFileName().toString()).startsWith("chaos-");
	}

	@Test
	void takesASubsetOfModesAndFaultsInTheOrderGiven() {
		ChaosOptions options = parse("--modes", "reactive,blocking", "--faults", "mall-sigstop, redis-reset", "--rate",
				"20", "--fault-seconds", "4", "--baseline-seconds", "2", "--recovery-seconds", "10", "--margin-ms",
				"500", "--out", "/tmp/chaos");

		assertThat(options.modes()).containsExactly(ExecutionMode.REACTIVE, ExecutionMode.BLOCKING);
		assertThat(options.faults()).containsExactly(Fault.MALL_SIGSTOP, Fault.REDIS_RESET);
		assertThat(options.rate()).isEqualTo(20);
		assertThat(options.baseline()).isEqualTo(Duration.ofSeconds(2));
		assertThat(options.recovery()).isEqualTo(Duration.ofSeconds(10));
		assertThat(options.margin()).isEqualTo(Duration.ofMillis(500));
		assertThat(options.out()).isEqualTo(Path.of("/tmp/chaos"));
	}

	@Test
	void noneSkipsTheLinkFaultsOrTheLifecycleFaultsButNotBoth() {
		ChaosOptions lifecycleOnly = parse("--faults", "none", "--lifecycle", "mall-pool-small");

		assertThat(lifecycleOnly.faults()).isEmpty();
		assertThat(lifecycleOnly.lifecycle()).containsExactly(LifecycleFault.POOL_SMALL);
		assertThat(parse("--lifecycle", "none").lifecycle()).isEmpty();
		assertThatExceptionOfType(UsageException.class)
			.isThrownBy(() -> parse("--faults", "none", "--lifecycle", "none"))
			.withMessageContaining("nothing to run");
		assertThatExceptionOfType(UsageException.class).isThrownBy(() -> parse("--lifecycle", "mall-fire"))
			.withMessageContaining("unknown lifecycle fault 'mall-fire'")
			.withMessageContaining("mall-idle-close");
	}

	@Test
	void theClientWaitsLongerThanAnyLinkTimeoutPlusTheMargin() {
		ChaosOptions options = parse("--margin-ms", "1000");

		assertThat(options.clientTimeout()).isGreaterThan(Link.MALL.timeout().plusMillis(1000));
	}

	@Test
	void refusesAnUnknownOrRepeatedFaultOrMode() {
		assertThatExceptionOfType(UsageException.class).isThrownBy(() -> parse("--faults", "mall-fire"))
			.withMessageContaining("unknown fault 'mall-fire'")
			.withMessageContaining("mall-sigstop");
		assertThatExceptionOfType(UsageException.class).isThrownBy(() -> parse("--faults", "auth-reset,auth-reset"))
			.withMessageContaining("listed twice");
		assertThatExceptionOfType(UsageException.class).isThrownBy(() -> parse("--modes", "naive"))
			.withMessageContaining("--modes");
	}

	@Test
	void refusesRatesAndDurationsOutOfRange() {
		assertThatExceptionOfType(UsageException.class).isThrownBy(() -> parse("--rate", "0"));
		assertThatExceptionOfType(UsageException.class).isThrownBy(() -> parse("--fault-seconds", "-1"));
		// The watch must be able to see a recovery that meets the target.
		assertThatExceptionOfType(UsageException.class).isThrownBy(() -> parse("--recovery-seconds", "5"));
	}

	private static ChaosOptions parse(String... argv) {
		return ChaosOptions.from(ParsedArgs.of("chaos", argv), KIT_DIR);
	}

}
