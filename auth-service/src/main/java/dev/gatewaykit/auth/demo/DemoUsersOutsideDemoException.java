package dev.gatewaykit.auth.demo;

import java.util.List;

import dev.gatewaykit.common.demo.DemoValues;

/**
 * auth-service was asked for demo users, whose passwords anyone can derive, while the
 * {@code demo} profile was not active.
 */
public class DemoUsersOutsideDemoException extends IllegalStateException {

	private final List<String> properties;

	DemoUsersOutsideDemoException(List<String> properties) {
		super(String.join(" and ", properties) + " " + ((properties.size() == 1) ? "is" : "are") + " set, but the '"
				+ DemoValues.PROFILE + "' profile is not active");
		this.properties = List.copyOf(properties);
	}

	/** The demo-user properties that are set. */
	public List<String> properties() {
		return this.properties;
	}

}
