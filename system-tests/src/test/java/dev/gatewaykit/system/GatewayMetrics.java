package dev.gatewaykit.system;

import java.net.URI;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.gatewaykit.system.HttpJson.Response;

import static org.assertj.core.api.Assertions.assertThat;

/** Figures read from a gateway's Prometheus endpoint on its management port. */
final class GatewayMetrics {

	private static final Pattern CHOICES = Pattern
		.compile("^loadbalancer_requests_(?:success|failed)_seconds_count\\{([^}]*)\\} (\\S+)$", Pattern.MULTILINE);

	private static final Pattern PORT = Pattern.compile("serviceInstance_port=\"(\\d+)\"");

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
		Matcher matcher = CHOICES.matcher(response.body());
		while (matcher.find()) {
			if (!matcher.group(1).contains("serviceId=\"" + service + "\"")) {
				continue;
			}
			Matcher instance = PORT.matcher(matcher.group(1));
			if (instance.find()) {
				choices.merge(Integer.parseInt(instance.group(1)), (long) Double.parseDouble(matcher.group(2)),
						Long::sum);
			}
		}
		return choices;
	}

}
