package dev.gatewaykit.common.demo;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;
import org.springframework.core.io.ByteArrayResource;
import org.springframework.core.io.Resource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatNoException;

class DemoValuesTests {

	private static final Resource DEMO_FILE = new ByteArrayResource("""
			kit:
			  relay:
			    signing:
			      key-id: demo
			      private-key: demo-private-key-0123456789
			    verification:
			      keys:
			        demo: demo-public-key-0123456789
			  auth:
			    demo-users:
			      count: 1000
			""".getBytes(StandardCharsets.UTF_8));

	@Test
	void refusesDemoValuesOutsideTheDemoProfileNamingEachProperty() {
		StandardEnvironment environment = environment(Map.of("kit.relay.signing.private-key",
				"demo-private-key-0123456789", "kit.relay.verification.keys.demo", "demo-public-key-0123456789"));

		assertThatExceptionOfType(DemoValueException.class).isThrownBy(() -> DemoValues.check(environment, DEMO_FILE))
			.withMessage("kit.relay.signing.private-key, kit.relay.verification.keys.demo have the public value of "
					+ "application-demo.yml, but the 'demo' profile is not active");
	}

	@Test
	void refusesADemoValueUnderAnotherNameToo() {
		// The demo public key trusted under a key id of one's own trusts the published
		// demo private key all the same.
		StandardEnvironment environment = environment(
				Map.of("kit.relay.verification.keys.prod", "demo-public-key-0123456789"));

		assertThatExceptionOfType(DemoValueException.class).isThrownBy(() -> DemoValues.check(environment, DEMO_FILE))
			.withMessageStartingWith("kit.relay.verification.keys.prod has the public value");
	}

	@Test
	void refusesAShortDemoValueUnderItsOwnNameOnly() {
		// A number or an id is no secret: under another name it is someone's own value
		// that happens to be equal.
		StandardEnvironment elsewhere = environment(
				Map.of("kit.mall.catalogue.size", "1000", "kit.gateway.instance-name", "demo"));
		assertThatNoException().isThrownBy(() -> DemoValues.check(elsewhere, DEMO_FILE));

		StandardEnvironment own = environment(Map.of("kit.auth.demo-users.count", "1000"));
		assertThatExceptionOfType(DemoValueException.class).isThrownBy(() -> DemoValues.check(own, DEMO_FILE))
			.withMessageStartingWith("kit.auth.demo-users.count has the public value");
	}

	@Test
	void refusesADemoValueFromAnEnvironmentVariable() {
		StandardEnvironment environment = new StandardEnvironment();
		// Boot reads a source of this name with its environment-variable mapping.
		environment.getPropertySources()
			.replace(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
					new SystemEnvironmentPropertySource(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
							Map.of("KIT_RELAY_SIGNING_PRIVATEKEY", "demo-private-key-0123456789")));

		assertThatExceptionOfType(DemoValueException.class).isThrownBy(() -> DemoValues.check(environment, DEMO_FILE))
			.withMessageStartingWith("kit.relay.signing.private-key has the public value");
	}

	@Test
	void acceptsDemoValuesInTheDemoProfile() {
		StandardEnvironment environment = environment(
				Map.of("kit.relay.signing.private-key", "demo-private-key-0123456789"));
		environment.setActiveProfiles("fixed", "demo");

		assertThatNoException().isThrownBy(() -> DemoValues.check(environment, DEMO_FILE));
	}

	@Test
	void acceptsValuesOfTheirOwnAndMissingOnes() {
		StandardEnvironment environment = environment(Map.of("kit.relay.signing.private-key", "a-real-key"));

		assertThatNoException().isThrownBy(() -> DemoValues.check(environment, DEMO_FILE));
	}

	@Test
	void doesNothingWithoutADemoFile() {
		StandardEnvironment environment = environment(
				Map.of("kit.relay.signing.private-key", "demo-private-key-0123456789"));

		assertThatNoException().isThrownBy(() -> DemoValues.check(environment, new ByteArrayResource(new byte[0]) {
			@Override
			public boolean exists() {
				return false;
			}
		}));
	}

	/**
	 * How the kit starts a service: the mode's profile as {@code spring.profiles.active},
	 * {@code demo} added with {@code spring.profiles.include}. Both must be active.
	 */
	@Test
	void includeAddsDemoToTheActiveProfilesOnTheCommandLine() {
		SpringApplication application = new SpringApplication(Empty.class);
		application.setWebApplicationType(WebApplicationType.NONE);
		try (ConfigurableApplicationContext context = application.run("--spring.main.banner-mode=off",
				"--spring.profiles.active=naive", "--spring.profiles.include=demo")) {
			assertThat(context.getEnvironment().getActiveProfiles()).contains("naive", "demo");
		}
	}

	private static StandardEnvironment environment(Map<String, Object> properties) {
		StandardEnvironment environment = new StandardEnvironment();
		environment.getPropertySources().addFirst(new MapPropertySource("test", properties));
		return environment;
	}

	@Configuration(proxyBeanMethods = false)
	static class Empty {

	}

}
