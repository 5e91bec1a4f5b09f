package dev.gatewaykit.launcher;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Waiting for a process that never gets ready: the wait says so while it lasts, and fails
 * with what it saw last and the log's last lines, in words ("1 s", not "PT1S").
 */
class ServerProcessTests {

	@Test
	void aWaitThatRunsOutReportsWhileItWaitsAndShowsTheLogsLastLines(@TempDir Path dir) {
		Path log = dir.resolve("never-ready.log");
		List<String> reports = new CopyOnWriteArrayList<>();
		try (ServerProcess process = new ServerProcess("never-ready",
				List.of("sh", "-c", "for i in $(seq 1 30); do echo line $i; done; exec sleep 30"), log)) {
			ServerProcess.Waiting waiting = new ServerProcess.Waiting() {
				@Override
				public void report(String waited) {
					reports.add("still waiting after " + waited);
				}

				@Override
				public Optional<String> lastAttempt() {
					return Optional.of("its health last answered 503, status DOWN");
				}
			};

			assertThatExceptionOfType(RunFailedException.class)
				.isThrownBy(
						() -> process.awaitReady(() -> false, Duration.ofMillis(1500), Duration.ofMillis(400), waiting))
				.withMessageStartingWith("never-ready not ready within 1 s; its health last answered 503, status DOWN")
				.withMessageContaining("line 30")
				.withMessageContaining("line 11")
				.withMessageNotContaining("line 10\n");
		}
		assertThat(reports).isNotEmpty().allMatch((report) -> report.matches("still waiting after \\d+ (ms|s)"));
	}

}
