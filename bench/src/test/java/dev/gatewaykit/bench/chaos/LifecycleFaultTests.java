package dev.gatewaykit.bench.chaos;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.launcher.toxiproxy.Toxic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class LifecycleFaultTests {

	@Test
	void theIdleCloseUpstreamClosesBetweenTwoUsesAndOnlyTheNaivePoolKeepsItsConnectionsLonger() {
		LifecycleFault fault = LifecycleFault.IDLE_CLOSE;
		Duration keepAlive = value(fault.upstream(), "--server.tomcat.keep-alive-timeout=");
		Duration naive = value(fault.naive(), "--spring.cloud.gateway.server.webflux.httpclient.pool.max-idle-time=");
		Duration template = value(fault.template(),
				"--spring.cloud.gateway.server.webflux.httpclient.pool.max-idle-time=");

		assertThat(template).isLessThan(keepAlive);
		assertThat(naive).isGreaterThan(keepAlive);
		// One request every 1/rate s: a connection idles at least that long between uses,
		// past the keep-alive plus Tomcat's once-a-second look for idle connections.
		Duration gap = Duration.ofMillis((long) (1000 / fault.rate()));
		assertThat(gap).isGreaterThan(keepAlive.plusSeconds(1));
		// The FIN held back longer than the gap: the pool lends the closed connection.
		assertThat(fault.toxics()).extracting(Toxic::type).containsExactly("slow_close");
		long heldBackMs = ((Number) fault.toxics().get(0).attributes().get("delay")).longValue();
		assertThat(Duration.ofMillis(heldBackMs)).isGreaterThan(gap.plusSeconds(1));
	}

	@Test
	void theSmallPoolHasFewerConnectionsThanTheRequestsInFlightAtItsRate() {
		LifecycleFault fault = LifecycleFault.POOL_SMALL;
		int connections = Integer.parseInt(fault.naive()
			.get(0)
			.replace("--spring.cloud.gateway.server.webflux.httpclient.pool.max-connections=", ""));
		long latencyMs = ((Number) fault.toxics().get(0).attributes().get("latency")).longValue();

		assertThat(connections).isLessThan((int) (fault.rate() * latencyMs / 1000));
		assertThat(fault.template()).isEmpty();
		assertThat(fault.upstream()).isEmpty();
	}

	@Test
	void isFoundByItsNameOrSaysWhichExist() {
		assertThat(LifecycleFault.of("mall-pool-small")).isEqualTo(LifecycleFault.POOL_SMALL);
		assertThatIllegalArgumentException().isThrownBy(() -> LifecycleFault.of("mall-gone"))
			.withMessageContaining("mall-idle-close, mall-pool-small");
	}

	/** {@code 100ms} or {@code 30s}: the two forms the faults use. */
	private static Duration millis(String value) {
		return value.endsWith("ms") ? Duration.ofMillis(Long.parseLong(value.replace("ms", "")))
				: Duration.ofSeconds(Long.parseLong(value.replace("s", "")));
	}

	private static Duration value(List<String> arguments, String prefix) {
		return arguments.stream()
			.filter((argument) -> argument.startsWith(prefix))
			.map((argument) -> millis(argument.substring(prefix.length())))
			.findFirst()
			.orElseThrow();
	}

}
