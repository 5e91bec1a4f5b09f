package dev.gatewaykit.launcher.stack;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;

import dev.gatewaykit.launcher.DemoUser;
import dev.gatewaykit.launcher.FreePorts;
import dev.gatewaykit.launcher.ServiceProcess;
import dev.gatewaykit.launcher.Workspace;
import dev.gatewaykit.launcher.nginx.NginxConfig.ClientLimits;

/**
 * How each of the kit's services is started: the one description {@code ./kit} and the
 * system tests share (the tests add what only they need, e.g. a low BCrypt cost, and
 * their own JVM options).
 * <p>
 * Every service runs with the {@value #DEMO_PROFILE} profile included: the services ship
 * no working secret, and that profile's public ones are what lets the kit run on a laptop
 * (each is refused outside it). {@code spring.profiles.include} adds it to whatever
 * {@code spring.profiles.active} the {@link Stack} sets ({@code naive}, {@code fixed},
 * {@code nacos}).
 */
public final class KitServices {

	/** The profile with the services' demo secrets and keys. */
	public static final String DEMO_PROFILE = "demo";

	/**
	 * How long mall-api accepts a relay token to live: the bench's ceiling run mints its
	 * tokens once, valid for the whole run (gatling's {@code RelayTokens}), where
	 * auth-service's live a minute.
	 */
	static final String BENCH_RELAY_MAX_LIFETIME = "12h";

	private KitServices() {
	}

	/**
	 * Gives the gateway the first demo user of {@code usersCsv} as its warm-up account
	 * (in its environment: a password on the command line is anyone's to read), so that
	 * its warm-up before readiness goes the whole way, session, relay call and upstream,
	 * as a deployment with a warm-up account would. Nothing when the file is not there
	 * yet or holds no user.
	 */
	public static ServiceProcess.Builder warmUpAccount(ServiceProcess.Builder gateway, Path usersCsv) {
		if (Files.isRegularFile(usersCsv)) {
			for (DemoUser user : DemoUser.read(usersCsv, 1)) {
				gateway.environment("KIT_GATEWAY_WARMUP_USERNAME", user.username())
					.environment("KIT_GATEWAY_WARMUP_PASSWORD", user.password());
			}
		}
		return gateway;
	}

	/**
	 * auth-service against Redis, writing the demo users' CSV where the simulation reads
	 * it.
	 */
	public static ServiceProcess.Builder authService(Workspace workspace, int redisPort, Path log) {
		return ServiceProcess.jar("auth-service", workspace.jar("auth-service"))
			.port(FreePorts.next())
			.property("spring.profiles.include", DEMO_PROFILE)
			.property("spring.data.redis.port", redisPort)
			.property("kit.auth.demo-users.csv", workspace.demoUsersCsv())
			.log(log);
	}

	public static ServiceProcess.Builder mallApi(Workspace workspace, String name, int redisPort, Path log) {
		return ServiceProcess.jar(name, workspace.jar("mall-api"))
			.port(FreePorts.next())
			.property("spring.profiles.include", DEMO_PROFILE)
			.property("spring.data.redis.port", redisPort)
			.property("kit.relay.max-lifetime", BENCH_RELAY_MAX_LIFETIME)
			.log(log);
	}

	/**
	 * The gateway, with its actuator on a management port of its own (where the health
	 * probe goes), its Redis and its relay-token call to auth-service (each possibly
	 * through toxiproxy), its log file, and the bench's login rate limit (the numbers
	 * nginx is rendered with: the gateway's defaults are production's, one login a second
	 * per client, which the bench's 100 logins from one address would exceed). Routes,
	 * profile and mode are the caller's ({@link Stack} sets them per discovery mode).
	 * @param logFile the gateway's own log (its logback configurations write only there);
	 * the console output goes next to it with {@code .out} appended
	 */
	public static ServiceProcess.Builder gateway(Workspace workspace, String name, int redisPort, URI authServiceUrl,
			Path logFile) {
		return gateway(workspace.jar("gateway"), name, redisPort, authServiceUrl, logFile);
	}

	/**
	 * Likewise from {@code jar}: the kit's gateway or a user's ({@code --gateway-jar}),
	 * given the same properties (a user's gateway reads what it knows and ignores the
	 * rest).
	 */
	public static ServiceProcess.Builder gateway(Path jar, String name, int redisPort, URI authServiceUrl,
			Path logFile) {
		return ServiceProcess.jar(name, jar)
			.port(FreePorts.next())
			.managementPort(FreePorts.next())
			.property("spring.profiles.include", DEMO_PROFILE)
			.property("spring.data.redis.port", redisPort)
			.property("kit.gateway.auth-service.url", authServiceUrl)
			.property("kit.gateway.login-rate-limit.replenish-rate", ClientLimits.BENCH.loginsPerSecond())
			.property("kit.gateway.login-rate-limit.burst-capacity", ClientLimits.BENCH.loginBurst())
			.property("logging.file.name", logFile.toAbsolutePath())
			.log(logFile.resolveSibling(logFile.getFileName() + ".out"));
	}

}
