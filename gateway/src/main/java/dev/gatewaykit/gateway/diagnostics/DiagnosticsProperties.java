package dev.gatewaykit.gateway.diagnostics;

import java.time.Duration;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import org.hibernate.validator.constraints.time.DurationMin;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The gateway's self-diagnostics, under {@code kit.diagnostics}. The defaults here are
 * stated nowhere else.
 *
 * @param enabled whether the gateway measures itself and answers
 * {@code /actuator/kitdiagnostics}
 * @param probeInterval how often a no-op is scheduled on each event loop to measure its
 * lag (one probe in flight per loop at most)
 * @param retainedSeconds how many completed seconds the endpoint keeps (15 minutes by
 * default: a bench window and its warm-up)
 * @param blockHound install BlockHound at start-up and record, instead of failing, every
 * blocking call on a non-blocking thread; needs the JVM flag
 * {@code -XX:+AllowRedefinitionToAddDeleteMethods} (without it the gateway starts without
 * BlockHound and says why)
 */
@Validated
@ConfigurationProperties("kit.diagnostics")
public record DiagnosticsProperties(@DefaultValue("true") boolean enabled,
		@DefaultValue("100ms") @NotNull @DurationMin(millis = 1) Duration probeInterval,
		@DefaultValue("900") @Min(1) @Max(86_400) int retainedSeconds, @DefaultValue("false") boolean blockHound) {

}
