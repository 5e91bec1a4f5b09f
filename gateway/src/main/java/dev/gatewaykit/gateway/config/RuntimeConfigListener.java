package dev.gatewaykit.gateway.config;

import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

import dev.gatewaykit.common.mode.ExecutionMode;
import dev.gatewaykit.gateway.mode.ModeSwitch;
import dev.gatewaykit.gateway.core.publicpaths.ReloadablePublicPaths;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import static java.util.stream.Collectors.toSet;

import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.validation.ValidationBindHandler;
import org.springframework.cloud.context.environment.EnvironmentChangeEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.core.env.CommandLinePropertySource;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.PropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.validation.Validator;

/**
 * Applies a change of {@code kit.gateway.*} to the running gateway: the execution mode
 * and the public paths. Spring Cloud publishes the event after a config refresh — in the
 * {@code nacos} profile, when the data id {@code gateway.yaml} changes in Nacos (the
 * original incident's gateway was tuned live this way). {@code logging.level.*} changes
 * need nothing here: Spring Cloud's {@code LoggingRebinder} applies them.
 * <p>
 * {@link GatewayKitProperties} is an immutable record, so it is bound afresh from the
 * refreshed environment and validated like at start-up. A value that does not bind (a
 * mode that does not exist, no public path at all) is refused as a whole with an error in
 * the log, and the gateway keeps what it had. Only the knobs whose keys changed are
 * applied; other {@code kit.gateway.*} keys are reported as needing a restart.
 */
class RuntimeConfigListener implements ApplicationListener<EnvironmentChangeEvent> {

	private static final Logger log = LoggerFactory.getLogger(RuntimeConfigListener.class);

	private static final String PREFIX = "kit.gateway";

	private static final String MODE = PREFIX + ".mode";

	private static final String PATHS = PREFIX + ".public-paths";

	private static final String MATCHER = PREFIX + ".public-paths-matcher";

	private static final Set<String> OUTRANKING_SOURCES = Set.of(
			CommandLinePropertySource.COMMAND_LINE_PROPERTY_SOURCE_NAME,
			StandardEnvironment.SYSTEM_PROPERTIES_PROPERTY_SOURCE_NAME,
			StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME);

	private final ConfigurableEnvironment environment;

	private final Validator validator;

	private final ModeSwitch modeSwitch;

	private final ReloadablePublicPaths publicPaths;

	RuntimeConfigListener(ConfigurableEnvironment environment, Validator validator, ModeSwitch modeSwitch,
			ReloadablePublicPaths publicPaths) {
		this.environment = environment;
		this.validator = validator;
		this.modeSwitch = modeSwitch;
		this.publicPaths = publicPaths;
	}

	@Override
	public void onApplicationEvent(EnvironmentChangeEvent event) {
		Set<String> keys = event.getKeys().stream().filter((key) -> key.startsWith(PREFIX + ".")).collect(toSet());
		if (keys.isEmpty()) {
			return;
		}
		GatewayKitProperties fresh;
		try {
			fresh = Binder.get(this.environment)
				.bindOrCreate(PREFIX, Bindable.of(GatewayKitProperties.class),
						new ValidationBindHandler(this.validator));
		}
		catch (BindException ex) {
			String property = (ex.getProperty() != null)
					? ex.getProperty().getName() + "=" + ex.getProperty().getValue() : ex.getName().toString();
			log.error(
					"Refused a kit.gateway change from config ({}): {}. The gateway keeps mode {} and its "
							+ "public paths. Modes: {}",
					property, NestedExceptionUtils.getMostSpecificCause(ex).getMessage(), this.modeSwitch.mode().id(),
					ExecutionMode.ids());
			return;
		}
		// Only what changed is applied: a public-paths edit must not undo a mode set
		// through the actuator.
		Set<String> applied = new HashSet<>();
		if (keys.contains(MODE)) {
			applied.add(MODE);
			this.modeSwitch.switchTo(fresh.mode());
			higherPrecedenceSource(MODE).ifPresent((shadowedBy) -> log.warn(
					"kit.gateway.mode changed in config but "
							+ "{} sets it too and outranks config: the mode in force is {}",
					shadowedBy, fresh.mode().id()));
		}
		if (keys.stream().anyMatch(RuntimeConfigListener::isPublicPathsKey)) {
			keys.stream().filter(RuntimeConfigListener::isPublicPathsKey).forEach(applied::add);
			if (this.publicPaths.replace(fresh.publicPathsMatcher(), fresh.publicPaths())) {
				log.info("Public paths are now {} ({})", fresh.publicPaths(), fresh.publicPathsMatcher().id());
			}
		}
		keys.removeAll(applied);
		if (!keys.isEmpty()) {
			log.warn("Not applied at run time (they take effect at the next start): {}", keys);
		}
	}

	/**
	 * The list itself ({@code public-paths}, {@code public-paths[0]}, ...) or its
	 * matcher.
	 */
	private static boolean isPublicPathsKey(String key) {
		return key.equals(PATHS) || key.startsWith(PATHS + "[") || key.equals(MATCHER);
	}

	/**
	 * The command line, system properties or environment, when one of them sets
	 * {@code name}.
	 */
	private Optional<String> higherPrecedenceSource(String name) {
		for (PropertySource<?> source : this.environment.getPropertySources()) {
			if (OUTRANKING_SOURCES.contains(source.getName()) && source.containsProperty(name)) {
				return Optional.of(source.getName());
			}
		}
		return Optional.empty();
	}

}
