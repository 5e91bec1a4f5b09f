package dev.gatewaykit.compose;

import java.util.List;
import java.util.Map;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code docker-compose.yml} against the Compose specification's JSON schema, vendored
 * from compose-go (see {@code src/test/resources/compose/README.md}): the same schema
 * {@code docker compose} validates with, applied to the file after interpolation, as
 * compose-go does.
 */
class ComposeSchemaTests {

	private static final ObjectMapper JSON = JsonMapper.builder().build();

	private static final Schema COMPOSE_SPEC = loadSchema();

	@Test
	void composeFileFollowsTheComposeSpecification() {
		assertThat(errors(ComposeProject.load().model)).isEmpty();
	}

	@Test
	void loadTestFileFollowsTheComposeSpecification() {
		assertThat(errors(ComposeProject.parse(ComposeProject.repositoryRoot().resolve(ComposeProject.LOAD_TEST_FILE))))
			.isEmpty();
		assertThat(errors(ComposeProject.loadWith(ComposeProject.LOAD_TEST_FILE).model)).isEmpty();
	}

	@Test
	void composeFileFollowsTheComposeSpecificationWithEveryKnobSet() {
		ComposeProject project = ComposeProject.load(Map.of("KIT_PROFILE", "naive", "KIT_DISCOVERY", "nacos",
				"KIT_NGINX", "naive", "GATEWAY_REPLICAS", "3", "BENCH_RATE", "1100", "NGINX_PORT", "18080"));
		assertThat(errors(project.model)).isEmpty();
	}

	@Test
	void rejectsAnUnknownServiceAttribute() {
		ComposeProject broken = ComposeProject.load().copy();
		broken.service("gateway").put("replicas", 3);
		assertThat(errors(broken.model)).extracting(Error::toString)
			.anySatisfy((error) -> assertThat(error).contains("replicas"));
	}

	@Test
	void rejectsAValueOfTheWrongType() {
		ComposeProject broken = ComposeProject.load().copy();
		broken.service("redis").put("ports", "127.0.0.1:6379:6379");
		assertThat(errors(broken.model)).extracting(Error::toString)
			.anySatisfy((error) -> assertThat(error).contains("ports"));
	}

	@Test
	void rejectsADependencyWithoutACondition() {
		ComposeProject broken = ComposeProject.load().copy();
		ComposeProject.map(broken.service("nginx").get("depends_on")).put("gateway", Map.of("restart", true));
		assertThat(errors(broken.model)).extracting(Error::toString)
			.anySatisfy((error) -> assertThat(error).contains("condition"));
	}

	@Test
	void knowsTheRequiredFlagOfADependency() {
		ComposeProject broken = ComposeProject.load().copy();
		ComposeProject.map(ComposeProject.map(broken.service("gateway").get("depends_on")).get("nacos"))
			.put("required", "no");
		assertThat(errors(broken.model)).extracting(Error::toString)
			.anySatisfy((error) -> assertThat(error).contains("required"));
	}

	private static List<Error> errors(Map<String, Object> model) {
		return COMPOSE_SPEC.validate(JSON.valueToTree(model));
	}

	private static Schema loadSchema() {
		// A location to resolve the schema's relative $id ("compose_spec.json") against.
		return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
			.getSchema(SchemaLocation.of("classpath:compose/compose-spec.json"));
	}

}
