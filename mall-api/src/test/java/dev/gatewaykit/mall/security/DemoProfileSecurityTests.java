package dev.gatewaykit.mall.security;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import dev.gatewaykit.common.demo.DemoValues;
import dev.gatewaykit.launcher.RedisServer;
import dev.gatewaykit.mall.MallApiApplication;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.core.io.ClassPathResource;

import static org.assertj.core.api.Assertions.assertThatException;

/**
 * Finding "working secrets by default": mall-api verified relay tokens with a built-in
 * HMAC secret, the same one auth-service signed with, so a deployment that forgot to set
 * it accepted tokens anyone could mint. Now there is no default key, and the demo public
 * key (whose private half is published) is refused outside the demo profile.
 */
class DemoProfileSecurityTests {

	private static final RedisServer redis = RedisServer.start();

	@AfterAll
	static void stopRedis() {
		redis.close();
	}

	@Test
	void refusesToStartWithoutAVerificationKey() {
		assertThatException().isThrownBy(DemoProfileSecurityTests::start)
			.withStackTraceContaining("kit.relay.verification.keys must name at least one public key");
	}

	@Test
	void refusesToStartWithTheDemoKeyOutsideTheDemoProfile() {
		List<String> demoValues = new ArrayList<>();
		DemoValues.of(new ClassPathResource(DemoValues.FILE))
			.forEach((name, value) -> demoValues.add("--" + name + "=" + value));

		assertThatException().isThrownBy(() -> start(demoValues.toArray(String[]::new)))
			.withStackTraceContaining("kit.relay.verification.keys.demo has the public value of application-demo.yml, "
					+ "but the 'demo' profile is not active");
	}

	private static void start(String... keys) {
		// A real Redis, so that nothing but the keys can stop the start-up.
		List<String> args = new ArrayList<>(List.of("--server.port=0", "--spring.main.banner-mode=off",
				"--kit.mall.catalogue.size=1", "--spring.data.redis.port=" + redis.port()));
		args.addAll(List.of(keys));
		// Reached only if the service started, which is the failure: close it again.
		new SpringApplicationBuilder(MallApiApplication.class).run(args.toArray(String[]::new)).close();
	}

}
