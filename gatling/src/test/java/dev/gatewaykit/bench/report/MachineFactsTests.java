package dev.gatewaykit.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;

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
		assertThat(MachineFacts.parseOsRelease("NAME=\"Debian GNU/Linux\"\nPRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\n"))
			.isEqualTo("Debian GNU/Linux 12 (bookworm)");
	}

	@Test
	void readsToolVersionsFromTheirOwnWords() {
		assertThat(MachineFacts.parseVersion("nginx version: nginx/1.22.1\n")).isEqualTo("1.22.1");
		assertThat(MachineFacts.parseVersion("Redis server v=7.0.15 sha=00000000:0 malloc=jemalloc-5.3.0 bits=64"))
			.isEqualTo("7.0.15");
		assertThat(MachineFacts.parseVersion("toxiproxy-server version 2.9.0")).isEqualTo("2.9.0");
		assertThat(MachineFacts.parseVersion("no version here")).isNull();
	}

	@Test
	void recordsTheJdkGatlingAndGitAndSaysWhenAToolIsMissing() {
		Map<String, String> versions = MachineFacts.versions(Map.of("toxiproxy-server", "/nonexistent/toxiproxy"),
				Path.of("."));

		assertThat(versions.get("jdk")).contains(System.getProperty("java.runtime.version"));
		assertThat(versions.get("gatling")).matches("\\d+\\.\\d+\\.\\d+");
		assertThat(versions.get("git")).matches("[0-9a-f]{40}");
		assertThat(versions.get("toxiproxy-server")).isEqualTo("not found");
	}

}
