package dev.gatewaykit.common.demo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.context.properties.source.IterableConfigurationPropertySource;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.EnumerablePropertySource;
import org.springframework.core.env.PropertySource;
import org.springframework.core.env.Profiles;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;

/**
 * Refuses to start a service that uses a value of its {@code application-demo.yml} while
 * the {@value #PROFILE} profile is not active.
 * <p>
 * The services ship no working secret: {@code kit.relay.signing.private-key},
 * {@code kit.relay.verification.keys}, the gateway's client secret have no defaults, so a
 * missing one fails the binding of its properties record. The {@value #PROFILE} profile
 * supplies values that make the kit run on a laptop, and those are public, so each is
 * refused outside that profile: copied into a production configuration (an environment
 * variable set to the value from the docs, say), it would start fine and be forgeable.
 * Comparing against the file itself keeps the demo values in one place per service, with
 * no list here to fall out of date.
 * <p>
 * Registered in {@code META-INF/spring.factories} for every service that has kit-common;
 * it runs after the config files are loaded, so the active profiles are known, and does
 * nothing in a service without an {@code application-demo.yml}.
 */
public class DemoValues implements EnvironmentPostProcessor, Ordered {

	/** The profile the demo values belong to. */
	public static final String PROFILE = "demo";

	/** Where each service keeps its demo values, on its classpath. */
	public static final String FILE = "application-demo.yml";

	/**
	 * The shortest demo value refused under names other than its own; see
	 * {@link #isSecretLike}.
	 */
	static final int SECRET_LIKE_LENGTH = 16;

	/** The kit's own properties, where its secrets live. */
	private static final ConfigurationPropertyName KIT = ConfigurationPropertyName.of("kit");

	@Override
	public int getOrder() {
		// After ConfigDataEnvironmentPostProcessor, which sets the active profiles.
		return Ordered.LOWEST_PRECEDENCE;
	}

	@Override
	public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
		check(environment, new ClassPathResource(FILE));
	}

	/**
	 * Fails if {@code environment} has any of {@code demoFile}'s values outside the demo
	 * profile.
	 * @throws DemoValueException naming the properties
	 */
	static void check(ConfigurableEnvironment environment, Resource demoFile) {
		if (environment.acceptsProfiles(Profiles.of(PROFILE)) || !demoFile.exists()) {
			return;
		}
		// Resolve relaxed names, as binding does (KIT_RELAY_SIGNING_PRIVATEKEY is
		// kit.relay.signing.private-key); SpringApplication has attached it already.
		ConfigurationPropertySources.attach(environment);
		Map<String, String> demo = of(demoFile);
		// By name, so that two spellings of one property are reported once.
		Map<ConfigurationPropertyName, String> offending = new LinkedHashMap<>();
		demo.forEach((name, demoValue) -> {
			if (demoValue.equals(environment.getProperty(name))) {
				offending.putIfAbsent(ConfigurationPropertyName.of(name), name);
			}
		});
		// The same value under another name counts too: the demo public key listed as
		// kit.relay.verification.keys.prod trusts the published private key all the same.
		// Secret-like values only: a number, a flag or a short id of the demo file (a
		// demo user count of 1000, the key id "demo") is no secret, and would refuse
		// every unrelated property that happens to equal it.
		Set<String> demoValues = demo.values()
			.stream()
			.filter(DemoValues::isSecretLike)
			.collect(Collectors.toUnmodifiableSet());
		for (ConfigurationPropertySource source : ConfigurationPropertySources.get(environment)) {
			if (source instanceof IterableConfigurationPropertySource iterable) {
				iterable.stream()
					.filter((name) -> KIT.isAncestorOf(name))
					// The effective value, which a source of higher precedence may
					// override.
					.filter((name) -> demoValues.contains(environment.getProperty(name.toString())))
					.forEach((name) -> offending.putIfAbsent(name, name.toString()));
			}
		}
		if (!offending.isEmpty()) {
			throw new DemoValueException(List.copyOf(offending.values()));
		}
	}

	/**
	 * Whether a demo value is looked for under other names too: keys, secrets and seeds
	 * are long random-looking text, while what is shorter than
	 * {@value #SECRET_LIKE_LENGTH} characters (numbers, booleans, ids such as
	 * {@code demo}) is common enough to appear in unrelated properties.
	 */
	static boolean isSecretLike(String value) {
		return value.length() >= SECRET_LIKE_LENGTH;
	}

	/**
	 * The properties a demo file sets, by name, in the file's order: what the services'
	 * tests pass to prove each value is refused.
	 */
	public static Map<String, String> of(Resource demoFile) {
		Map<String, String> values = new LinkedHashMap<>();
		try {
			for (PropertySource<?> source : new YamlPropertySourceLoader().load(FILE, demoFile)) {
				if (source instanceof EnumerablePropertySource<?> enumerable) {
					for (String name : enumerable.getPropertyNames()) {
						values.put(name, String.valueOf(enumerable.getProperty(name)));
					}
				}
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return values;
	}

}
