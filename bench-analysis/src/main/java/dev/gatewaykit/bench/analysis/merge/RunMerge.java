package dev.gatewaykit.bench.analysis.merge;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Stream;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import dev.gatewaykit.bench.analysis.littleslaw.LinkLatencies;
import dev.gatewaykit.bench.analysis.summary.ModeSummaries;
import dev.gatewaykit.bench.analysis.summary.ModeSummary;
import dev.gatewaykit.bench.model.BadInputException;
import dev.gatewaykit.bench.model.BenchJson;
import dev.gatewaykit.bench.model.CaseFacts;
import dev.gatewaykit.bench.model.LoadModel;
import dev.gatewaykit.bench.model.Unloaded;
import dev.gatewaykit.bench.model.Workload;

/**
 * Several injectors' run directories, each measured against the same stack at the same
 * time, made into one run directory as one injector would have left it: every case (a
 * subdirectory with a {@code measured.json}) merged by {@link InjectorMerge} and
 * summarized into its {@code mode-summary.json}, so the run's report is written by the
 * same code as any run's. What the gateway said about itself (its facts, its meters, the
 * unloaded response time, the case's identity) is the same whichever injector fetched it
 * and is copied from the first that has it; what each injector sampled on its own machine
 * (CPU, sockets, profiles) is not merged.
 */
public final class RunMerge {

	/** Parameters: the first injector's, with the merged load and the injectors named. */
	public static final String PARAMS = "params.json";

	/** The gateway's files, copied from the first injector whose case has them. */
	static final List<String> GATEWAY_FILES = List.of(CaseFacts.FILE, "gateway.json", ModeSummaries.END_SCRAPE,
			ModeSummaries.WINDOW_START_SCRAPE, Unloaded.FILE);

	private RunMerge() {
	}

	/**
	 * Merges the runs in {@code runs} into {@code out} (created if needed) and summarizes
	 * each case there; the report is the caller's next step.
	 * @param warnings what is missing and was left out, said once each
	 * @return the cases' summaries, in the order of their directories' names
	 * @throws BadInputException when fewer than two runs are given, a run is not a
	 * directory or is {@code out}, the runs hold different cases, or a case's injectors
	 * cannot be merged
	 */
	public static List<ModeSummary> merge(List<Path> runs, Path out, Consumer<String> warnings) {
		if (runs.size() < 2) {
			throw new BadInputException("merging needs two injectors' runs or more, got " + runs.size());
		}
		Path target = out.toAbsolutePath().normalize();
		for (int i = 0; i < runs.size(); i++) {
			if (runs.get(i).toAbsolutePath().normalize().equals(target)) {
				throw new BadInputException("the merged run would overwrite " + injectorName(i) + "'s, " + runs.get(i)
						+ ": write it elsewhere");
			}
		}
		List<String> cases = cases(runs);
		List<ModeSummary> summaries = new ArrayList<>();
		for (String name : cases) {
			List<InjectorMerge.Injector> injectors = new ArrayList<>();
			for (int i = 0; i < runs.size(); i++) {
				injectors.add(InjectorMerge.Injector.read(injectorName(i), runs.get(i).resolve(name)));
			}
			InjectorMerge.Merged merged = InjectorMerge.merge(injectors);
			Path dir = out.resolve(name);
			merged.write(dir);
			for (String file : GATEWAY_FILES) {
				runs.stream()
					.map((run) -> run.resolve(name).resolve(file))
					.filter(Files::isRegularFile)
					.findFirst()
					.ifPresent((source) -> copy(source, dir.resolve(file)));
			}
			CaseFacts facts = Files.isRegularFile(dir.resolve(CaseFacts.FILE)) ? CaseFacts.read(dir)
					: CaseFacts.read(runs.get(0).resolve(name));
			LinkLatencies links = new LinkLatencies(facts.links().redisMs(), facts.links().authMs(), 0);
			summaries.add(ModeSummaries.summarize(dir, facts.mode(), links, merged.measured(),
					merged.measured().workload(), warnings));
		}
		writeParams(runs, out, summaries.get(0).workload());
		return summaries;
	}

	/** How the merged files name the injector of {@code runs.get(index)}. */
	public static String injectorName(int index) {
		return "injector " + (index + 1);
	}

	/** The cases every run holds, refusing runs that hold different ones. */
	static List<String> cases(List<Path> runs) {
		TreeSet<String> first = null;
		for (int i = 0; i < runs.size(); i++) {
			Path run = runs.get(i);
			if (!Files.isDirectory(run)) {
				throw new BadInputException(injectorName(i) + ": " + run + " is not a directory");
			}
			TreeSet<String> cases = casesOf(run);
			if (cases.isEmpty()) {
				throw new BadInputException(injectorName(i) + ": no case directory with a measured.json in " + run);
			}
			if (first == null) {
				first = cases;
			}
			else if (!cases.equals(first)) {
				throw new BadInputException("the runs hold different cases: " + runs.get(0) + " has " + first + ", "
						+ run + " has " + cases + " (merge the runs of one bench, injector by injector)");
			}
		}
		return List.copyOf(first);
	}

	private static TreeSet<String> casesOf(Path run) {
		try (Stream<Path> children = Files.list(run)) {
			TreeSet<String> cases = new TreeSet<>();
			children.filter((child) -> Files.isRegularFile(child.resolve("measured.json")))
				.forEach((child) -> cases.add(child.getFileName().toString()));
			return cases;
		}
		catch (IOException ex) {
			throw new BadInputException("cannot list " + run + ": " + ex.getMessage());
		}
	}

	/**
	 * The first run's {@code params.json} with the injectors' directories and the load
	 * they offered together; none when the first run has none.
	 */
	private static void writeParams(List<Path> runs, Path out, Workload workload) {
		Path first = runs.get(0).resolve(PARAMS);
		Optional<JsonNode> params = Files.isRegularFile(first) ? Optional.of(BenchJson.readTree(first))
				: Optional.empty();
		if (params.isEmpty() || !(params.get() instanceof ObjectNode merged)) {
			return;
		}
		if (workload.model() == LoadModel.CLOSED) {
			merged.put("users", workload.users());
		}
		else {
			merged.put("rate", workload.rate());
		}
		ArrayNode injectors = merged.putArray("injectors");
		runs.forEach((run) -> injectors.add(run.toAbsolutePath().normalize().toString()));
		BenchJson.write(out.resolve(PARAMS), merged);
	}

	private static void copy(Path source, Path target) {
		try {
			Files.copy(source, target, StandardCopyOption.REPLACE_EXISTING);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot copy " + source + " to " + target, ex);
		}
	}

}
