package dev.gatewaykit.bench.analysis.compare;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.gatewaykit.bench.analysis.run.RunSummary;
import dev.gatewaykit.bench.analysis.summary.MachineFacts;
import dev.gatewaykit.bench.model.Simulations;

import static dev.gatewaykit.bench.analysis.compare.GateFixtures.MACHINE;
import static dev.gatewaykit.bench.analysis.compare.GateFixtures.params;
import static dev.gatewaykit.bench.analysis.compare.GateFixtures.summary;
import static dev.gatewaykit.bench.analysis.compare.GateFixtures.tps;
import static dev.gatewaykit.bench.analysis.compare.GateFixtures.versions;
import static org.assertj.core.api.Assertions.assertThat;

class ComparabilityTests {

	@Test
	void identicalRunsAreComparable() {
		Comparability comparability = Comparability.of(summary("a"), summary("b"));

		assertThat(comparability.comparable()).isTrue();
		assertThat(comparability.refused()).isEmpty();
		assertThat(comparability.allowed()).isEmpty();
	}

	@ParameterizedTest(name = "params.{0}: {1} → {2} is refused")
	@CsvSource({ "users, 200, 100", "durationSeconds, 60, 30", "quick, false, true", "nginx, tuned, plain",
			"redisLatencyMs, 25, 5", "blockHound, false, true", "profile, cpu, off", "warmup, auto, 20",
			"model, closed, open", "discovery, static, nacos", "targetUrl, none, http://127.0.0.1:8080",
			"simulation, " + Simulations.PRODUCT_BROWSE + ", other.Simulation", "requestFile, none, requests.csv" })
	void aParameterDifferenceIsRefusedAndNamed(String key, String before, String after) {
		Map<String, Object> baseline = params();
		Map<String, Object> current = params();
		baseline.put(key, value(before));
		current.put(key, value(after));

		Comparability comparability = Comparability.of(summary("a", baseline, MACHINE, versions()),
				summary("b", current, MACHINE, versions()));

		assertThat(comparability.comparable()).isFalse();
		assertThat(comparability.refused()).extracting(Difference::text)
			.containsExactly("params." + key + ": " + before + " → " + after);
	}

	@Test
	void aMachineDifferenceIsRefused() {
		MachineFacts bigger = new MachineFacts(MACHINE.cpuModel(), 4, 15882, MACHINE.os());

		Comparability comparability = Comparability.of(summary("a"),
				summary("b", params(), bigger, versions(), tps("fixed", 1000)));

		assertThat(comparability.refused()).extracting(Difference::text)
			.containsExactly("machine.cpuCount: 2 → 4", "machine.memoryMb: 7941 → 15882");
	}

	@ParameterizedTest(name = "versions.{0} differs: refused")
	@CsvSource({ "jdk", "gatling", "nginx", "redis-server", "toxiproxy-server" })
	void aToolVersionDifferenceIsRefused(String tool) {
		Map<String, String> newer = versions();
		newer.put(tool, "99.0");

		Comparability comparability = Comparability.of(summary("a"), summary("b", params(), MACHINE, newer));

		assertThat(comparability.refused()).extracting(Difference::text)
			.containsExactly("versions." + tool + ": " + versions().get(tool) + " → 99.0");
	}

	@Test
	void theChangeUnderTestAndBookkeepingAreAllowedAndListed() {
		Map<String, Object> params = params();
		params.put("gatewayJar", "/tmp/gateway-next.jar");
		params.put("gatewayArgs", List.of("--spring.main.lazy-initialization=true"));
		params.put("repeat", 5);
		params.put("modes", "fixed");
		params.put("ceiling", true);
		Map<String, String> versions = versions();
		versions.put("git", "1657ff2");
		versions.put("gitDirty", "true");

		Comparability comparability = Comparability.of(summary("a"), summary("b", params, MACHINE, versions));

		assertThat(comparability.comparable()).isTrue();
		assertThat(comparability.allowed()).extracting(Difference::text)
			.containsExactly("params.modes: naive,fixed → fixed", "params.repeat: 3 → 5",
					"params.gatewayJar: none → /tmp/gateway-next.jar",
					"params.gatewayArgs: [] → [\"--spring.main.lazy-initialization=true\"]",
					"params.ceiling: not recorded → true", "versions.git: 979a94c → 1657ff2",
					"versions.gitDirty: false → true");
	}

	@Test
	void aBaselineThatListedTheGatlingMavenPluginIsStillComparable() {
		Map<String, String> before = versions();
		before.put("gatling-maven-plugin", "4.21.12");

		Comparability comparability = Comparability.of(summary("a", params(), MACHINE, before),
				summary("b", params(), MACHINE, versions()));

		assertThat(comparability.comparable()).isTrue();
		assertThat(comparability.allowed()).extracting(Difference::text)
			.containsExactly("versions.gatling-maven-plugin: 4.21.12 → not recorded");
	}

	@Test
	void numbersCompareByValue() {
		Map<String, Object> params = params();
		params.put("durationSeconds", 60.0);

		assertThat(Comparability.of(summary("a"), summary("b", params, MACHINE, versions())).comparable()).isTrue();
	}

	@Test
	void aParameterAnOlderRunDidNotRecordIsTheSameAsNone() {
		Map<String, Object> older = params();
		older.remove("targetUrl");
		older.remove("requestFile");

		assertThat(Comparability.of(summary("a", older, MACHINE, versions()), summary("b")).comparable()).isTrue();
	}

	@Test
	void aParameterAnOlderRunDidNotRecordDiffersFromAValue() {
		Map<String, Object> older = params();
		older.remove("targetUrl");
		Map<String, Object> current = params();
		current.put("targetUrl", "http://127.0.0.1:8080");

		assertThat(
				Comparability.of(summary("a", older, MACHINE, versions()), summary("b", current, MACHINE, versions()))
					.refusedText())
			.isEqualTo("params.targetUrl: not recorded → http://127.0.0.1:8080");
	}

	@Test
	void aRunWrittenBeforeTheSimulationWasAParameterRanTheDefaultOne() {
		Map<String, Object> current = params();
		current.put("simulation", Simulations.PRODUCT_BROWSE);

		assertThat(Comparability.of(summary("a"), summary("b", current, MACHINE, versions())).comparable()).isTrue();
	}

	@Test
	void theRnacosVersionMattersOnlyWithNacosDiscovery() {
		Map<String, String> installed = versions();
		installed.put("rnacos", "0.6.6");
		Map<String, Object> nacos = params();
		nacos.put("discovery", "nacos");

		Comparability staticDiscovery = Comparability.of(summary("a"), summary("b", params(), MACHINE, installed));
		Comparability nacosDiscovery = Comparability.of(summary("a", nacos, MACHINE, versions()),
				summary("b", nacos, MACHINE, installed));

		assertThat(staticDiscovery.comparable()).isTrue();
		assertThat(staticDiscovery.allowedText()).isEqualTo("versions.rnacos: not found → 0.6.6");
		assertThat(nacosDiscovery.refusedText()).isEqualTo("versions.rnacos: not found → 0.6.6");
	}

	@Test
	void aSummaryWithoutParamsOrMachineIsNotComparableWithOneThatHasThem() {
		RunSummary bare = summary("a", null, null, Map.of());

		Comparability comparability = Comparability.of(bare, summary("b"));

		assertThat(comparability.refused()).extracting(Difference::key)
			.contains("params.users", "machine.cpuCount", "versions.jdk")
			.doesNotContain("params.repeat", "versions.git");
		assertThat(comparability.refused()).filteredOn((difference) -> difference.key().equals("params.users"))
			.extracting(Difference::text)
			.containsExactly("params.users: not recorded → 200");
	}

	private static Object value(String text) {
		if (text.equals("none")) {
			return null;
		}
		if (text.equals("true") || text.equals("false")) {
			return Boolean.valueOf(text);
		}
		return text.matches("\\d+") ? Integer.valueOf(text) : text;
	}

}
