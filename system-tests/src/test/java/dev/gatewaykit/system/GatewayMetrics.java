package dev.gatewaykit.system;

import java.net.URI;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.gatewaykit.bench.model.PrometheusText;
import dev.gatewaykit.system.HttpJson.Response;

import static org.assertj.core.api.Assertions.assertThat;

/** Figures read from a gateway's Prometheus endpoint on its management port. */
final class GatewayMetrics {

	private GatewayMetrics() {
	}

	/**
	 * How often the gateway's LoadBalancer picked each instance (by port) of
	 * {@code service}, successes and failures, from its {@code loadbalancer.requests.*}
	 * meters.
	 */
	static Map<Integer, Long> loadBalancerChoices(HttpJson http, URI management, String service) {
		Response response = http.get(URI.create(management + "/actuator/prometheus"));
		assertThat(response.status()).as("%s", response).isEqualTo(200);
		Map<Integer, Long> choices = new HashMap<>();
		PrometheusText scrape = PrometheusText.parse(response.body());
		for (String meter : List.of("loadbalancer_requests_success_seconds_count",
				"loadbalancer_requests_failed_seconds_count")) {
			for (PrometheusText.Sample sample : scrape.named(meter)) {
				if (sample.has(Map.of("serviceId", service))) {
					sample.label("serviceInstance_port")
						.ifPresent((port) -> choices.merge(Integer.parseInt(port), (long) sample.value(), Long::sum));
				}
			}
		}
		return choices;
	}

}
