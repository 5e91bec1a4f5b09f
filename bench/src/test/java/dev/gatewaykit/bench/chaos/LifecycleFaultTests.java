package dev.gatewaykit.bench.chaos;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
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
	void theResetAnswerFaultsNaiveRouteIsTheGatewaysMallRouteWithoutItsRetry() throws IOException {
		LifecycleFault fault = LifecycleFault.RESET_ANSWER;
		String route = "--spring.cloud.gateway.server.webflux.routes[0].";
		List<String> naiveFilters = fault.naive()
			.stream()
			.filter((argument) -> argument.startsWith(route + "filters["))
			.map((argument) -> argument.substring(argument.indexOf('=') + 1))
			.toList();
		// The route as application.yml has it: the list items under its filters, up to
		// the next top-level key.
		List<String> lines = Files.readAllLines(Path.of("../gateway/src/main/resources/application.yml"));
		int start = lines
			.indexOf(lines.stream().filter((line) -> line.trim().equals("- id: mall")).findFirst().orElseThrow());
		List<String> yamlFilters = new ArrayList<>();
		boolean inFilters = false;
		for (String line : lines.subList(start + 1, lines.size())) {
			if (!line.startsWith(" ")) {
				break;
			}
			String trimmed = line.trim();
			if (trimmed.endsWith(":") && !trimmed.startsWith("-")) {
				inFilters = trimmed.equals("filters:");
			}
			else if (inFilters && trimmed.startsWith("- ")) {
				yamlFilters.add(trimmed.substring(2));
			}
		}

		assertThat(yamlFilters).contains("name: Retry");
		assertThat(naiveFilters)
			.isEqualTo(yamlFilters.stream().filter((filter) -> !filter.equals("name: Retry")).toList());
		assertThat(fault.naive()).contains(route + "uri=${kit.routes.mall-uri}",
				route + "predicates[0]=Path=/api/mall/**");
		assertThat(fault.template()).isEmpty();
		assertThat(fault.retried()).isTrue();
		assertThat(fault.cut()).hasValueSatisfying((cut) -> assertThat(cut.every()).isGreaterThan(1));
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
