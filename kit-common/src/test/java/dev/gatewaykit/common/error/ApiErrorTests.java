package dev.gatewaykit.common.error;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

class ApiErrorTests {

	@Test
	void writesStatusErrorAndMessageInThatOrder() {
		ApiError error = new ApiError(401, "unauthorized", "say \"who\"");

		assertThat(JsonMapper.builder().build().writeValueAsString(error))
			.isEqualTo("{\"status\":401,\"error\":\"unauthorized\",\"message\":\"say \\\"who\\\"\"}");
	}

	@Test
	void keepsItsOrderWhenAMapperSortsProperties() {
		JsonMapper sorting = JsonMapper.builder().enable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY).build();

		assertThat(sorting.writeValueAsString(new ApiError(404, "not_found", "no such product")))
			.isEqualTo("{\"status\":404,\"error\":\"not_found\",\"message\":\"no such product\"}");
	}

}
