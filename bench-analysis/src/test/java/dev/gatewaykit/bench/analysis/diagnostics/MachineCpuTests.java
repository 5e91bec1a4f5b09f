package dev.gatewaykit.bench.analysis.diagnostics;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.bench.model.BadInputException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.within;

class MachineCpuTests {

	@Test
	void busyIsEverythingButIdleAndIowait() {
		MachineCpu cpu = MachineCpu.parse("""
				cpu  3329424 104631 736949 2740360 4061 0 135994 742 0 0
				cpu0 1664712 52315 368474 1370180 2030 0 67997 371 0 0
				intr 1 2 3
				""");

		assertThat(cpu.busy()).isEqualTo(3329424L + 104631 + 736949 + 135994 + 742);
		assertThat(cpu.total()).isEqualTo(cpu.busy() + 2740360 + 4061);
	}

	@Test
	void twoReadingsGiveTheCoresBusyShareBetweenThem() {
		// Two /proc/stat readings 10 s apart on the 2-core reference machine, mid-gate.
		MachineCpu before = MachineCpu.parse("cpu  3329424 104631 736949 2740360 4061 0 135994 742 0 0\n");
		MachineCpu after = MachineCpu.parse("cpu  3330574 104631 737470 2740500 4061 0 136143 742 0 0\n");

		assertThat(after.busySince(before)).isCloseTo(1820.0 / 1960, within(1e-9));
		assertThat(before.busySince(before)).isZero();
	}

	@Test
	void aTextWithoutTheCpuLineIsRefused() {
		assertThatExceptionOfType(BadInputException.class).isThrownBy(() -> MachineCpu.parse("intr 1 2 3\n"))
			.withMessageContaining("no 'cpu' line");
		assertThatExceptionOfType(BadInputException.class).isThrownBy(() -> MachineCpu.parse("cpu  1 2 3\n"))
			.withMessageContaining("too few fields");
	}

}
