package dev.gatewaykit.common.demo;

import java.util.List;

/**
 * A service was configured with a public demo value while the {@code demo} profile was
 * not active.
 */
public class DemoValueException extends IllegalStateException {

	private final List<String> properties;

	DemoValueException(List<String> properties) {
		super(String.join(", ", properties) + " " + ((properties.size() == 1) ? "has" : "have")
				+ " the public value of " + DemoValues.FILE + ", but the '" + DemoValues.PROFILE
				+ "' profile is not active");
		this.properties = List.copyOf(properties);
	}

	/** The properties set to a demo value. */
	public List<String> properties() {
		return this.properties;
	}

}
