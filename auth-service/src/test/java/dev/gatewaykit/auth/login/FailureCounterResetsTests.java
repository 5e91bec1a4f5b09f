package dev.gatewaykit.auth.login;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

import dev.gatewaykit.auth.config.AuthProperties;

import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;

class FailureCounterResetsTests {

	private final ReactiveStringRedisTemplate redis = mock(ReactiveStringRedisTemplate.class);

	/** Every DEL's keys, in call order. */
	private final List<List<String>> deletes = new ArrayList<>();

	@Test
	void flushDeletesEveryPendingCounterWithOneCommand() {
		FailureCounterResets resets = resets(256);
		succeedDeletes();
		for (String user : List.of("alice", "bob", "carol")) {
			StepVerifier.create(resets.add(user)).expectComplete().verify(Duration.ofSeconds(5));
		}
		verify(this.redis, never()).delete(any(String[].class));

		StepVerifier.create(resets.flush()).expectComplete().verify(Duration.ofSeconds(5));

		assertThat(this.deletes).singleElement()
			.asInstanceOf(InstanceOfAssertFactories.list(String.class))
			.containsExactlyInAnyOrder("kit:login:failures:alice", "kit:login:failures:bob",
					"kit:login:failures:carol");
		assertThat(resets.pendingCount()).isZero();
	}

	@Test
	void sameUserTwiceIsResetOnce() {
		FailureCounterResets resets = resets(256);
		succeedDeletes();
		resets.add("alice").block(Duration.ofSeconds(5));
		resets.add("alice").block(Duration.ofSeconds(5));

		assertThat(resets.pendingCount()).isEqualTo(1);
		StepVerifier.create(resets.flush()).expectComplete().verify(Duration.ofSeconds(5));
		assertThat(this.deletes).containsExactly(List.of("kit:login:failures:alice"));
	}

	@Test
	void loginThatFillsTheBatchFlushesItInline() {
		FailureCounterResets resets = resets(2);
		succeedDeletes();
		StepVerifier.create(resets.add("alice")).expectComplete().verify(Duration.ofSeconds(5));
		assertThat(this.deletes).isEmpty();

		StepVerifier.create(resets.add("bob")).expectComplete().verify(Duration.ofSeconds(5));

		assertThat(this.deletes).singleElement()
			.asInstanceOf(InstanceOfAssertFactories.list(String.class))
			.containsExactlyInAnyOrder("kit:login:failures:alice", "kit:login:failures:bob");
		assertThat(resets.pendingCount()).isZero();
	}

	@Test
	void failedFlushKeepsItsResetsForTheNextOne() {
		FailureCounterResets resets = resets(256);
		given(this.redis.delete(any(String[].class))).willReturn(Mono.error(new IllegalStateException("Redis down")));
		resets.add("alice").block(Duration.ofSeconds(5));
		resets.add("bob").block(Duration.ofSeconds(5));

		StepVerifier.create(resets.flush()).expectError(IllegalStateException.class).verify(Duration.ofSeconds(5));
		assertThat(resets.pendingCount()).isEqualTo(2);

		succeedDeletes();
		StepVerifier.create(resets.flush()).expectComplete().verify(Duration.ofSeconds(5));
		assertThat(resets.pendingCount()).isZero();
	}

	@Test
	void failedInlineFlushDoesNotFailTheLogin() {
		FailureCounterResets resets = resets(2);
		given(this.redis.delete(any(String[].class))).willReturn(Mono.error(new IllegalStateException("Redis down")));
		resets.add("alice").block(Duration.ofSeconds(5));

		StepVerifier.create(resets.add("bob")).expectComplete().verify(Duration.ofSeconds(5));

		assertThat(resets.pendingCount()).as("kept for the next flush").isEqualTo(2);
	}

	@Test
	void stopFlushesWhatIsPending() {
		FailureCounterResets resets = resets(256);
		succeedDeletes();
		resets.start();
		resets.add("alice").block(Duration.ofSeconds(5));
		assertThat(this.deletes).as("the hour-long interval has not passed").isEmpty();

		resets.stop();

		assertThat(resets.isRunning()).isFalse();
		assertThat(this.deletes).containsExactly(List.of("kit:login:failures:alice"));
	}

	@Test
	void stopsBeforeTheRedisConnectionFactoryAndAfterTheWebServer() {
		FailureCounterResets resets = resets(256);
		// Higher phases stop first: the web server's is DEFAULT_PHASE - 2048, Lettuce's
		// connection factory's is 0.
		assertThat(resets.getPhase()).isLessThan(Integer.MAX_VALUE - 2048).isGreaterThan(0);
	}

	private void succeedDeletes() {
		given(this.redis.delete(any(String[].class))).willAnswer((invocation) -> {
			String[] keys = (invocation.getArguments().length == 1
					&& invocation.getArgument(0) instanceof String[] array) ? array
							: Arrays.stream(invocation.getArguments()).map(String.class::cast).toArray(String[]::new);
			this.deletes.add(List.of(keys));
			return Mono.just((long) keys.length);
		});
	}

	private FailureCounterResets resets(int batchSize) {
		MapConfigurationPropertySource source = new MapConfigurationPropertySource();
		source.put("kit.auth.lockout.reset-batch-size", String.valueOf(batchSize));
		source.put("kit.auth.lockout.reset-flush-interval", "1h");
		AuthProperties properties = new Binder(source).bindOrCreate("kit.auth", Bindable.of(AuthProperties.class));
		return new FailureCounterResets(this.redis, properties);
	}

}
