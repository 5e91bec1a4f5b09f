package dev.gatewaykit.launcher.stack;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;

import dev.gatewaykit.launcher.ServiceProcess;

/**
 * The credentials of the gateways' management writes ({@code POST /actuator/kit},
 * {@code /actuator/kitdiagnostics}, {@code /actuator/loggers}), which the gateway
 * requires as HTTP Basic ({@code kit.gateway.management.*}). The launcher makes a random
 * password per stack, gives it to every gateway it starts and to the kit's clients, and
 * {@code ./kit up} records it in {@code stack.env} as {@value #ENV} for the user's.
 *
 * @param username the user name ({@value #USERNAME}, the gateway's default)
 * @param password the password
 */
public record ManagementAccess(String username, String password) {

	/** The gateway's default user name. */
	public static final String USERNAME = "kit-admin";

	/** Where {@code stack.env} and a user's shell carry the password. */
	public static final String ENV = "GATEWAY_MANAGEMENT_PASSWORD";

	/**
	 * The environment variable Spring Boot binds to
	 * {@code kit.gateway.management.password}: given in the environment, not on the
	 * command line, where {@code ps} would show it to every local user.
	 */
	static final String GATEWAY_PASSWORD_ENV = "KIT_GATEWAY_MANAGEMENT_PASSWORD";

	private static final SecureRandom random = new SecureRandom();

	public ManagementAccess {
		if (username.isBlank() || password.isBlank()) {
			throw new IllegalArgumentException("management credentials need a user name and a password");
		}
	}

	/** 24 random bytes, URL-safe Base64: nothing to escape in a shell or a header. */
	public static ManagementAccess generate() {
		byte[] bytes = new byte[24];
		random.nextBytes(bytes);
		return new ManagementAccess(USERNAME, Base64.getUrlEncoder().withoutPadding().encodeToString(bytes));
	}

	/** The password from {@value #ENV} in this environment, if set. */
	public static Optional<ManagementAccess> fromEnvironment(Map<String, String> environment) {
		return Optional.ofNullable(environment.get(ENV))
			.filter((password) -> !password.isBlank())
			.map((password) -> new ManagementAccess(USERNAME, password));
	}

	/** The value of the {@code Authorization} header of a management write. */
	public String authorization() {
		return "Basic " + Base64.getEncoder()
			.encodeToString((this.username + ":" + this.password).getBytes(StandardCharsets.UTF_8));
	}

	/** Gives a gateway these credentials, through its environment. */
	public ServiceProcess.Builder applyTo(ServiceProcess.Builder gateway) {
		return gateway.environment(GATEWAY_PASSWORD_ENV, this.password);
	}

	@Override
	public String toString() {
		return "ManagementAccess[username=" + this.username + ", password=(hidden)]";
	}

}
