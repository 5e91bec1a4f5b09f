package dev.gatewaykit.bench.analysis.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.MissingNode;
import tools.jackson.databind.node.StringNode;

import dev.gatewaykit.bench.analysis.run.RunSummary;
import dev.gatewaykit.bench.analysis.summary.MachineFacts;
import dev.gatewaykit.bench.model.Simulations;

/**
 * Whether two runs measured the same thing: the same parameters, on the same machine,
 * with the same tools. A faster run with fewer users or on a bigger box is not a faster
 * gateway, so the gate refuses to compare runs that differ in anything but the change
 * under test.
 *
 * @param refused the differences that make the runs not comparable
 * @param allowed the differences the gate expects: the change under test (git commit,
 * gateway jar and arguments) and bookkeeping (modes, repeats)
 */
public record Comparability(List<Difference> refused, List<Difference> allowed) {

	/**
	 * Parameters that may differ. {@code modes}: each mode is compared on its own, and
	 * one on one side only is reported. {@code repeat}: the gate decides on medians and
	 * ranges whatever the count. {@code ceiling}: it is measured without the gateway and
	 * not gated. {@code gatewayJar}, {@code gatewayArgs}: the gateway under test. The
	 * rest say where a run went and how it is judged, not what it measured.
	 */
	static final Set<String> ALLOWED_PARAMS = Set.of("modes", "repeat", "ceiling", "gatewayJar", "gatewayArgs", "out",
			"compare", "json", "junit", "force", "maxTpsDropPct", "maxP99RisePct", "maxCpuRisePct", "minRatio");

	/**
	 * A version listed once and no longer: the Gatling Maven plugin, which ran the
	 * simulation before the launcher started Gatling itself. A baseline written then has
	 * it and a run now does not; that is no difference in what ran.
	 */
	static final String RETIRED_GATLING_MAVEN_PLUGIN = "gatling-maven-plugin";

	/**
	 * Versions that may differ: the code under test ({@code git}, {@code gitDirty}, and
	 * the kit's own version, whose gateway is part of it).
	 */
	static final Set<String> ALLOWED_VERSIONS = Set.of("git", "gitDirty", "kit", RETIRED_GATLING_MAVEN_PLUGIN);

	/**
	 * What a run written before a parameter existed ran, where that is not "nothing"
	 * (absent and {@code null} are the same otherwise): the one simulation there was.
	 */
	static final Map<String, JsonNode> IMPLIED_PARAMS = Map.of("simulation",
			StringNode.valueOf(Simulations.PRODUCT_BROWSE));

	private static final String NOT_RECORDED = "not recorded";

	public Comparability {
		refused = List.copyOf(refused);
		allowed = List.copyOf(allowed);
	}

	public static Comparability of(RunSummary baseline, RunSummary current) {
		List<Difference> refused = new ArrayList<>();
		List<Difference> allowed = new ArrayList<>();
		for (String key : union(names(baseline.params()), names(current.params()))) {
			JsonNode before = param(baseline.params(), key);
			JsonNode after = param(current.params(), key);
			if (!same(before, after)) {
				Difference difference = new Difference("params." + key, text(before), text(after));
				(ALLOWED_PARAMS.contains(key) ? allowed : refused).add(difference);
			}
		}
		Map<String, String> machineBefore = machine(baseline.machine());
		Map<String, String> machineAfter = machine(current.machine());
		for (String key : union(machineBefore.keySet(), machineAfter.keySet())) {
			differ("machine." + key, machineBefore.get(key), machineAfter.get(key)).ifPresent(refused::add);
		}
		Map<String, String> versionsBefore = (baseline.versions() != null) ? baseline.versions() : Map.of();
		Map<String, String> versionsAfter = (current.versions() != null) ? current.versions() : Map.of();
		boolean nacos = nacos(baseline) || nacos(current);
		for (String key : union(versionsBefore.keySet(), versionsAfter.keySet())) {
			// rnacos only serves Nacos discovery: with static discovery on both sides its
			// version (or whether it is installed yet) does not touch the figures.
			boolean allowedKey = ALLOWED_VERSIONS.contains(key) || (key.equals("rnacos") && !nacos);
			differ("versions." + key, versionsBefore.get(key), versionsAfter.get(key))
				.ifPresent(allowedKey ? allowed::add : refused::add);
		}
		return new Comparability(refused, allowed);
	}

	public boolean comparable() {
		return this.refused.isEmpty();
	}

	/** The refused differences, one {@code key: baseline → current} each. */
	public String refusedText() {
		return this.refused.stream().map(Difference::text).collect(Collectors.joining(", "));
	}

	/** The allowed differences, one {@code key: baseline → current} each. */
	public String allowedText() {
		return this.allowed.stream().map(Difference::text).collect(Collectors.joining(", "));
	}

	private static Optional<Difference> differ(String key, @Nullable String before, @Nullable String after) {
		if (Objects.equals(before, after)) {
			return Optional.empty();
		}
		return Optional
			.of(new Difference(key, (before != null) ? before : NOT_RECORDED, (after != null) ? after : NOT_RECORDED));
	}

	private static boolean nacos(RunSummary summary) {
		return "nacos".equals(param(summary.params(), "discovery").asString(""));
	}

	private static JsonNode param(@Nullable JsonNode params, String key) {
		JsonNode value = (params != null) ? params.path(key) : MissingNode.getInstance();
		return value.isMissingNode() ? IMPLIED_PARAMS.getOrDefault(key, value) : value;
	}

	/** Absent and {@code null} are the same; numbers compare by value (25 = 25.0). */
	static boolean same(JsonNode before, JsonNode after) {
		boolean noneBefore = before.isMissingNode() || before.isNull();
		boolean noneAfter = after.isMissingNode() || after.isNull();
		if (noneBefore || noneAfter) {
			return noneBefore && noneAfter;
		}
		if (before.isNumber() && after.isNumber()) {
			return before.decimalValue().compareTo(after.decimalValue()) == 0;
		}
		return before.equals(after);
	}

	private static String text(JsonNode value) {
		if (value.isMissingNode()) {
			return NOT_RECORDED;
		}
		if (value.isNull()) {
			return "none";
		}
		return value.isString() ? value.asString() : value.toString();
	}

	private static Set<String> names(@Nullable JsonNode params) {
		return (params != null && params.isObject()) ? new LinkedHashSet<>(params.propertyNames()) : Set.of();
	}

	private static Map<String, String> machine(@Nullable MachineFacts machine) {
		Map<String, String> facts = new LinkedHashMap<>();
		if (machine != null) {
			facts.put("cpuModel", machine.cpuModel());
			facts.put("cpuCount", String.valueOf(machine.cpuCount()));
			facts.put("memoryMb", String.valueOf(machine.memoryMb()));
			facts.put("os", machine.os());
		}
		return facts;
	}

	private static Set<String> union(Set<String> first, Set<String> second) {
		Set<String> union = new LinkedHashSet<>(first);
		union.addAll(second);
		return union;
	}

}
