package dev.gatewaykit.gateway.mode;

import dev.gatewaykit.gateway.core.identity.IdentityUnavailableException;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import dev.gatewaykit.common.mode.ExecutionMode;
import dev.gatewaykit.common.session.Session;
import dev.gatewaykit.common.session.SessionKeys;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import reactor.test.StepVerifier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The deadlines of {@link ModeSwitch} fire on a timer no blocked worker can starve: with
 * every {@code Schedulers.parallel()} thread blocked (what the publish-on mode does to
 * them under load), a call that never answers still fails within its timeout. Failed on
 * main, whose deadlines were timed on {@code parallel()} itself.
 */
class ModeSwitchResilienceTests {

	private static final Duration TIMEOUT = Duration.ofMillis(200);

	private final ModeSwitch modes = new ModeSwitch(neverAnswering(), ExecutionMode.PUBLISH_ON, TIMEOUT, TIMEOUT);

	@Test
	void timesOutWhileEveryParallelWorkerIsBlocked() throws InterruptedException {
		Scheduler parallel = Schedulers.parallel();
		CountDownLatch blocked = new CountDownLatch(Schedulers.DEFAULT_POOL_SIZE);
		CountDownLatch release = new CountDownLatch(1);
		try {
			// parallel() hands tasks to its workers round-robin: one each.
			for (int i = 0; i < Schedulers.DEFAULT_POOL_SIZE; i++) {
				parallel.schedule(() -> {
					blocked.countDown();
					try {
						release.await(30, TimeUnit.SECONDS);
					}
					catch (InterruptedException ex) {
						Thread.currentThread().interrupt();
					}
				});
			}
			assertThat(blocked.await(5, TimeUnit.SECONDS)).as("every parallel() worker blocked").isTrue();
			StepVerifier.create(this.modes.loadSession(SessionKeys.reference("token")))
				.expectErrorSatisfies((ex) -> assertThat(ex).isInstanceOf(IdentityUnavailableException.class)
					.extracting((unavailable) -> ((IdentityUnavailableException) unavailable).dependency())
					.isEqualTo(IdentityUnavailableException.Dependency.SESSION_STORE))
				.verify(TIMEOUT.plusSeconds(2));
			StepVerifier.create(this.modes.fetchRelayToken(SessionKeys.reference("token")))
				.expectError(IdentityUnavailableException.class)
				.verify(TIMEOUT.plusSeconds(2));
		}
		finally {
			release.countDown();
		}
	}

	private static Map<ExecutionMode, IdentityBackend> neverAnswering() {
		IdentityBackend never = new IdentityBackend() {
			@Override
			public Mono<Session> loadSession(String reference) {
				return Mono.never();
			}

			@Override
			public Mono<String> fetchRelayToken(String reference) {
				return Mono.never();
			}
		};
		Map<ExecutionMode, IdentityBackend> backends = new EnumMap<>(ExecutionMode.class);
		for (ExecutionMode mode : ExecutionMode.values()) {
			backends.put(mode, never);
		}
		return backends;
	}

}
