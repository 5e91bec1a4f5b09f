package dev.gatewaykit.bench.render;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.gatewaykit.bench.analysis.TestFiles;
import dev.gatewaykit.bench.analysis.summary.RunFixtures;
import dev.gatewaykit.bench.report.RunReport;

class ReportRenderTests {

	@TempDir
	Path run;

	@Test
	void reportRendersInHeadlessChromium() throws Exception {
		TestFiles.summarizedRun(this.run);
		RunReport.load(this.run, null, RunFixtures.MACHINE, RunFixtures.VERSIONS, RunFixtures.CLOCK).write(this.run);
		Renders.assertRenders(this.run, "report", 2000, 10 * 1024);
	}

}
