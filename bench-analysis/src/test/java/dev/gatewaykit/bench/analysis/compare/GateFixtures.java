package dev.gatewaykit.bench.analysis.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.gatewaykit.bench.analysis.littleslaw.LinkLatencies;
import dev.gatewaykit.bench.analysis.littleslaw.Prediction;
import dev.gatewaykit.bench.analysis.repeat.ModeSamples;
import dev.gatewaykit.bench.analysis.repeat.Sample;
import dev.gatewaykit.bench.analysis.run.RunSummary;
import dev.gatewaykit.bench.analysis.summary.BenchModes;
import dev.gatewaykit.bench.analysis.summary.MachineFacts;
import dev.gatewaykit.bench.analysis.summary.ModeSummary;
import dev.gatewaykit.bench.analysis.summary.Validity;
import dev.gatewaykit.bench.model.BenchJson;
import dev.gatewaykit.bench.model.Latency;
import dev.gatewaykit.bench.model.Workload;

/** Hand-built repeats for the gate's tests. */
final class GateFixtures {

	private GateFixtures() {
	}

	/** A mode's repeats, numbered in the order given. */
	static ModeSamples mode(String name, Run... runs) {
		List<Sample> samples = new ArrayList<>();
		for (int i = 0; i < runs.length; i++) {
			Run run = runs[i];
			samples.add(new Sample(i + 1, name + "/" + (i + 1), run.errorPct() <= 1, run.tps(), run.p99Ms(),
					run.errorPct(), Optional.ofNullable(run.cpuMicros())));
		}
		return new ModeSamples(name, samples);
	}

	/** Repeats that differ in TPS only (p99 200 ms, CPU not measured). */
	static ModeSamples tps(String name, double... tps) {
		Run[] runs = new Run[tps.length];
		for (int i = 0; i < tps.length; i++) {
			runs[i] = run(tps[i], 200);
		}
		return mode(name, runs);
	}

	static Run run(double tps, double p99Ms) {
		return new Run(tps, p99Ms, null, 0);
	}

	static Run run(double tps, double p99Ms, double cpuMicros) {
		return new Run(tps, p99Ms, cpuMicros, 0);
	}

	/** A run with 3.2 % errors: invalid. */
	static Run invalid(double tps, double p99Ms) {
		return new Run(tps, p99Ms, null, 3.2);
	}

	static final MachineFacts MACHINE = new MachineFacts("AMD EPYC 7763 64-Core Processor", 2, 7941,
			"Debian GNU/Linux 12 (bookworm), kernel 6.1.0-27-amd64 (amd64)");

	/** What {@code ./kit bench} writes to params.json for a default run. */
	static Map<String, Object> params() {
		Map<String, Object> params = new LinkedHashMap<>();
		params.put("modes", "naive,fixed");
		params.put("model", "closed");
		params.put("users", 200);
		params.put("rate", null);
		params.put("warmup", "auto");
		params.put("durationSeconds", 60);
		params.put("redisLatencyMs", 25);
		params.put("nginx", "tuned");
		params.put("quick", false);
		params.put("discovery", "static");
		params.put("profile", "cpu");
		params.put("blockHound", false);
		params.put("repeat", 3);
		params.put("gatewayJar", null);
		params.put("gatewayArgs", List.of());
		params.put("targetUrl", null);
		return params;
	}

	static Map<String, String> versions() {
		Map<String, String> versions = new LinkedHashMap<>();
		versions.put("jdk", "OpenJDK 64-Bit Server VM 17.0.13+11");
		versions.put("gatling", "3.13.5");
		versions.put("nginx", "1.22.1");
		versions.put("redis-server", "7.0.15");
		versions.put("toxiproxy-server", "2.12.0");
		versions.put("rnacos", "not found");
		versions.put("git", "979a94c");
		versions.put("gitDirty", "false");
		return versions;
	}

	/** A summary.json with the given parameters, machine, versions and repeats. */
	static RunSummary summary(String run, Map<String, Object> params, MachineFacts machine,
			Map<String, String> versions, ModeSamples... modes) {
		return new RunSummary(RunSummary.SCHEMA, run, "2026-11-24T00:00:00Z",
				(params != null) ? BenchJson.mapper().valueToTree(params) : null, machine, versions, List.of(), null,
				null, null, List.of(), null, null, List.of(modes), List.of());
	}

	static RunSummary summary(String run, ModeSamples... modes) {
		return summary(run, params(), MACHINE, versions(), modes);
	}

	/** A mode's summary as a run without repeats writes it, the source of one sample. */
	static ModeSummary summaryOf(String name, double tps, double p99) {
		long ok = Math.round(tps * 60);
		return new ModeSummary(ModeSummary.SCHEMA, name, BenchModes.executionMode(name), name, "gateway",
				Workload.closed(200), new LinkLatencies(25, 3, 0), 60, ok, 0, tps, 0,
				new Latency(p99 / 2, p99 / 2, p99 * 0.8, p99, p99 * 1.2), ModeSummary.Spread.NONE, Validity.VALID,
				new Prediction(null, "-", Prediction.NONE, null, null), null, null, Map.of("200", ok), List.of(), null,
				null);
	}

	record Run(double tps, double p99Ms, Double cpuMicros, double errorPct) {
	}

}
