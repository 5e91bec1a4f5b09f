package dev.gatewaykit.bench.analysis.summary;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import dev.gatewaykit.bench.model.BadInputException;
import dev.gatewaykit.bench.model.BenchJson;
import dev.gatewaykit.bench.model.CaseFacts;

/**
 * A case of a run whose mode was summarized: its directory, what it is
 * ({@code case.json}) and its {@code mode-summary.json}. The run report, the sweep report
 * and the ablation each read the cases of their kind through here.
 *
 * @param dir the case's directory
 * @param facts what the case is
 * @param summary its mode's summary
 */
public record SummarizedCase(Path dir, CaseFacts facts, ModeSummary summary) {

	/**
	 * The cases of {@code kind} under {@code run} that have a summary, by directory name.
	 * @throws BadInputException when {@code run} is no directory, or a case's files are
	 * malformed
	 */
	public static List<SummarizedCase> in(Path run, CaseFacts.Kind kind) throws IOException {
		if (!Files.isDirectory(run)) {
			throw new BadInputException("run directory not found: " + run);
		}
		List<SummarizedCase> cases = new ArrayList<>();
		try (Stream<Path> children = Files.list(run)) {
			for (Path dir : children.filter(Files::isDirectory).sorted().toList()) {
				Path file = dir.resolve(ModeSummary.FILE);
				if (!Files.isRegularFile(file)) {
					continue;
				}
				CaseFacts facts = CaseFacts.read(dir);
				if (facts.kind() == kind) {
					cases.add(new SummarizedCase(dir, facts, BenchJson.read(file, ModeSummary.class)));
				}
			}
		}
		return cases;
	}

	/** The summary's file, for messages. */
	public Path file() {
		return this.dir.resolve(ModeSummary.FILE);
	}

}
