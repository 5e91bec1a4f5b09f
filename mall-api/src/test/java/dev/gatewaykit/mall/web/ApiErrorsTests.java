package dev.gatewaykit.mall.web;

import dev.gatewaykit.common.error.ApiError;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.http.HttpStatusCode;

import static org.assertj.core.api.Assertions.assertThat;

class ApiErrorsTests {

	@ParameterizedTest(name = "{0} → {1}")
	@CsvSource({ "400, bad_request", "401, unauthorized", "404, not_found", "405, method_not_allowed",
			"500, internal_server_error", "503, service_unavailable", "599, error" })
	void namesErrorAfterTheStatus(int status, String code) {
		ApiError error = ApiErrors.of(HttpStatusCode.valueOf(status), "text");
		assertThat(error.status()).isEqualTo(status);
		assertThat(error.error()).isEqualTo(code);
		assertThat(error.message()).isEqualTo("text");
	}

}
