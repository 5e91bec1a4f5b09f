package dev.gatewaykit.auth.demo;

import dev.gatewaykit.common.demo.DemoValues;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Turns a {@link DemoUsersOutsideDemoException} into Spring Boot's "APPLICATION FAILED TO
 * START" report, with what to do about it.
 */
class DemoUsersFailureAnalyzer extends AbstractFailureAnalyzer<DemoUsersOutsideDemoException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, DemoUsersOutsideDemoException cause) {
		return new FailureAnalysis(cause.getMessage()
				+ ". Demo users have passwords derived from a seed, which anyone with the seed can compute, so they "
				+ "are refused outside that profile.",
				"Remove " + String.join(" and ", cause.properties())
						+ " (create real users in Redis instead), or, on a laptop, activate the demo profile: "
						+ "--spring.profiles.include=" + DemoValues.PROFILE,
				cause);
	}

}
