package dev.gatewaykit.gateway.diagnostics;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import dev.gatewaykit.common.diagnostics.GatewaySecond;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.util.concurrent.ImmediateEventExecutor;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SecondRecorderTests {

	private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

	private final AtomicReference<Map<String, GatewaySecond.Executor>> executors = new AtomicReference<>(
			Map.of("parallel", new GatewaySecond.Executor(2, 5)));

	private final RecentSeconds seconds = new RecentSeconds(3);

	private EventLoopLagProbe lag;

	private long epochSecond = 1_700_000_000;

	@Test
	void poolsAreSummedOverRemoteAddressesSizedPerAddressAndTheProxyPoolIsReportedAsMallApi() {
		pool("max", "proxy", "10.0.0.1:9100", 1000);
		pool("max", "proxy", "10.0.0.2:9100", 1000);
		pool("max", "auth-service", "10.0.0.3:9000", 500);
		pool("active", "proxy", "10.0.0.1:9100", 3);
		pool("active", "proxy", "10.0.0.2:9100", 2);
		pool("idle", "proxy", "10.0.0.1:9100", 7);
		pool("pending", "proxy", "10.0.0.2:9100", 1);
		pool("active", "auth-service", "10.0.0.3:9000", 4);
		pool("idle", "auth-service", "10.0.0.3:9000", 6);

		GatewaySecond second = recordOneSecond(recorder());

		assertThat(second.pools()).containsExactlyInAnyOrderEntriesOf(Map.of("mall-api",
				new GatewaySecond.Pool(5, 7, 1, 1000), "auth-service", new GatewaySecond.Pool(4, 6, 0, 500)));
	}

	@Test
	void redisIsTheCountAndMeanLatencyOfTheCommandsCompletedInTheSecond() {
		Timer get = Timer.builder(RedisCommands.TIMER).tag("command", "GET").register(this.registry);
		Timer expire = Timer.builder(RedisCommands.TIMER).tag("command", "EXPIRE").register(this.registry);
		// Before the recorder exists: not part of any of its seconds.
		get.record(Duration.ofMillis(100));
		SecondRecorder recorder = recorder();
		get.record(300, TimeUnit.MICROSECONDS);
		get.record(500, TimeUnit.MICROSECONDS);
		expire.record(400, TimeUnit.MICROSECONDS);

		assertThat(recordOneSecond(recorder).redis()).isEqualTo(new GatewaySecond.Commands(3, 400));

		expire.record(1000, TimeUnit.MICROSECONDS);
		assertThat(recordOneSecond(recorder).redis()).isEqualTo(new GatewaySecond.Commands(1, 1000));
		assertThat(recordOneSecond(recorder).redis()).isEqualTo(new GatewaySecond.Commands(0, 0));
	}

	@Test
	void executorsAndLagAndPendingTasksAreReportedAsRead() {
		SecondRecorder recorder = recorder();

		GatewaySecond second = recordOneSecond(recorder);

		assertThat(second.executors()).isEqualTo(Map.of("parallel", new GatewaySecond.Executor(2, 5)));
		// The probe runs inline on an immediate executor: one probe, no lag to speak of.
		assertThat(second.lag().probes()).isEqualTo(1);
		assertThat(second.lag().maxMicros()).isLessThan(10_000);
		assertThat(second.pendingTasks()).isZero();
	}

	@Test
	void aValueThatCannotBeReadIsLeftEmptyAndTheOthersAreStillRecorded() {
		SecondRecorder recorder = recorder();
		this.executors.set(null);
		pool("active", "proxy", "10.0.0.1:9100", 3);

		GatewaySecond second = recordOneSecond(recorder);

		assertThat(second.executors()).isEmpty();
		assertThat(second.pools()).containsEntry("mall-api", new GatewaySecond.Pool(3, 0, 0));
		assertThat(second.lag().probes()).isEqualTo(1);
	}

	@Test
	void onlyTheLastSecondsAreKeptOldestFirst() {
		SecondRecorder recorder = recorder();
		for (long second = 100; second < 105; second++) {
			recorder.record(second);
		}

		assertThat(this.seconds.snapshot()).extracting(GatewaySecond::epochSecond).containsExactly(102L, 103L, 104L);
	}

	private SecondRecorder recorder() {
		// An immediate executor runs each probe inline, as its tick submits it.
		this.lag = new EventLoopLagProbe(ImmediateEventExecutor.INSTANCE, this.registry);
		return new SecondRecorder(this.lag, new ConnectionPools(this.registry, Map.of("proxy", "mall-api")),
				new RedisCommands(this.registry), () -> Map.copyOf(this.executors.get()), this.seconds);
	}

	/** What the diagnostics thread does within a second: probe, then record. */
	private GatewaySecond recordOneSecond(SecondRecorder recorder) {
		this.lag.tick();
		recorder.record(++this.epochSecond);
		List<GatewaySecond> recorded = this.seconds.snapshot();
		GatewaySecond last = recorded.get(recorded.size() - 1);
		assertThat(last.epochSecond()).isEqualTo(this.epochSecond);
		return last;
	}

	private void pool(String state, String name, String remote, int value) {
		Gauge.builder("reactor.netty.connection.provider." + state + ".connections", () -> value)
			.tag("id", name + remote)
			.tag("name", name)
			.tag("remote.address", remote)
			.register(this.registry);
	}

}
