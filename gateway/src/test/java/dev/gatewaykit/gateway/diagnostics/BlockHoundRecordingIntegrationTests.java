package dev.gatewaykit.gateway.diagnostics;

import java.time.Duration;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import reactor.test.StepVerifier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs in a JVM of its own (the {@code blockhound-recording} surefire execution), where
 * the gateway's own installer puts BlockHound in: BlockHound is installed once per JVM
 * and stays, so it cannot share a JVM with tests that expect it absent, or with the
 * BlockHound suite, which installs it with a throwing callback.
 */
class BlockHoundRecordingIntegrationTests {

	private final BlockingCalls calls = new BlockingCalls();

	@BeforeEach
	void install() {
		assertThat(BlockHoundRecording.install(this.calls)).as("BlockHound installed").isTrue();
	}

	@Test
	void aSleepOnTheParallelSchedulerIsRecordedWithItsSiteAndNothingIsThrown() {
		StepVerifier
			.create(Mono.fromRunnable(BlockHoundRecordingIntegrationTests::nap)
				.subscribeOn(Schedulers.parallel())
				.thenReturn("done"))
			.expectNext("done")
			.expectComplete()
			.verify(Duration.ofSeconds(5));

		assertThat(this.calls.isInstalled()).isTrue();
		assertThat(this.calls.snapshot()).singleElement().satisfies((call) -> {
			assertThat(call.site())
				.matches("dev\\.gatewaykit\\.gateway\\.diagnostics\\.BlockHoundRecordingIntegrationTests\\.nap"
						+ "\\(BlockHoundRecordingIntegrationTests\\.java:\\d+\\)");
			assertThat(call.blockingMethod()).isEqualTo("java.lang.Thread#sleep");
			assertThat(call.count()).isEqualTo(1);
			assertThat(call.threads()).singleElement().asString().startsWith("parallel-");
		});
	}

	@Test
	void aSleepOnAThreadAllowedToBlockIsNotRecorded() {
		StepVerifier
			.create(Mono.fromRunnable(BlockHoundRecordingIntegrationTests::nap)
				.subscribeOn(Schedulers.boundedElastic())
				.thenReturn("done"))
			.expectNext("done")
			.expectComplete()
			.verify(Duration.ofSeconds(5));

		assertThat(this.calls.snapshot()).isEmpty();
	}

	private static void nap() {
		try {
			Thread.sleep(10);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
