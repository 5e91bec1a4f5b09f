package dev.gatewaykit.bench.chaos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class FaultTests {

	@ParameterizedTest
	@EnumSource(value = Fault.class, names = { "REDIS_LATENCY", "AUTH_LATENCY", "MALL_LATENCY" })
	void aLatencyIsTwiceItsLinksTimeout(Fault fault) {
		assertThat(fault.toxic().orElseThrow().attributes()).containsEntry("latency",
				fault.link().timeout().multipliedBy(2).toMillis());
	}

	@ParameterizedTest
	@EnumSource(value = Fault.class, names = { "AUTH_STALL", "MALL_STALL" })
	void aStallPausesLongerThanItsLinksTimeout(Fault fault) {
		Map<String, Object> attributes = fault.toxic().orElseThrow().attributes();
		long pauseMicros = (long) attributes.get("delay");

		assertThat(Duration.ofNanos(pauseMicros * 1000)).isGreaterThan(fault.link().timeout());
		assertThat(fault.toxic().orElseThrow().type()).isEqualTo("slicer");
	}

	@ParameterizedTest
	@EnumSource(value = Fault.class, names = { "REDIS_RESTART", "AUTH_SIGSTOP", "MALL_SIGSTOP" })
	void aProcessFaultHasNoToxic(Fault fault) {
		assertThat(fault.toxic()).isEmpty();
		assertThat(fault.kind()).isNotEqualTo(Fault.Kind.TOXIC);
	}

	@ParameterizedTest
	@EnumSource(Fault.class)
	void everyToxicFaultHasAToxicAndIsFoundByItsName(Fault fault) {
		assertThat(fault.toxic().isPresent()).isEqualTo(fault.kind() == Fault.Kind.TOXIC);
		assertThat(Fault.of(fault.id())).isSameAs(fault);
		assertThat(fault.id()).startsWith(fault.link().proxy() + "-");
	}

	@Test
	void anUnknownNameListsTheKnownOnes() {
		assertThatIllegalArgumentException().isThrownBy(() -> Fault.of("disk-full"))
			.withMessageContaining("redis-restart");
	}

	@Test
	void theGatewayIsGivenEachLinksTimeout() {
		assertThat(Link.REDIS.timeoutArgument()).isEqualTo("--kit.gateway.session.timeout=1000ms");
		assertThat(Link.AUTH.timeoutArgument()).isEqualTo("--kit.gateway.auth-service.timeout=2000ms");
		assertThat(Link.MALL.timeoutArgument())
			.isEqualTo("--spring.cloud.gateway.server.webflux.httpclient.response-timeout=5000ms");
	}

}
