package dev.gatewaykit.bench.gate;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.gatewaykit.bench.options.UsageException;
import dev.gatewaykit.launcher.RunFailedException;
import dev.gatewaykit.launcher.Workspace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class GateBuildsTests {

	@TempDir
	Path repository;

	@Test
	void theKitsOwnJarWhenNothingIsGivenAndAGivenJarAsItIs() throws Exception {
		Workspace workspace = new Workspace(this.repository, this.repository.resolve("target/kit"), "1.0");
		Path jar = Files.createFile(this.repository.resolve("mine.jar"));
		GateBuilds builds = new GateBuilds(workspace, (line) -> {
		});

		assertThat(builds.jar(new GateSide("baseline", "", List.of()))).isEqualTo(workspace.jar("gateway"));
		assertThat(builds.jar(new GateSide("candidate", jar.toString(), List.of()))).isEqualTo(jar);
		assertThatExceptionOfType(UsageException.class)
			.isThrownBy(() -> builds.jar(new GateSide("candidate", "/nowhere/gone.jar", List.of())))
			.withMessage("--candidate: no such jar: /nowhere/gone.jar");
	}

	@Test
	void aNameThatIsNeitherAJarNorARefIsBadInput() throws Exception {
		git("init", "-q");
		Workspace workspace = new Workspace(this.repository, this.repository.resolve("target/kit"), "1.0");

		assertThatExceptionOfType(UsageException.class).isThrownBy(() -> new GateBuilds(workspace, (line) -> {
		}).jar(new GateSide("baseline", "no-such-branch", List.of())))
			.withMessageContaining("--baseline: 'no-such-branch' is neither a jar nor a git ref of");
	}

	@Test
	void aRefThatDoesNotBuildStopsTheGateWithWhereItsLogIs() throws Exception {
		git("init", "-q");
		Files.writeString(this.repository.resolve("mvnw"), "#!/bin/sh\necho 'no such module: gateway'\nexit 1\n");
		this.repository.resolve("mvnw").toFile().setExecutable(true);
		git("add", "mvnw");
		git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "broken");
		Workspace workspace = new Workspace(this.repository, this.repository.resolve("target/kit"), "1.0");
		List<String> log = new ArrayList<>();

		assertThatExceptionOfType(RunFailedException.class)
			.isThrownBy(() -> new GateBuilds(workspace, log::add).jar(new GateSide("baseline", "HEAD", List.of())))
			.withMessageContaining("the build failed (exit 1); see ")
			.withMessageContaining("build.log");
		assertThat(log).singleElement().asString().startsWith("baseline: building HEAD (");
		try (var trees = Files.list(this.repository.resolve("target/kit/gate-builds"))) {
			Path dir = trees.findFirst().orElseThrow();
			assertThat(Files.readString(dir.resolve("build.log"))).contains("no such module: gateway");
			assertThat(dir.resolve("tree")).as("the work tree is removed").doesNotExist();
		}
	}

	private void git(String... arguments) throws Exception {
		List<String> command = new ArrayList<>(List.of("git", "-C", this.repository.toString()));
		command.addAll(List.of(arguments));
		Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
		assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
		assertThat(process.exitValue()).as(new String(process.getInputStream().readAllBytes())).isZero();
	}

}
