package dev.gatewaykit.gateway.config;

import dev.gatewaykit.gateway.filter.ReloadablePublicPaths;
import dev.gatewaykit.gateway.session.ExecutionMode;
import dev.gatewaykit.gateway.session.ModeSwitch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.validation.ValidationBindHandler;
import org.springframework.cloud.context.environment.EnvironmentChangeEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.core.env.Environment;
import org.springframework.validation.Validator;

/**
 * Applies a change of {@code kit.gateway.*} to the running gateway: the execution mode and the whitelist. Spring
 * Cloud publishes the event after a config refresh — in the {@code nacos} profile, when the data id
 * {@code gateway.yaml} changes in Nacos (seed 002 tuned a live gateway this way). {@code logging.level.*} changes
 * need nothing here: Spring Cloud's {@code LoggingRebinder} applies them.
 * <p>
 * {@link GatewayKitProperties} is an immutable record, so it is bound afresh from the refreshed environment and
 * validated like at start-up. A value that does not bind (a mode that does not exist, an empty whitelist) is
 * refused as a whole with an error in the log, and the gateway keeps what it had.
 */
class RuntimeConfigListener implements ApplicationListener<EnvironmentChangeEvent> {

	private static final Logger log = LoggerFactory.getLogger(RuntimeConfigListener.class);

	private static final String PREFIX = "kit.gateway";

	private final Environment environment;

	private final Validator validator;

	private final ModeSwitch modeSwitch;

	private final ReloadablePublicPaths publicPaths;

	RuntimeConfigListener(Environment environment, Validator validator, ModeSwitch modeSwitch,
			ReloadablePublicPaths publicPaths) {
		this.environment = environment;
		this.validator = validator;
		this.modeSwitch = modeSwitch;
		this.publicPaths = publicPaths;
	}

	@Override
	public void onApplicationEvent(EnvironmentChangeEvent event) {
		if (event.getKeys().stream().noneMatch((key) -> key.startsWith(PREFIX + "."))) {
			return;
		}
		GatewayKitProperties fresh;
		try {
			fresh = Binder.get(this.environment)
				.bindOrCreate(PREFIX, Bindable.of(GatewayKitProperties.class), new ValidationBindHandler(this.validator));
		}
		catch (BindException ex) {
			String property = (ex.getProperty() != null)
					? ex.getProperty().getName() + "=" + ex.getProperty().getValue() : ex.getName().toString();
			log.error("Refused a kit.gateway change from config ({}): {}. The gateway keeps mode {} and its "
					+ "whitelist. Modes: {}", property, rootMessage(ex), this.modeSwitch.mode().id(),
					ExecutionMode.ids());
			return;
		}
		ExecutionMode previous = this.modeSwitch.switchTo(fresh.mode());
		if (previous == fresh.mode() && event.getKeys().contains(PREFIX + ".mode")) {
			// The usual cause: the mode is also given on the command line or in an environment variable, which
			// outrank Nacos config.
			log.warn("kit.gateway.mode changed in config but the mode in force is still {}: a source with higher "
					+ "precedence (command line, environment) sets it", fresh.mode().id());
		}
		if (this.publicPaths.replace(fresh.whitelistMatcher(), fresh.publicPaths())) {
			log.info("Whitelist is now {} ({})", fresh.publicPaths(),
					fresh.whitelistMatcher().name().toLowerCase().replace('_', '-'));
		}
	}

	private static String rootMessage(Throwable ex) {
		Throwable cause = ex;
		while (cause.getCause() != null) {
			cause = cause.getCause();
		}
		return cause.getMessage();
	}

}
