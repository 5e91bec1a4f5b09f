package dev.gatewaykit.common.relay;

import java.nio.charset.StandardCharsets;

import dev.gatewaykit.common.RelayTokenCodec;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The relay token key auth-service signs with and mall-api verifies with, under
 * {@code kit.relay}. Both services bind this one record, so they cannot disagree on its
 * default or on what a usable key is.
 * <p>
 * The key is checked in the constructor rather than with Bean Validation: it then holds
 * wherever the record is made, it counts bytes as HMAC does (a constraint annotation
 * would count characters), and a bad value fails the binding at start-up with a message
 * naming the property.
 *
 * @param secret the HMAC-SHA256 key, at least 32 bytes in UTF-8; the default is for local
 * runs only: set a real one ({@code KIT_RELAY_SECRET}) anywhere but a laptop
 */
@ConfigurationProperties("kit.relay")
public record RelayProperties(@DefaultValue(RelayProperties.DEV_ONLY_SECRET) String secret) {

	/**
	 * The default key, shipped so that the kit runs out of the box; public, so worthless
	 * anywhere real.
	 */
	public static final String DEV_ONLY_SECRET = "dev-only-relay-secret-change-me-0123456789abcdef";

	public RelayProperties {
		if (secret.isBlank()) {
			throw new IllegalArgumentException("kit.relay.secret must not be blank");
		}
		int bytes = secret.getBytes(StandardCharsets.UTF_8).length;
		if (bytes < RelayTokenCodec.MIN_SECRET_BYTES) {
			throw new IllegalArgumentException("kit.relay.secret must be at least " + RelayTokenCodec.MIN_SECRET_BYTES
					+ " bytes (UTF-8), was " + bytes);
		}
	}

	@Override
	public String toString() {
		// Keep the key out of logs, failure reports and the actuator's configprops
		// output.
		return "RelayProperties[secret=******]";
	}

}
