package dev.gatewaykit.launcher;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

import dev.gatewaykit.bench.model.BenchJson;

/**
 * Says what a Spring Boot health answer means to a person waiting on it: its status and
 * which components are not {@code UP}, with the error a component reports, rather than a
 * page of JSON.
 */
final class Health {

	/** Longest excerpt of an answer that is not health JSON. */
	private static final int EXCERPT = 300;

	private Health() {
	}

	/**
	 * "503, status DOWN; not up: redis (RedisConnectionFailureException: ...)", or why
	 * there was no answer.
	 */
	static String describe(HttpAnswer answer) {
		if (answer.status() < 0) {
			return "no answer (" + answer.body() + ")";
		}
		JsonNode health;
		try {
			health = BenchJson.mapper().readTree(answer.body());
		}
		catch (JacksonException ex) {
			return answer.status() + " " + excerpt(answer.body());
		}
		if (health == null || !health.has("status")) {
			return answer.status() + " " + excerpt(answer.body());
		}
		List<String> notUp = new ArrayList<>();
		collect("", health.path("components"), notUp);
		String status = answer.status() + ", status " + health.path("status").asString();
		if (notUp.isEmpty() && "OUT_OF_SERVICE".equals(health.path("status").asString())) {
			// Up, but not accepting traffic yet: what readiness says while a service
			// starts, and while the kit's gateway warms itself up (about 30 s).
			return status + " (up, not ready yet: starting or warming up)";
		}
		return notUp.isEmpty() ? status : status + "; not up: " + String.join(", ", notUp);
	}

	/**
	 * Components not UP, nested ones as {@code parent/child}, with their error if any.
	 */
	private static void collect(String prefix, JsonNode components, List<String> notUp) {
		for (Map.Entry<String, JsonNode> component : components.properties()) {
			JsonNode value = component.getValue();
			String name = prefix + component.getKey();
			if (value.has("components")) {
				collect(name + "/", value.path("components"), notUp);
			}
			else if (!"UP".equals(value.path("status").asString())) {
				String error = value.path("details").path("error").asString();
				notUp.add(name + " " + value.path("status").asString()
						+ (error.isEmpty() ? "" : " (" + excerpt(error) + ")"));
			}
		}
	}

	private static String excerpt(String text) {
		String line = text.strip().replaceAll("\\s+", " ");
		return (line.length() <= EXCERPT) ? line : line.substring(0, EXCERPT) + "…";
	}

}
