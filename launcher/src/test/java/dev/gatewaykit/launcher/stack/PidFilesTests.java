package dev.gatewaykit.launcher.stack;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real processes ({@code sleep}), recorded and stopped by PID from a second
 * {@link PidFiles}, as ./kit down does.
 */
class PidFilesTests {

	@TempDir
	Path dir;

	private final List<String> log = new ArrayList<>();

	private final List<Process> started = new ArrayList<>();

	@AfterEach
	void stopLeftovers() {
		this.started.forEach(Process::destroyForcibly);
	}

	@Test
	void anotherInstanceStopsExactlyTheRecordedProcess() throws Exception {
		Process sleeper = sleep();
		Process bystander = sleep();
		new PidFiles(this.dir, this.log::add).record("sleeper", sleeper.toHandle());

		PidFiles down = new PidFiles(this.dir, this.log::add);
		assertThat(down.alive()).extracting(PidFiles.Entry::name).containsExactly("sleeper");
		down.stop("sleeper");

		assertThat(sleeper.waitFor(5, TimeUnit.SECONDS)).isTrue();
		assertThat(bystander.isAlive()).isTrue();
		assertThat(down.entries()).isEmpty();
		assertThat(this.log).contains("stopped sleeper (pid " + sleeper.pid() + ")");
	}

	@Test
	void aRecordWhosePidNowBelongsToAnotherProcessIsStaleAndNeverSignalled() throws Exception {
		Process sleeper = sleep();
		// The same PID with another start time: what a recycled PID looks like.
		Files.writeString(this.dir.resolve("old.pid"), sleeper.pid() + " 12345\n");

		PidFiles pids = new PidFiles(this.dir, this.log::add);
		assertThat(pids.entries()).singleElement().satisfies((entry) -> assertThat(entry.alive()).isFalse());
		pids.stop("old");

		assertThat(sleeper.isAlive()).isTrue();
		assertThat(pids.alive()).isEmpty();
		assertThat(this.dir.resolve("old.pid")).doesNotExist();
	}

	@Test
	void aRecordOfAProcessThatExitedIsDroppedByAlive() throws Exception {
		Process sleeper = sleep();
		PidFiles pids = new PidFiles(this.dir, this.log::add);
		pids.record("gone", sleeper.toHandle());
		sleeper.destroy();
		sleeper.onExit().get(5, TimeUnit.SECONDS);

		assertThat(pids.alive()).isEmpty();
		assertThat(pids.entries()).isEmpty();
	}

	private Process sleep() throws IOException {
		Process process = new ProcessBuilder("sleep", String.valueOf(Duration.ofMinutes(2).toSeconds())).start();
		this.started.add(process);
		return process;
	}

}
