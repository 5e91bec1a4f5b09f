package dev.gatewaykit.auth.config;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The relay token shared with mall-api, under {@code kit.relay}.
 *
 * @param secret the HMAC-SHA256 key relay tokens are signed with; mall-api verifies with the same value, and the
 * default (also mall-api's) is for local runs only
 */
@Validated
@ConfigurationProperties("kit.relay")
public record RelayProperties(
		@DefaultValue("dev-only-relay-secret-change-me-0123456789abcdef") @NotBlank @Size(min = 32) String secret) {
}
