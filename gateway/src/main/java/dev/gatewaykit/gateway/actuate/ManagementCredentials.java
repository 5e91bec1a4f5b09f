package dev.gatewaykit.gateway.actuate;

import jakarta.validation.constraints.NotBlank;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * What a write to the management port must present, with HTTP Basic: the mode switch
 * ({@code POST /actuator/kit}), clearing the diagnostics' records, and log levels
 * ({@code POST /actuator/loggers}; TRACE on Lettuce would log session keys). Reads stay
 * open for probes and scrapers.
 *
 * @param username the user name, {@code kit-admin} unless set
 * @param password the password; no default, the gateway refuses to start without one (the
 * launcher generates one per stack, the {@code demo} profile carries a demo value)
 */
@Validated
@ConfigurationProperties("kit.gateway.management")
public record ManagementCredentials(@DefaultValue("kit-admin") @NotBlank String username,
		@NotBlank(message = "must be set: management writes (mode switch, log levels) need a password; "
				+ "the launcher generates one, or use the demo profile") String password) {

	@Override
	public String toString() {
		return "ManagementCredentials[username=" + this.username + ", password=(hidden)]";
	}

}
