package dev.gatewaykit.compose;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.launcher.Workspace;
import dev.gatewaykit.launcher.gatling.GatlingMain;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The compose {@code gatling} service runs the simulation the way {@code ./kit bench}
 * does: its script only starts the launcher's {@link GatlingMain}, which builds the
 * Gatling command line from the kit's own code, and the image holds what that main and
 * the simulation run from, where the launcher looks for it.
 */
class ComposeBenchTests {

	private static final Pattern STAGE = Pattern
		.compile("(?ms)^FROM\\s+\\S+\\s+AS\\s+(\\S+)\\s*$(.*?)(?=^FROM\\s|\\z)");

	private final ComposeProject compose = ComposeProject.load();

	@Test
	void theScriptStartsTheLaunchersMainAndBuildsNoGatlingCommandOfItsOwn() throws IOException {
		String script = script();

		assertThat(script).contains(GatlingMain.class.getName(), "-Dkit.repository.root=\"$INJECTOR\"",
				"-cp \"$INJECTOR/launcher/*\"");
		// What the kit's path owns: Gatling's main, its properties, Maven's plugin.
		assertThat(script).doesNotContain("io.gatling.app.Gatling", "-Dbench.", "gatling:test", "mvnw");
	}

	@Test
	void theServiceIsBuiltFromTheStageThatRunsTheScript() throws IOException {
		Map<String, Object> build = ComposeProject.map(this.compose.service("gatling").get("build"));
		String stage = stages().get(String.valueOf(build.get("target")));

		assertThat(build).containsEntry("dockerfile", "docker/Dockerfile");
		assertThat(stage).as("the Dockerfile's stage %s", build.get("target"))
			.isNotNull()
			.contains("ENTRYPOINT [\"bash\", \"/injector/run-bench.sh\"]");
	}

	@Test
	void theImageHoldsTheLaunchersJarsAndTheSimulationsClassPathWhereTheLauncherLooks() throws IOException {
		String build = stages().get("gatling-build");
		Workspace image = new Workspace(Path.of("/injector"), Path.of("/injector/target/kit"), "0.0.0");

		assertThat(build).isNotNull()
			.contains("-pl gatling,launcher -am", "package dependency:copy-dependencies -DincludeScope=runtime",
					"cp launcher/target/launcher-*.jar launcher/target/dependency/*.jar /injector/launcher/",
					"cp docker/gatling/run-bench.sh /injector/");
		for (Path entry : image.gatlingClassPath()) {
			Path location = Workspace.location(entry);
			assertThat(build).as("the image's %s", location)
				.contains(Path.of("/injector").relativize(location).toString() + " ")
				.contains(" " + location.getParent() + "/");
		}
	}

	@Test
	void theServicePassesTheSettingsTheMainReads() {
		Map<String, String> environment = ComposeProject.environment(this.compose.service("gatling"));

		assertThat(GatlingMain.VARIABLES).containsAll(environment.keySet());
		assertThat(environment).containsKeys("BENCH_BASE_URL", "BENCH_USERS_CSV", "BENCH_OUT");
	}

	private Map<String, String> stages() throws IOException {
		String dockerfile = Files.readString(this.compose.root.resolve("docker/Dockerfile"));
		Map<String, String> stages = new LinkedHashMap<>();
		Matcher matcher = STAGE.matcher(dockerfile);
		while (matcher.find()) {
			stages.put(matcher.group(1), matcher.group(2));
		}
		assertThat(stages).containsKeys("gatling-build", "gatling");
		return stages;
	}

	private String script() throws IOException {
		return Files.readString(this.compose.root.resolve("docker/gatling/run-bench.sh"));
	}

}
