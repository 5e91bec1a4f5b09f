package dev.gatewaykit.gateway.filter;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import dev.gatewaykit.common.IdentityHeaders;
import dev.gatewaykit.common.session.Session;
import dev.gatewaykit.common.session.SessionKeys;
import dev.gatewaykit.gateway.mode.IdentityBackend;
import dev.gatewaykit.gateway.core.identity.IdentityUnavailableException;
import dev.gatewaykit.gateway.core.publicpaths.PublicPathsMatcher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

import org.springframework.cloud.gateway.filter.GatewayFilterChain;
import org.springframework.cloud.gateway.route.Route;
import org.springframework.cloud.gateway.support.ServerWebExchangeUtils;
import org.springframework.http.HttpStatus;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import org.springframework.web.server.ServerWebExchange;

import static org.assertj.core.api.Assertions.assertThat;

class AuthenticationGlobalFilterTests {

	private static final Instant NOW = Instant.parse("2026-06-01T12:00:00Z");

	private static final Session ALICE = new Session("7", "alice", List.of("USER"), NOW.toEpochMilli(),
			NOW.plusSeconds(3600).toEpochMilli());

	/** One class under test: a fake backend stands in for Redis. */
	private final Map<String, Mono<Session>> sessions = Map.of(SessionKeys.reference("good"), Mono.just(ALICE),
			SessionKeys.reference("old"), Mono.just(new Session("8", "bob", List.of(), 0, NOW.toEpochMilli())),
			SessionKeys.reference("down"),
			Mono.error(IdentityUnavailableException.sessionStore(new RuntimeException("connection refused"))));

	private final IdentityBackend backend = new IdentityBackend() {
		@Override
		public Mono<Session> loadSession(String reference) {
			return AuthenticationGlobalFilterTests.this.sessions.getOrDefault(reference, Mono.empty());
		}

		@Override
		public Mono<String> fetchRelayToken(String reference) {
			return Mono.error(new AssertionError("not used by this filter"));
		}
	};

	private final AtomicReference<ServerWebExchange> forwarded = new AtomicReference<>();

	private final GatewayFilterChain chain = (exchange) -> {
		this.forwarded.set(exchange);
		return Mono.empty();
	};

	private AuthenticationGlobalFilter filter(PublicPathsMatcher matcher) {
		return new AuthenticationGlobalFilter(this.backend,
				matcher.create(List.of("/api/auth/oauth/token", "/actuator/health")), Clock.fixed(NOW, ZoneOffset.UTC));
	}

	private MockServerWebExchange run(PublicPathsMatcher matcher, MockServerHttpRequest.BaseBuilder<?> request) {
		MockServerWebExchange exchange = MockServerWebExchange.from(request);
		StepVerifier.create(filter(matcher).filter(exchange, this.chain))
			.expectComplete()
			.verify(Duration.ofSeconds(5));
		return exchange;
	}

	@ParameterizedTest
	@EnumSource(PublicPathsMatcher.class)
	void forwardsUserIdentityAndReplacesSpoofedHeaders(PublicPathsMatcher matcher) {
		run(matcher,
				MockServerHttpRequest.get("/api/mall/products/1")
					.header("Authorization", "Bearer good")
					.header(IdentityHeaders.USER_ID, "1")
					.header(IdentityHeaders.RELAY_TOKEN, "forged"));
		ServerWebExchange next = this.forwarded.get();
		assertThat(next).isNotNull();
		assertThat(next.getRequest().getHeaders().get(IdentityHeaders.USER_ID)).containsExactly("7");
		assertThat(next.getRequest().getHeaders().get(IdentityHeaders.USER_NAME)).containsExactly("alice");
		assertThat(next.getRequest().getHeaders().containsHeader(IdentityHeaders.RELAY_TOKEN)).isFalse();
		assertThat((Session) next.getAttribute(AuthenticationGlobalFilter.SESSION_ATTRIBUTE)).isEqualTo(ALICE);
		assertThat((String) next.getAttribute(AuthenticationGlobalFilter.SESSION_REFERENCE_ATTRIBUTE))
			.isEqualTo(SessionKeys.reference("good"));
	}

	@ParameterizedTest
	@EnumSource(PublicPathsMatcher.class)
	void letsPublicPathsThroughWithoutIdentityHeaders(PublicPathsMatcher matcher) {
		run(matcher, MockServerHttpRequest.post("/api/auth/oauth/token").header(IdentityHeaders.USER_ID, "1"));
		assertThat(this.forwarded.get()).isNotNull();
		assertThat(this.forwarded.get().getRequest().getHeaders().containsHeader(IdentityHeaders.USER_ID)).isFalse();
	}

	@ParameterizedTest
	@EnumSource(PublicPathsMatcher.class)
	void doesNotTreatPublicPathLookalikesAsPublic(PublicPathsMatcher matcher) {
		MockServerWebExchange exchange = run(matcher, MockServerHttpRequest.get("/api/auth/oauth/tokenx"));
		assertThat(this.forwarded.get()).isNull();
		assertThat(exchange.getResponse().getStatusCode()).isEqualTo(HttpStatus.UNAUTHORIZED);
	}

	@Test
	void letsARoutePublicByItsMetadataThroughWithoutIdentityHeaders() {
		MockServerWebExchange exchange = exchangeOnRoute("/vanilla/actuator/health/liveness",
				Map.of(AuthenticationGlobalFilter.PUBLIC_ROUTE, true));

		StepVerifier.create(filter(PublicPathsMatcher.PATH_PATTERN).filter(exchange, this.chain))
			.expectComplete()
			.verify(Duration.ofSeconds(5));

		assertThat(this.forwarded.get()).isNotNull();
		assertThat(this.forwarded.get().getRequest().getHeaders().containsHeader(IdentityHeaders.USER_ID)).isFalse();
	}

	@Test
	void aRouteWithoutThatMetadataStillNeedsASession() {
		MockServerWebExchange exchange = exchangeOnRoute("/api/mall/products/1",
				Map.of(AuthenticationGlobalFilter.PUBLIC_ROUTE, "yes"));

		StepVerifier.create(filter(PublicPathsMatcher.PATH_PATTERN).filter(exchange, this.chain))
			.expectComplete()
			.verify(Duration.ofSeconds(5));

		assertThat(this.forwarded.get()).isNull();
		assertThat(exchange.getResponse().getStatusCode()).isEqualTo(HttpStatus.UNAUTHORIZED);
	}

	private static MockServerWebExchange exchangeOnRoute(String path, Map<String, Object> metadata) {
		MockServerWebExchange exchange = MockServerWebExchange
			.from(MockServerHttpRequest.get(path).header(IdentityHeaders.USER_ID, "1"));
		Route route = Route.async()
			.id("test")
			.uri("http://127.0.0.1:9100")
			.predicate((any) -> true)
			.metadata(metadata)
			.build();
		exchange.getAttributes().put(ServerWebExchangeUtils.GATEWAY_ROUTE_ATTR, route);
		return exchange;
	}

	@Test
	void rejectsMissingTokenWithJsonBody() {
		MockServerWebExchange exchange = run(PublicPathsMatcher.PATH_PATTERN,
				MockServerHttpRequest.get("/api/mall/products/1"));
		assertThat(exchange.getResponse().getStatusCode()).isEqualTo(HttpStatus.UNAUTHORIZED);
		assertThat(exchange.getResponse().getHeaders().getFirst("WWW-Authenticate")).isEqualTo("Bearer");
		StepVerifier.create(exchange.getResponse().getBodyAsString())
			.expectNext("{\"status\":401,\"error\":\"unauthorized\",\"message\":\"bearer token is missing or "
					+ "malformed; send 'Authorization: Bearer <token>'\"}")
			.expectComplete()
			.verify(Duration.ofSeconds(5));
	}

	@Test
	void rejectsUnknownExpiredAndGarbageTokens() {
		for (String header : new String[] { "Bearer nope", "Bearer old", "Bearer a b", "Basic Zm9vOmJhcg==",
				"Bearer ../../etc" }) {
			MockServerWebExchange exchange = run(PublicPathsMatcher.PATH_PATTERN,
					MockServerHttpRequest.get("/api/mall/products/1").header("Authorization", header));
			assertThat(exchange.getResponse().getStatusCode()).as(header).isEqualTo(HttpStatus.UNAUTHORIZED);
		}
		assertThat(this.forwarded.get()).isNull();
	}

	@Test
	void failsClosedWith503WhenTheSessionStoreIsDown() {
		MockServerWebExchange exchange = run(PublicPathsMatcher.PATH_PATTERN,
				MockServerHttpRequest.get("/api/mall/products/1").header("Authorization", "Bearer down"));
		assertThat(this.forwarded.get()).isNull();
		assertThat(exchange.getResponse().getStatusCode()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
		StepVerifier.create(exchange.getResponse().getBodyAsString())
			.assertNext((body) -> assertThat(body).contains("\"error\":\"session_store_unavailable\""))
			.expectComplete()
			.verify(Duration.ofSeconds(5));
	}

}
