package dev.gatewaykit.launcher;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class HealthTests {

	@Test
	void namesTheComponentsThatAreNotUpWithTheirError() {
		// What a Boot 2.6 gateway answered whose Redis properties were spring.redis.*
		// while the kit set spring.data.redis.*: it looked for Redis on 6379.
		String body = """
				{"status":"DOWN","components":{"diskSpace":{"status":"UP"},
				"ping":{"status":"UP"},
				"redis":{"status":"DOWN","details":{"error":"org.springframework.data.redis.RedisConnectionFailureException: Unable to connect to localhost:6379"}}}}""";

		assertThat(Health.describe(new HttpAnswer(503, body))).isEqualTo("503, status DOWN; not up: redis DOWN "
				+ "(org.springframework.data.redis.RedisConnectionFailureException: Unable to connect to localhost:6379)");
	}

	@Test
	void namesNestedComponentsByTheirPath() {
		String body = """
				{"status":"OUT_OF_SERVICE","components":{"readinessState":{"status":"OUT_OF_SERVICE"},
				"db":{"status":"UP","components":{"primary":{"status":"UP"},"replica":{"status":"DOWN"}}}}}""";

		assertThat(Health.describe(new HttpAnswer(503, body)))
			.isEqualTo("503, status OUT_OF_SERVICE; not up: readinessState OUT_OF_SERVICE, db/replica DOWN");
	}

	@Test
	void saysWhatCameBackWhenItIsNoHealthAnswer() {
		assertThat(Health.describe(new HttpAnswer(-1, "java.net.ConnectException")))
			.isEqualTo("no answer (java.net.ConnectException)");
		assertThat(Health.describe(new HttpAnswer(404, "<html>\n<body>Whitelabel Error Page</body></html>")))
			.isEqualTo("404 <html> <body>Whitelabel Error Page</body></html>");
		assertThat(Health.describe(new HttpAnswer(503, "{\"status\":\"DOWN\"}"))).isEqualTo("503, status DOWN");
		assertThat(Health.describe(new HttpAnswer(503, "{\"status\":\"OUT_OF_SERVICE\"}")))
			.isEqualTo("503, status OUT_OF_SERVICE (up, not ready yet: starting or warming up)");
	}

}
