package dev.gatewaykit.auth.demo;

import java.io.IOException;
import java.time.Duration;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;

import dev.gatewaykit.auth.AuthServiceIntegrationTest;
import dev.gatewaykit.auth.SharedRedis;
import dev.gatewaykit.auth.TestDemoUsers;
import dev.gatewaykit.auth.demo.DemoUserSeeder.SeedResult;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.http.MediaType;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

@AuthServiceIntegrationTest
class DemoUserSeedingIntegrationTests {

	@Autowired
	private DemoUserSeeder seeder;

	@Autowired
	private ReactiveStringRedisTemplate redis;

	@Autowired
	private WebTestClient client;

	@Test
	void seedingAgainCreatesNoUser() {
		assertThat(this.seeder.seed()).isEqualTo(new SeedResult(0, TestDemoUsers.COUNT));
	}

	@Test
	void seedingRecreatesOnlyMissingUsers() {
		DemoUser user = TestDemoUsers.user(28);
		assertThat(SharedRedis.server().command("DEL kit:user:" + user.username())).isEqualTo(":1");

		assertThat(this.seeder.seed()).isEqualTo(new SeedResult(1, TestDemoUsers.COUNT - 1));

		login(user).expectStatus().isOk();
	}

	@Test
	void seedingWaitsOutARedisSlowerThanOneCommandTimeout() {
		DemoUser user = TestDemoUsers.user(29);
		assertThat(SharedRedis.server().command("DEL kit:user:" + user.username())).isEqualTo(":1");
		// Every command held for 1.5 s: each first try times out after 1 s, the second
		// is answered.
		assertThat(SharedRedis.server().command("CLIENT PAUSE 1500 ALL")).isEqualTo("+OK");

		assertThat(this.seeder.seed()).isEqualTo(new SeedResult(1, TestDemoUsers.COUNT - 1));

		login(user).expectStatus().isOk();
	}

	@Test
	void storesIdRoleAndBcryptHashOfTheCsvPassword() {
		DemoUser user = TestDemoUsers.user(20);
		StepVerifier
			.create(this.redis.<String, String>opsForHash()
				.entries("kit:user:" + user.username())
				.collectMap(Map.Entry::getKey, Map.Entry::getValue))
			.assertNext((fields) -> {
				assertThat(fields).containsOnlyKeys("id", "passwordHash", "roles");
				assertThat(fields.get("id")).isEqualTo("20");
				assertThat(fields.get("roles")).isEqualTo("USER");
				assertThat(fields.get("passwordHash")).startsWith("$2a$04$");
				assertThat(new BCryptPasswordEncoder().matches(user.password(), fields.get("passwordHash"))).isTrue();
			})
			.expectComplete()
			.verify(Duration.ofSeconds(5));
	}

	@Test
	void csvListsEveryDemoUserWithThePasswordItLogsInWith() throws IOException {
		List<String> lines = Files.readAllLines(this.seeder.csvPath());

		assertThat(lines).first().isEqualTo("username,password");
		assertThat(lines).hasSize(TestDemoUsers.COUNT + 1);
		assertThat(lines).doesNotHaveDuplicates();
		for (String line : lines.subList(1, lines.size())) {
			assertThat(line).matches("user\\d{4},pw-[0-9a-f]{16}");
		}
		// Log in with the CSV's own rows (only this class's users, so no other test's
		// lockout state is touched).
		for (String line : lines.subList(21, 28)) {
			String[] columns = line.split(",");
			login(new DemoUser("", columns[0], columns[1])).expectStatus().isOk();
		}
	}

	@Test
	void csvLeavesNoTemporaryFileBehind() throws IOException {
		try (var files = Files.list(this.seeder.csvPath().getParent())) {
			assertThat(files.map((path) -> path.getFileName().toString())).noneMatch((name) -> name.endsWith(".tmp"));
		}
	}

	private WebTestClient.ResponseSpec login(DemoUser user) {
		return this.client.post()
			.uri("/oauth/token")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("username", user.username(), "password", user.password()))
			.exchange();
	}

}
