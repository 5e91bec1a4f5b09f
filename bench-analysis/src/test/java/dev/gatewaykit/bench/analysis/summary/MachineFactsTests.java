package dev.gatewaykit.bench.analysis.summary;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class MachineFactsTests {

	@Test
	void readsTheCpuModelFromCpuinfo() {
		String cpuinfo = "processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC 7B13\n\nprocessor\t: 1\n"
				+ "model name\t: AMD EPYC 7B13\n";

		assertThat(MachineFacts.parseCpuModel(cpuinfo)).isEqualTo("AMD EPYC 7B13");
		assertThat(MachineFacts.parseCpuModel("")).isEqualTo("unknown");
	}

	@Test
	void readsTotalMemoryInMebibytes() {
		assertThat(MachineFacts.parseMemTotalMb("MemTotal:       24683636 kB\nMemFree: 1 kB\n")).isEqualTo(24105);
		assertThat(MachineFacts.parseMemTotalMb("")).isZero();
	}

	@Test
	void readsTheDistributionName() {
		assertThat(MachineFacts
			.parseOsRelease("NAME=\"Debian GNU/Linux\"\nPRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\n"))
			.isEqualTo("Debian GNU/Linux 12 (bookworm)");
	}

}
