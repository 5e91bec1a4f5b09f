package dev.gatewaykit.extensions.audit;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The {@code Audit} filter's log in Redis, under {@code kit.audit}. The defaults here are
 * stated nowhere else.
 *
 * @param key the Redis list the entries are pushed onto, newest first
 * @param maxEntries how many entries the list keeps: it is trimmed after every push, so a
 * bench of hundreds of thousands of requests leaves a bounded list
 */
@Validated
@ConfigurationProperties("kit.audit")
public record AuditProperties(@DefaultValue("kit:audit") @NotBlank String key,
		@DefaultValue("10000") @Min(1) int maxEntries) {

}
