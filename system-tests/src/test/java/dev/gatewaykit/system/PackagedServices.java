package dev.gatewaykit.system;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import dev.gatewaykit.launcher.FreePorts;
import dev.gatewaykit.launcher.RedisServer;
import dev.gatewaykit.launcher.ServiceProcess;

/**
 * The kit's three services as the reactor packages them ({@code <module>/target/<module>-<version>.jar}), started
 * the way {@code ./kit up} starts them: on free loopback ports, against one Redis, logging under
 * {@code target/e2e/}. Each method launches a process without waiting for it, so that services can boot side by
 * side; callers wait with {@link ServiceProcess#awaitHealthy(Duration)}.
 */
final class PackagedServices {

	/** Generous: three JVMs booting on two cores, next to Maven. */
	static final Duration STARTUP = Duration.ofSeconds(120);

	/** Logs and the demo users' CSV, relative to the module (surefire's working directory). */
	static final Path OUTPUT = Path.of("target", "e2e");

	private PackagedServices() {
	}

	static ServiceProcess authService(RedisServer redis, Path demoUsersCsv, String relaySecret,
			String gatewayClientSecret) {
		return authServiceBuilder(redis, demoUsersCsv, relaySecret, gatewayClientSecret).start();
	}

	static ServiceProcess.Builder authServiceBuilder(RedisServer redis, Path demoUsersCsv, String relaySecret,
			String gatewayClientSecret) {
		return ServiceProcess.jar("auth-service", jar("auth-service"))
			.port(FreePorts.next())
			.property("spring.data.redis.port", redis.port())
			// Cost 4 instead of 10: the tests check that BCrypt is used, not how slow it is.
			.property("kit.auth.bcrypt-cost", 4)
			.property("kit.auth.demo-users.count", 20)
			.property("kit.auth.demo-users.csv", demoUsersCsv.toAbsolutePath())
			.property("kit.relay.secret", relaySecret)
			.property("kit.auth.gateway-client.secret", gatewayClientSecret)
			.log(OUTPUT.resolve("auth-service.log"));
	}

	static ServiceProcess mallApi(RedisServer redis, int catalogueSize, String relaySecret) {
		return mallApiBuilder(redis, catalogueSize, relaySecret, "mall-api").start();
	}

	static ServiceProcess.Builder mallApiBuilder(RedisServer redis, int catalogueSize, String relaySecret,
			String name) {
		return ServiceProcess.jar(name, jar("mall-api"))
			.port(FreePorts.next())
			.property("spring.data.redis.port", redis.port())
			.property("kit.mall.catalogue.size", catalogueSize)
			.property("kit.relay.secret", relaySecret)
			.log(OUTPUT.resolve(name + ".log"));
	}

	/**
	 * The {@code nacos} profile as the kit runs it on a laptop: registered with the loopback address (Nacos would
	 * otherwise pick the first network interface's).
	 */
	static ServiceProcess.Builder withNacos(ServiceProcess.Builder service, String profiles, String serverAddr) {
		return service.property("spring.profiles.active", profiles)
			.property("spring.cloud.nacos.server-addr", serverAddr)
			.property("spring.cloud.nacos.discovery.ip", "127.0.0.1");
	}

	/**
	 * The gateway with a Spring profile ({@code naive} or {@code fixed}) in front of the two services. Its actuator
	 * is on a management port of its own, so that is where the health probe goes.
	 */
	static ServiceProcess gateway(String profile, int managementPort, RedisServer redis, ServiceProcess authService,
			ServiceProcess mallApi, String gatewayClientSecret) {
		Path logFile = OUTPUT.resolve("gateway-" + profile + ".log").toAbsolutePath();
		deleteIfExists(logFile);
		return ServiceProcess.jar("gateway-" + profile, jar("gateway"))
			.port(FreePorts.next())
			.property("management.server.port", managementPort)
			.property("spring.data.redis.port", redis.port())
			.property("kit.routes.auth-uri", authService.baseUri())
			.property("kit.routes.mall-uri", mallApi.baseUri())
			.property("kit.gateway.auth-service.client-secret", gatewayClientSecret)
			.property("spring.profiles.active", profile)
			// The gateway's logback configurations write only to this file; the console log gets start-up output.
			.property("logging.file.name", logFile)
			.log(OUTPUT.resolve("gateway-" + profile + ".console.log"))
			.health(URI.create("http://127.0.0.1:" + managementPort + "/actuator/health"))
			.start();
	}

	/**
	 * The fixed gateway with static discovery over several mall-api instances, as {@code ./kit up --mall-apis N}
	 * starts it: {@code lb://mall-api} over Spring Cloud's simple discovery client.
	 */
	static ServiceProcess staticGatewayOver(List<ServiceProcess> mallApis, int managementPort, RedisServer redis,
			ServiceProcess authService, String gatewayClientSecret) {
		Path logFile = OUTPUT.resolve("gateway-static-lb.log").toAbsolutePath();
		deleteIfExists(logFile);
		ServiceProcess.Builder gateway = ServiceProcess.jar("gateway-static-lb", jar("gateway"))
			.port(FreePorts.next())
			.property("management.server.port", managementPort)
			.property("spring.data.redis.port", redis.port())
			.property("spring.profiles.active", "fixed")
			.property("kit.routes.auth-uri", authService.baseUri())
			.property("kit.routes.mall-uri", "lb://mall-api")
			.property("kit.gateway.auth-service.url", authService.baseUri())
			.property("kit.gateway.auth-service.client-secret", gatewayClientSecret)
			.property("logging.file.name", logFile)
			.log(OUTPUT.resolve("gateway-static-lb.console.log"))
			.health(URI.create("http://127.0.0.1:" + managementPort + "/actuator/health"));
		for (int i = 0; i < mallApis.size(); i++) {
			gateway.property("spring.cloud.discovery.client.simple.instances.mall-api[" + i + "].uri",
					mallApis.get(i).baseUri());
		}
		return gateway.start();
	}

	/**
	 * The fixed gateway in the {@code nacos} profile: routes are {@code lb://} from the profile; the relay-token
	 * call keeps an explicit URL (docs/design.md).
	 */
	static ServiceProcess nacosGateway(int managementPort, RedisServer redis, ServiceProcess authService,
			String serverAddr, String gatewayClientSecret) {
		Path logFile = OUTPUT.resolve("gateway-nacos.log").toAbsolutePath();
		deleteIfExists(logFile);
		ServiceProcess.Builder gateway = ServiceProcess.jar("gateway-nacos", jar("gateway"))
			.port(FreePorts.next())
			.property("management.server.port", managementPort)
			.property("spring.data.redis.port", redis.port())
			.property("kit.gateway.auth-service.url", authService.baseUri())
			.property("kit.gateway.auth-service.client-secret", gatewayClientSecret)
			.property("logging.file.name", logFile)
			.log(OUTPUT.resolve("gateway-nacos.console.log"))
			.health(URI.create("http://127.0.0.1:" + managementPort + "/actuator/health"));
		return withNacos(gateway, "fixed,nacos", serverAddr).start();
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
		// Run outside Maven (an IDE without the surefire properties): take the one jar there is.
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

	/** Set by surefire ({@code ${project.basedir}/..}); otherwise the parent of the working directory. */
	static Path repositoryRoot() {
		String root = System.getProperty("kit.repository.root");
		Path path = (root != null) ? Path.of(root) : Path.of("").toAbsolutePath().getParent();
		return path.toAbsolutePath().normalize();
	}

	private static IllegalStateException missing(String module, Path root, String expected) {
		return new IllegalStateException("No packaged " + module + " jar at " + expected
				+ ". Run './mvnw package -DskipTests' in " + root
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
