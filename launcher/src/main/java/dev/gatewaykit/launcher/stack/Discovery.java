package dev.gatewaykit.launcher.stack;

import java.util.Locale;

/**
 * How the gateway finds auth-service and mall-api (docs/design.md, "Discovery and runtime
 * config").
 */
public enum Discovery {

	/** Each gateway gets the instances' URLs on its command line. */
	STATIC,

	/**
	 * rnacos starts too, every service registers in it, the gateway routes {@code lb://}
	 * and takes its mode from Nacos config {@code gateway.yaml}.
	 */
	NACOS;

	public String id() {
		return name().toLowerCase(Locale.ROOT);
	}

	public static Discovery fromName(String name) {
		return switch (name) {
			case "static" -> STATIC;
			case "nacos" -> NACOS;
			default -> throw new IllegalArgumentException("--discovery must be static or nacos, was '" + name + "'");
		};
	}

}
