package dev.gatewaykit.bench.run;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import dev.gatewaykit.bench.analysis.summary.MachineFacts;
import dev.gatewaykit.bench.report.RunReport;

/**
 * A run's report, as the bench writes it when its modes are done and {@code ./kit report}
 * writes it again on a saved run: the modes' summaries with this machine's facts and the
 * versions of what ran → {@code summary.json} and {@code report.html}.
 */
public final class RunReports {

	private RunReports() {
	}

	/**
	 * Writes the report of {@code run}.
	 * @param params the run's parameters, {@code null} for {@code RUN/params.json} if
	 * present
	 * @param repository the git checkout the run measured
	 * @param tools tool name to executable, asked for its version
	 */
	public static RunReport write(Path run, @Nullable Path params, Path repository, Map<String, String> tools)
			throws IOException {
		RunReport report = RunReport.load(run, params, MachineFacts.gather(), ToolVersions.versions(tools, repository),
				Clock.systemUTC());
		report.write(run);
		return report;
	}

}
