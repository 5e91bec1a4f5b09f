package dev.gatewaykit.gateway;

import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

import dev.gatewaykit.extensions.audit.AuditGatewayFilterFactory;
import dev.gatewaykit.extensions.audit.AuditStyle;
import dev.gatewaykit.gateway.filter.AuthenticationGlobalFilter;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The {@code Audit} sample from gateway-extensions, in the gateway, against a real Redis:
 * picked up by auto-configuration alone, put on two routes by configuration (one per
 * style, the way a route's filters are written in application.yml), writing the same
 * entries in both styles into a list that stays bounded.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = { "kit.audit.max-entries=3", //
		"spring.cloud.gateway.server.webflux.routes[0].id=audit-blocking",
		"spring.cloud.gateway.server.webflux.routes[0].uri=${kit.routes.mall-uri}",
		"spring.cloud.gateway.server.webflux.routes[0].predicates[0]=Path=/blocking/**",
		"spring.cloud.gateway.server.webflux.routes[0].filters[0]=StripPrefix=1",
		"spring.cloud.gateway.server.webflux.routes[0].filters[1]=Audit=blocking",
		"spring.cloud.gateway.server.webflux.routes[1].id=audit-reactive",
		"spring.cloud.gateway.server.webflux.routes[1].uri=${kit.routes.mall-uri}",
		"spring.cloud.gateway.server.webflux.routes[1].predicates[0]=Path=/reactive/**",
		"spring.cloud.gateway.server.webflux.routes[1].filters[0]=StripPrefix=1",
		"spring.cloud.gateway.server.webflux.routes[1].filters[1]=Audit=reactive" })
class AuditIntegrationTests {

	private static final String KEY = "kit:audit";

	private static final String ENTRY_TIME = "\\d{4}-\\d\\d-\\d\\dT[0-9:.]+Z";

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		GatewayIntegrationTestSupport.register(registry);
	}

	@LocalServerPort
	int port;

	@Autowired
	StringRedisTemplate redis;

	@BeforeEach
	void emptyTheLog() {
		this.redis.delete(KEY);
	}

	@ParameterizedTest
	@EnumSource(AuditStyle.class)
	void eachStyleWritesOneEntryPerRequestBeforeTheRequestGoesOn(AuditStyle style) {
		String token = GatewayIntegrationTestSupport.login("50");

		get("/" + style.id() + "/products/7", token).expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.path")
			.isEqualTo("/products/7");

		// The path as the client sent it: the filter runs before the route's StripPrefix.
		assertThat(this.redis.opsForList().range(KEY, 0, -1)).singleElement()
			.asString()
			.matches(ENTRY_TIME + " GET /" + style.id() + "/products/7");
	}

	@ParameterizedTest
	@EnumSource(AuditStyle.class)
	void theLogKeepsOnlyTheNewestEntries(AuditStyle style) {
		String token = GatewayIntegrationTestSupport.login("51");

		for (int product = 1; product <= 5; product++) {
			get("/" + style.id() + "/products/" + product, token).expectStatus().isOk();
		}

		List<String> entries = this.redis.opsForList().range(KEY, 0, -1);
		assertThat(entries).hasSize(3);
		assertThat(entries.get(0)).endsWith("/products/5");
		assertThat(entries.get(1)).endsWith("/products/4");
		assertThat(entries.get(2)).endsWith("/products/3");
	}

	@Test
	void aRequestThatAuthenticationRefusesIsAuditedToo() {
		get("/reactive/products/1", null).expectStatus().isUnauthorized();

		assertThat(this.redis.opsForList().range(KEY, 0, -1)).singleElement()
			.asString()
			.matches(ENTRY_TIME + " GET /reactive/products/1");
		assertThat(AuditGatewayFilterFactory.ORDER).isLessThan(AuthenticationGlobalFilter.ORDER);
	}

	@Test
	void anUnknownStyleFailsTheGatewaysStartNamingTheAllowedOnes() {
		// Fatal because Spring Cloud Gateway's CORS listener builds the routes again when
		// their refresh fails, and that exception is not caught; its own refresh only
		// logs. This test notices if an upgrade changes that.
		String[] arguments = Stream
			.concat(GatewayIntegrationTestSupport.arguments().stream(),
					Stream.of("--server.port=0", "--spring.cloud.gateway.server.webflux.default-filters[0]=Audit=sync"))
			.toArray(String[]::new);

		assertThatThrownBy(() -> new SpringApplicationBuilder(GatewayApplication.class).run(arguments).close())
			.hasStackTraceContaining("unknown Audit style 'sync'; expected one of blocking, reactive");
	}

	private WebTestClient.ResponseSpec get(String path, String token) {
		WebTestClient.RequestHeadersSpec<?> request = WebTestClient.bindToServer()
			.baseUrl("http://127.0.0.1:" + this.port)
			.responseTimeout(Duration.ofSeconds(10))
			.build()
			.get()
			.uri(path);
		if (token != null) {
			request = request.header("Authorization", "Bearer " + token);
		}
		return request.exchange();
	}

}
