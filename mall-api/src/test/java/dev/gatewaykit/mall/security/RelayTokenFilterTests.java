package dev.gatewaykit.mall.security;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import dev.gatewaykit.common.IdentityHeaders;
import dev.gatewaykit.common.RelayClaims;
import dev.gatewaykit.mall.TestRelayKeys;
import jakarta.servlet.FilterChain;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;

class RelayTokenFilterTests {

	private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");

	private final RelayTokenFilter filter = new RelayTokenFilter(
			TestRelayKeys.verifier(Clock.fixed(NOW, ZoneOffset.UTC)), JsonMapper.builder().build());

	@Test
	void putsVerifiedClaimsOnTheRequest() throws Exception {
		RelayClaims claims = new RelayClaims("17", "user0017", List.of("USER"), NOW, NOW.plusSeconds(60));
		MockHttpServletRequest request = request("/products/1");
		request.addHeader(IdentityHeaders.RELAY_TOKEN, TestRelayKeys.sign(claims));
		MockFilterChain chain = new MockFilterChain();

		this.filter.doFilter(request, new MockHttpServletResponse(), chain);

		assertThat(chain.getRequest()).isSameAs(request);
		assertThat(request.getAttribute(RelayTokenFilter.CLAIMS_ATTRIBUTE)).isEqualTo(claims);
	}

	@Test
	void stopsTheChainOnExpiredToken() throws Exception {
		MockHttpServletRequest request = request("/products/1");
		request.addHeader(IdentityHeaders.RELAY_TOKEN, TestRelayKeys
			.sign(new RelayClaims("17", "user0017", List.of(), NOW.minusSeconds(61), NOW.minusSeconds(1))));
		MockHttpServletResponse response = new MockHttpServletResponse();
		FilterChain chain = mock(FilterChain.class);

		this.filter.doFilter(request, response, chain);

		verify(chain, never()).doFilter(any(), any());
		assertThat(response.getStatus()).isEqualTo(401);
		assertThat(response.getContentType()).isEqualTo("application/json");
		assertThat(response.getContentAsString())
			.isEqualTo("{\"status\":401,\"error\":\"unauthorized\",\"message\":\"relay token is invalid or expired\"}");
		assertThat(request.getAttribute(RelayTokenFilter.CLAIMS_ATTRIBUTE)).isNull();
	}

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "/actuator/health", "/actuator/health/liveness", "/actuator/health/readiness" })
	void letsHealthThroughWithoutToken(String path) throws Exception {
		MockFilterChain chain = new MockFilterChain();
		this.filter.doFilter(request(path), new MockHttpServletResponse(), chain);
		assertThat(chain.getRequest()).isNotNull();
	}

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "/actuator/healthz", "/actuator/health-check", "/actuator", "/actuator/prometheus",
			"/products/1", "/" })
	void refusesEverythingElseWithoutToken(String path) throws Exception {
		MockHttpServletResponse response = new MockHttpServletResponse();
		MockFilterChain chain = new MockFilterChain();
		this.filter.doFilter(request(path), response, chain);
		assertThat(chain.getRequest()).isNull();
		assertThat(response.getStatus()).isEqualTo(401);
		assertThat(response.getContentAsString()).contains("\"relay token is missing\"");
	}

	private static MockHttpServletRequest request(String path) {
		MockHttpServletRequest request = new MockHttpServletRequest("GET", path);
		// As Tomcat sets it for a DispatcherServlet mapped to "/": the whole, normalised
		// path.
		request.setServletPath(path);
		return request;
	}

}
