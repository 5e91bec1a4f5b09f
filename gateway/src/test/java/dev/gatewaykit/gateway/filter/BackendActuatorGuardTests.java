package dev.gatewaykit.gateway.filter;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

class BackendActuatorGuardTests {

	@ParameterizedTest(name = "refuses {0}")
	@ValueSource(strings = { "/actuator", "/actuator/", "/actuator/prometheus", "/ACTUATOR/info", "/Actuator",
			"/%61ctuator/metrics", "/%2561ctuator/metrics", "//actuator/info", "/./actuator/info",
			"/x/../actuator/info", "/actuator;a=b/info", "/;/actuator", "/%2e/actuator", "\\actuator\\info",
			"/%252525252561ctuator", "/error", "/error/", "/ERROR", "/Error/x", "/%65rror", "/error;a=b", "/x/../error",
			"//error", "/./error" })
	void refusesPathsThatReachTheActuatorOrTheErrorController(String rawPath) {
		assertThat(BackendActuatorGuard.isBackendInternal(rawPath)).isTrue();
	}

	@ParameterizedTest(name = "passes {0}")
	@ValueSource(strings = { "/", "", "/products/1", "/products/actuator", "/actuators", "/actuator-x/info",
			"/products/%C3%A9", "/errors", "/error-page", "/products/error" })
	void passesOtherPaths(String rawPath) {
		assertThat(BackendActuatorGuard.isBackendInternal(rawPath)).isFalse();
	}

}
