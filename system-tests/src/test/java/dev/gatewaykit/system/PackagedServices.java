package dev.gatewaykit.system;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import dev.gatewaykit.common.mode.MvcMode;
import dev.gatewaykit.launcher.RedisServer;
import dev.gatewaykit.launcher.ServiceProcess;
import dev.gatewaykit.launcher.Tools;
import dev.gatewaykit.launcher.Workspace;
import dev.gatewaykit.launcher.stack.GatewaySelection;
import dev.gatewaykit.launcher.stack.KitServices;
import dev.gatewaykit.launcher.stack.ManagementAccess;

/**
 * The kit's three services as the reactor packages them
 * ({@code <module>/target/<module>-<version>.jar}), started from the launcher's
 * {@link KitServices} — the description {@code ./kit up} starts them from — plus what
 * only the tests need (a low BCrypt cost, test secrets and relay keys
 * ({@link TestRelayKeys}), small catalogues): on free loopback ports, against one Redis,
 * logging under {@code target/e2e/}. Each method launches a process without waiting for
 * it, so that services can boot side by side; callers wait with
 * {@link ServiceProcess#awaitHealthy(Duration)}.
 */
final class PackagedServices {

	/**
	 * The management credentials of every gateway started here, as the launcher gives
	 * them (one random password per run).
	 */
	static final ManagementAccess MANAGEMENT = ManagementAccess.generate();

	/** Generous: three JVMs booting on two cores, next to Maven. */
	static final Duration STARTUP = Duration.ofSeconds(120);

	/**
	 * Logs and the demo users' CSV, relative to the module (surefire's working
	 * directory).
	 */
	static final Path OUTPUT = Path.of("target", "e2e");

	/**
	 * Starts of this test run, numbered into their logs' names: a later class starting a
	 * service of the same name must not overwrite the log of one that failed earlier.
	 */
	private static final AtomicInteger starts = new AtomicInteger();

	private PackagedServices() {
	}

	static ServiceProcess authService(RedisServer redis, Path demoUsersCsv, String gatewayClientSecret) {
		return authServiceBuilder("auth-service", redis, demoUsersCsv, gatewayClientSecret).start();
	}

	static ServiceProcess.Builder authServiceBuilder(String name, RedisServer redis, Path demoUsersCsv,
			String gatewayClientSecret) {
		return KitServices.authService(workspace(), redis.port(), logOf(name))
			.jvmOptions(ServiceProcess.TEST_JVM_OPTIONS)
			// Cost 4 instead of 10: the tests check that BCrypt is used, not how slow it
			// is.
			.property("kit.auth.bcrypt-cost", 4)
			.property("kit.auth.demo-users.count", 20)
			.property("kit.auth.demo-users.csv", demoUsersCsv.toAbsolutePath())
			.property("kit.relay.signing.key-id", TestRelayKeys.KEY_ID)
			.property("kit.relay.signing.private-key", TestRelayKeys.privateKey())
			.property("kit.auth.gateway-client.secret", gatewayClientSecret);
	}

	static ServiceProcess mallApi(RedisServer redis, int catalogueSize) {
		return mallApiBuilder(redis, catalogueSize, "mall-api").start();
	}

	static ServiceProcess.Builder mallApiBuilder(RedisServer redis, int catalogueSize, String name) {
		return KitServices.mallApi(workspace(), name, redis.port(), logOf(name))
			.jvmOptions(ServiceProcess.TEST_JVM_OPTIONS)
			.property("kit.mall.catalogue.size", catalogueSize)
			.property("kit.relay.verification.keys." + TestRelayKeys.KEY_ID, TestRelayKeys.publicKey());
	}

	/**
	 * The {@code nacos} profile as the kit runs it on a laptop: registered with the
	 * loopback address (Nacos would otherwise pick the first network interface's).
	 */
	static ServiceProcess.Builder withNacos(ServiceProcess.Builder service, String profiles, String serverAddr) {
		return service.property("spring.profiles.active", profiles)
			.property("spring.cloud.nacos.server-addr", serverAddr)
			.property("spring.cloud.nacos.discovery.ip", "127.0.0.1");
	}

	/**
	 * The gateway with a Spring profile ({@code naive} or {@code fixed}) in front of the
	 * two services. Its actuator is on a management port of its own, so that is where the
	 * health probe goes.
	 */
	static ServiceProcess gateway(String profile, int managementPort, RedisServer redis, ServiceProcess authService,
			ServiceProcess mallApi, String gatewayClientSecret) {
		return gatewayBuilder("gateway-" + profile, managementPort, redis, authService, gatewayClientSecret)
			.property("kit.routes.auth-uri", authService.baseUri())
			.property("kit.routes.mall-uri", mallApi.baseUri())
			.property("spring.profiles.active", profile)
			.start();
	}

	/**
	 * gateway-mvc in {@code mode}, as the kit starts it: its jar, on the JDK 21+ the
	 * launcher's {@link Tools#java21()} finds (the test fails with the install line when
	 * there is none), with the WebFlux gateway's properties and its mode's profile.
	 */
	static ServiceProcess mvcGateway(MvcMode mode, int managementPort, RedisServer redis, ServiceProcess authService,
			ServiceProcess mallApi, String gatewayClientSecret) {
		Path java21 = Tools.fromEnvironment(OUTPUT, (line) -> {
		}).java21();
		return gatewayBuilder(GatewaySelection.MVC_MODULE, "gateway-" + mode.id(), managementPort, redis, authService,
				gatewayClientSecret)
			.java(java21)
			.property("kit.routes.auth-uri", authService.baseUri())
			.property("kit.routes.mall-uri", mallApi.baseUri())
			.property("spring.profiles.active", mode.id())
			.start();
	}

	/**
	 * The fixed gateway with static discovery over several mall-api instances, as
	 * {@code ./kit up --mall-apis N} starts it: {@code lb://mall-api} over Spring Cloud's
	 * simple discovery client.
	 */
	static ServiceProcess staticGatewayOver(List<ServiceProcess> mallApis, int managementPort, RedisServer redis,
			ServiceProcess authService, String gatewayClientSecret) {
		ServiceProcess.Builder gateway = gatewayBuilder("gateway-static-lb", managementPort, redis, authService,
				gatewayClientSecret)
			.property("spring.profiles.active", "fixed")
			.property("kit.routes.auth-uri", authService.baseUri())
			.property("kit.routes.mall-uri", "lb://mall-api");
		for (int i = 0; i < mallApis.size(); i++) {
			gateway.property("spring.cloud.discovery.client.simple.instances.mall-api[" + i + "].uri",
					mallApis.get(i).baseUri());
		}
		return gateway.start();
	}

	/**
	 * The fixed gateway in the {@code nacos} profile: routes are {@code lb://} from the
	 * profile; the relay-token call keeps an explicit URL (docs/design.md).
	 */
	static ServiceProcess nacosGateway(int managementPort, RedisServer redis, ServiceProcess authService,
			String serverAddr, String gatewayClientSecret) {
		ServiceProcess.Builder gateway = gatewayBuilder("gateway-nacos", managementPort, redis, authService,
				gatewayClientSecret);
		return withNacos(gateway, "fixed,nacos", serverAddr).start();
	}

	/**
	 * The gateway as the kit starts it ({@link KitServices#gateway}), its actuator on
	 * {@code managementPort}, its relay-token call straight to auth-service, its own log
	 * (the gateway's logback configurations write only there; the console log gets
	 * start-up output) under {@code target/e2e/}.
	 */
	private static ServiceProcess.Builder gatewayBuilder(String name, int managementPort, RedisServer redis,
			ServiceProcess authService, String gatewayClientSecret) {
		return gatewayBuilder(GatewaySelection.WEBFLUX_MODULE, name, managementPort, redis, authService,
				gatewayClientSecret);
	}

	/** Likewise from {@code module}'s jar: the WebFlux gateway's or gateway-mvc's. */
	private static ServiceProcess.Builder gatewayBuilder(String module, String name, int managementPort,
			RedisServer redis, ServiceProcess authService, String gatewayClientSecret) {
		Path logFile = logOf(name).toAbsolutePath();
		return MANAGEMENT.applyTo(KitServices.gateway(jar(module), name, redis.port(), authService.baseUri(), logFile)
			.jvmOptions(ServiceProcess.TEST_JVM_OPTIONS)
			.managementPort(managementPort)
			.property("kit.gateway.auth-service.client-secret", gatewayClientSecret));
	}

	/**
	 * A log of its own for this start of {@code name}: {@code name-N.log}, N counting the
	 * run's starts, so that the same file names come back run after run (the previous
	 * run's file is replaced) and no two starts of one run share one.
	 */
	static synchronized Path logOf(String name) {
		if (starts.get() == 0) {
			clearLogs();
		}
		Path log = OUTPUT.resolve(name + "-" + starts.incrementAndGet() + ".log");
		deleteIfExists(log);
		return log;
	}

	/**
	 * An earlier run's logs, before this run writes its first: numbered by start, they
	 * would otherwise sit beside this run's under the same names as other services'.
	 */
	private static void clearLogs() {
		if (!Files.isDirectory(OUTPUT)) {
			return;
		}
		try (DirectoryStream<Path> logs = Files.newDirectoryStream(OUTPUT, "*.log")) {
			for (Path log : logs) {
				deleteIfExists(log);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot clear the logs of " + OUTPUT, ex);
		}
	}

	/**
	 * The repository this module belongs to, its jars checked by {@link #jar(String)}.
	 */
	static Workspace workspace() {
		Path root = repositoryRoot();
		Workspace.SERVICES.forEach(PackagedServices::jar);
		return new Workspace(root, root.resolve("system-tests").resolve(OUTPUT), Workspace.projectVersion());
	}

	/** A packaged module's jar; fails with what to run if it is missing. */
	static Path jar(String module) {
		Path root = repositoryRoot();
		Path target = root.resolve(module).resolve("target");
		String version = System.getProperty("kit.project.version");
		if (version != null) {
			Path jar = target.resolve(module + "-" + version + ".jar");
			if (!Files.isRegularFile(jar)) {
				throw missing(module, root, jar.toString());
			}
			return jar;
		}
		// Run outside Maven (an IDE without the surefire properties): take the one jar
		// there is.
		List<Path> jars = new ArrayList<>();
		if (Files.isDirectory(target)) {
			try (DirectoryStream<Path> found = Files.newDirectoryStream(target, module + "-*.jar")) {
				found.forEach(jars::add);
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		}
		if (jars.size() != 1) {
			throw missing(module, root, target.resolve(module + "-<version>.jar") + " (found " + jars + ")");
		}
		return jars.get(0);
	}

	/**
	 * Set by surefire ({@code ${project.basedir}/..}); otherwise the parent of the
	 * working directory.
	 */
	static Path repositoryRoot() {
		String root = System.getProperty("kit.repository.root");
		Path path = (root != null) ? Path.of(root) : Path.of("").toAbsolutePath().getParent();
		return path.toAbsolutePath().normalize();
	}

	private static IllegalStateException missing(String module, Path root, String expected) {
		return new IllegalStateException(
				"No packaged " + module + " jar at " + expected + ". Run './mvnw package -DskipTests' in " + root
						+ " first (./mvnw verify from the root builds it before this module).");
	}

	private static void deleteIfExists(Path file) {
		try {
			Files.deleteIfExists(file);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
