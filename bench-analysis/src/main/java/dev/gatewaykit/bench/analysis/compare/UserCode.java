package dev.gatewaykit.bench.analysis.compare;

import java.util.List;

/**
 * Whether a blocking call's site is the user's code, not the JDK's nor a library's the
 * gateway is built on: a new blocking call in a library (Lettuce's rare lock, a logger's
 * first write) comes and goes between runs, while one in the user's code is the change
 * under test and fails the gate by itself.
 */
public final class UserCode {

	/**
	 * Package prefixes that are not the user's: the JDK and the libraries a Spring Cloud
	 * Gateway runs on. The kit's own gateway and extensions are the user's code: the
	 * template is where a user changes things.
	 */
	static final List<String> NOT_USERS = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.", "kotlin.", "kotlinx.",
			"scala.", "reactor.", "io.netty.", "io.lettuce.", "io.micrometer.", "io.opentelemetry.",
			"org.springframework.", "org.apache.", "org.slf4j.", "ch.qos.logback.", "com.fasterxml.", "tools.jackson.",
			"com.github.benmanes.caffeine.", "io.github.resilience4j.", "org.hdrhistogram.", "com.alibaba.",
			"org.jspecify.", "io.projectreactor.", "org.reactivestreams.",
			// The kit's own instrument, not the change under test: its event-loop probe
			// may park a loop once in a while.
			"dev.gatewaykit.gateway.diagnostics.");

	private UserCode() {
	}

	/**
	 * Whether {@code site} ({@code class.method(File.java:line)}, as BlockHound's record
	 * gives it) is in the user's code.
	 */
	public static boolean contains(String site) {
		String frame = site.strip();
		return !frame.isEmpty() && NOT_USERS.stream().noneMatch(frame::startsWith);
	}

}
