package dev.gatewaykit.bench.simulation.examples;

import static io.gatling.javaapi.http.HttpDsl.http;

import java.util.List;

import dev.gatewaykit.bench.simulation.KitSimulation;
import dev.gatewaykit.bench.simulation.MeasuredRequest;

/**
 * A simulation of your own in the fewest lines, the template to copy: name the request,
 * and the kit measures it as it measures its own scenario (the {@code bench.*}
 * properties, warm-up, measured window, {@code measured.json}, gates). Override
 * {@code setup()} for logins before the load and {@code describe()} for the start line;
 * see {@link KitSimulation}.
 * <p>
 * This one reads mall-api's liveness through the gateway's plain route, with no token.
 * That route exists when the gateway runs with {@code kit.routes.vanilla=true}, as in the
 * bench's {@code vanilla} mode; the kit's gateway serves its own {@code /actuator/health}
 * on its management port only, so through nginx that path answers 404.
 */
public class LivenessSimulation extends KitSimulation {

	@Override
	protected List<MeasuredRequest> requests() {
		return List.of(MeasuredRequest.of("liveness", (name) -> http(name).get("/vanilla/actuator/health/liveness")));
	}

}
