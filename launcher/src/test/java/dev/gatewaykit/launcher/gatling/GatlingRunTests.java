package dev.gatewaykit.launcher.gatling;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.gatewaykit.launcher.RunFailedException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class GatlingRunTests {

	private static final List<Path> KIT = List.of(Path.of("gatling/target/bench-lib/*"),
			Path.of("gatling/target/classes"), Path.of("gatling/target/test-classes"));

	@Test
	void runsTheKitsScenarioOnTheKitsClassPathByDefault(@TempDir Path dir) {
		List<String> command = new GatlingRun(KIT, List.of("-Xmx1g"), Map.of("bench.label", "naive"), dir, "naive",
				Duration.ofMinutes(5))
			.command();

		assertThat(command).containsSubsequence("-cp",
				"gatling/target/bench-lib/*:gatling/target/classes:gatling/target/test-classes", "-Dbench.label=naive",
				"io.gatling.app.Gatling", "-s", GatlingRun.SIMULATION, "-rf",
				dir.resolve("gatling-results").toString());
		assertThat(command).contains("-Xmx1g");
	}

	@Test
	void runsTheGivenSimulationWithTheUsersClassPathAfterTheKits(@TempDir Path dir) {
		GatlingRun run = new GatlingRun("com.example.perf.CheckoutSimulation", KIT,
				List.of(Path.of("/home/me/perf/classes"), Path.of("/home/me/perf/lib/*")), List.of(), Map.of(), dir,
				"checkout", Duration.ofMinutes(5));

		assertThat(run.command()).containsSubsequence("-cp",
				"gatling/target/bench-lib/*:gatling/target/classes:gatling/target/test-classes"
						+ ":/home/me/perf/classes:/home/me/perf/lib/*",
				"io.gatling.app.Gatling", "-s", "com.example.perf.CheckoutSimulation");
	}

	@Test
	void refusesAMissingClassPathEntryBeforeStartingAnything(@TempDir Path dir) throws IOException {
		Files.createDirectories(dir.resolve("lib"));
		Files.createDirectories(dir.resolve("classes"));
		GatlingRun run = new GatlingRun("com.example.perf.CheckoutSimulation", KIT,
				List.of(dir.resolve("classes"), dir.resolve("lib/*"), dir.resolve("clases"), dir.resolve("jars/*")),
				List.of(), Map.of(), dir.resolve("run"), "checkout", Duration.ofMinutes(5));

		assertThat(run.missingExtraClassPath()).containsExactly(dir.resolve("clases"), dir.resolve("jars/*"));
		assertThatExceptionOfType(RunFailedException.class).isThrownBy(() -> run.run((line) -> {
		}))
			.withMessageContaining("com.example.perf.CheckoutSimulation")
			.withMessageContaining(dir.resolve("clases").toString())
			.withMessageContaining(dir.resolve("jars/*").toString());
		assertThat(dir.resolve("run")).doesNotExist();
	}

	@Test
	void refusesASimulationThatIsNotAClassName(@TempDir Path dir) {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new GatlingRun("target/classes/MySimulation.class", KIT, List.of(), List.of(), Map.of(),
					dir, "mine", Duration.ofMinutes(5)))
			.withMessage("not a simulation class name: 'target/classes/MySimulation.class'");
	}

}
