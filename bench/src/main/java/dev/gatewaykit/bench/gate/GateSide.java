package dev.gatewaykit.bench.gate;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * One side of the A/B gate: what the user named (a gateway jar, or a git ref the kit
 * builds) and the gateway arguments for that side alone.
 *
 * @param name {@code baseline} or {@code candidate}
 * @param given the jar's path or the ref, as given; empty for the kit's own gateway jar
 * @param arguments Spring Boot arguments after the kit's, for this side's gateways
 */
public record GateSide(String name, String given, List<String> arguments) {

	public GateSide {
		arguments = List.copyOf(arguments);
	}

	/** Whether {@link #given} names a jar rather than a git ref. */
	public boolean isJar() {
		return this.given.endsWith(".jar") || Files.isRegularFile(Path.of(this.given));
	}

	/** How the report names it: the jar or ref, and its arguments. */
	public String describe() {
		String what = this.given.isEmpty() ? "the kit's gateway" : this.given;
		return this.arguments.isEmpty() ? what : what + " " + String.join(" ", this.arguments);
	}

}
