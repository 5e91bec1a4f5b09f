package dev.gatewaykit.common.demo;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Turns a {@link DemoValueException} into Spring Boot's "APPLICATION FAILED TO START"
 * report, with what to do about it.
 */
class DemoValueFailureAnalyzer extends AbstractFailureAnalyzer<DemoValueException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, DemoValueException cause) {
		return new FailureAnalysis(
				cause.getMessage() + ". Anyone can read those values, so they are refused " + "outside that profile.",
				"Set your own value for " + String.join(", ", cause.properties()) + " (docs/security.md; "
						+ "java -cp kit-common.jar dev.gatewaykit.common.relay.RelayKeys makes a relay key pair), or, "
						+ "on a laptop, activate the demo profile: --spring.profiles.include=" + DemoValues.PROFILE,
				cause);
	}

}
