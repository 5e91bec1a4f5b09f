package dev.gatewaykit.bench.simulation;

import java.util.function.Function;

import io.gatling.javaapi.http.HttpRequestActionBuilder;

/**
 * One request a {@link KitSimulation} measures: its name in Gatling's report, how to
 * build it, and its share of the load.
 * <p>
 * The kit builds each request twice, under two names: {@value KitSimulation#WARM_UP} for
 * the requests sent before the measured window opens and {@code name} for those sent
 * after, so Gatling's report keeps the warm-up apart. Build it under the name you are
 * given: {@code (name) -> http(name).get("/actuator/health")}. The kit adds the request
 * timeout and the checks its recorder reads (only a 200 is OK).
 *
 * @param name the measured requests' name in Gatling's report, and in the assertions
 * @param weight how often this request is chosen relative to the others (one request per
 * iteration of the load)
 * @param request builds the request under a given name
 */
public record MeasuredRequest(String name, int weight, Function<String, HttpRequestActionBuilder> request) {

	public MeasuredRequest {
		if (name.isBlank() || name.equals(KitSimulation.WARM_UP)) {
			throw new IllegalArgumentException(
					"a measured request needs a name other than '" + KitSimulation.WARM_UP + "', was '" + name + "'");
		}
		if (weight < 1) {
			throw new IllegalArgumentException("the weight of '" + name + "' must be at least 1, was " + weight);
		}
	}

	/** A request of weight 1. */
	public static MeasuredRequest of(String name, Function<String, HttpRequestActionBuilder> request) {
		return new MeasuredRequest(name, 1, request);
	}

	/** The same request with another weight. */
	public MeasuredRequest withWeight(int weight) {
		return new MeasuredRequest(this.name, weight, this.request);
	}

}
