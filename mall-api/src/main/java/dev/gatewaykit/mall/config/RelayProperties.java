package dev.gatewaykit.mall.config;

import jakarta.validation.constraints.NotBlank;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * How mall-api checks the relay token the gateway forwards.
 *
 * @param secret HMAC-SHA256 key shared with auth-service, which signs the tokens; at least 32 bytes. The default
 * is the same dev-only value auth-service ships with, so the kit works out of the box: override it anywhere real
 */
@Validated
@ConfigurationProperties("kit.relay")
public record RelayProperties(
		@DefaultValue("dev-only-relay-secret-change-me-0123456789abcdef") @NotBlank String secret) {

	@Override
	public String toString() {
		// Keep the secret out of logs and the actuator's configprops output.
		return "RelayProperties[secret=******]";
	}

}
