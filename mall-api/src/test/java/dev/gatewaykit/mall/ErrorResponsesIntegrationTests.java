package dev.gatewaykit.mall;

import dev.gatewaykit.common.IdentityHeaders;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.http.MediaType;
import org.springframework.test.json.JsonCompareMode;

/**
 * Whatever goes wrong, the answer is {@code {"status","error","message"}} and nothing
 * more.
 */
class ErrorResponsesIntegrationTests extends AbstractMallApiIntegrationTests {

	@Autowired
	StringRedisTemplate redisTemplate;

	@Test
	void answersUnknownPathWithJson() {
		get("/nothing-here").expectStatus().isNotFound().expectBody().json("""
				{"status":404,"error":"not_found"}""").jsonPath("$.message").isNotEmpty();
	}

	@Test
	void answersWrongMethodWithJson() {
		this.client.delete()
			.uri("/products/1")
			.header(IdentityHeaders.RELAY_TOKEN, validToken())
			.exchange()
			.expectStatus()
			.isEqualTo(405)
			.expectBody()
			.json("""
					{"status":405,"error":"method_not_allowed"}""");
	}

	@Test
	void hidesInternalsOfUnexpectedFailure() {
		String original = this.redisTemplate.opsForValue().get("kit:product:9");
		try {
			this.redisTemplate.opsForValue().set("kit:product:9", "{not json");
			get("/products/9").expectStatus()
				.isEqualTo(500)
				.expectHeader()
				.contentTypeCompatibleWith(MediaType.APPLICATION_JSON)
				.expectBody()
				.json("""
						{"status":500,"error":"internal_server_error","message":"unexpected error"}""",
						JsonCompareMode.STRICT);
		}
		finally {
			this.redisTemplate.opsForValue().set("kit:product:9", original);
		}
	}

	@Test
	void answersBootErrorPathInTheSameShape() {
		// Boot's /error fallback, which serves what never reaches the controller advice
		// (container errors, sendError): asked directly it has no error to report, so it
		// says 500, in the API's shape, nothing more.
		get("/error").expectStatus()
			.isEqualTo(500)
			.expectBody()
			.json("""
					{"status":500,"error":"internal_server_error","message":"internal server error"}""",
					JsonCompareMode.STRICT);
	}

}
