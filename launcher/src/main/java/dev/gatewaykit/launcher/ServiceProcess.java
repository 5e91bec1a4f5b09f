package dev.gatewaykit.launcher;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A Spring Boot fat jar run as a child process with {@code java -jar}, configured with
 * {@code --key=value} arguments, and ready once its health endpoint answers 200.
 * <p>
 * Typical use, once per test class: <pre>
 * ServiceProcess mall = ServiceProcess.jar("mall-api", Path.of("../mall-api/target/mall-api-0.1.0-SNAPSHOT.jar"))
 *     .port(FreePorts.next())
 *     .property("spring.data.redis.port", redis.port())
 *     .log(Path.of("target", "e2e", "mall-api.log"))
 *     .start()
 *     .awaitHealthy(Duration.ofSeconds(120));
 * </pre> {@link #start()} and {@link #awaitHealthy(Duration)} are separate so that
 * several services can boot at the same time. Like {@link RedisServer}, the process is
 * stopped by a JVM shutdown hook if the test does not close it.
 */
public final class ServiceProcess extends ServerProcess {

	/**
	 * Small heap and C1 only: these JVMs live for one test class, so start-up time
	 * matters more than peak speed.
	 */
	public static final List<String> TEST_JVM_OPTIONS = List.of("-Xmx256m", "-XX:TieredStopAtLevel=1");

	private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(2);

	private final int port;

	private final int managementPort;

	private final URI health;

	private ServiceProcess(String name, List<String> command, Map<String, String> environment, Path log, int port,
			int managementPort, URI health) {
		super(name, command, environment, fresh(log));
		this.port = port;
		this.managementPort = managementPort;
		this.health = health;
	}

	/**
	 * Starts describing a service run from {@code jar}; {@code name} appears in errors
	 * and the default log name.
	 */
	public static Builder jar(String name, Path jar) {
		return new Builder(name, jar);
	}

	/**
	 * Polls the health endpoint until it answers 200 (a Boot service answers 503 while it
	 * is not ready); fails, and stops the process, if it exits or the timeout passes
	 * first.
	 */
	public ServiceProcess awaitHealthy(Duration timeout) {
		awaitReady(this::isHealthy, timeout);
		return this;
	}

	/**
	 * {@link #awaitHealthy(Duration)}, telling {@code progress} every ten seconds what
	 * the health endpoint answers (its status and the components that are not up), and
	 * failing with that answer and the log's last lines: a gateway brought by a user
	 * whose Redis properties have other names (Boot 2's {@code spring.redis.*}) stays
	 * DOWN, and says why while the kit waits.
	 */
	public ServiceProcess awaitHealthy(Duration timeout, Consumer<String> progress) {
		HealthWait wait = new HealthWait(progress);
		awaitReady(wait::isHealthy, timeout, wait);
		return this;
	}

	/** Whether the health endpoint answers 200 right now. */
	public boolean isHealthy() {
		return health().ok();
	}

	private HttpAnswer health() {
		return HttpAnswer.send(KitHttp.client(),
				HttpRequest.newBuilder(this.health).timeout(PROBE_TIMEOUT).GET().build());
	}

	/** Polls health and remembers what it answered last. */
	private final class HealthWait implements Waiting {

		private final Consumer<String> progress;

		private HttpAnswer last = new HttpAnswer(-1, "not asked yet");

		HealthWait(Consumer<String> progress) {
			this.progress = progress;
		}

		boolean isHealthy() {
			this.last = health();
			return this.last.ok();
		}

		@Override
		public void report(String waited) {
			this.progress.accept(name() + " not healthy after " + waited + ": " + Health.describe(this.last));
		}

		@Override
		public Optional<String> lastAttempt() {
			return Optional.of("its health last answered " + Health.describe(this.last));
		}

	}

	/** The {@code server.port} the service was started with. */
	public int port() {
		return this.port;
	}

	/** {@code http://127.0.0.1:<port>}, for building request URLs. */
	public URI baseUri() {
		return URI.create("http://127.0.0.1:" + this.port);
	}

	public URI healthUri() {
		return this.health;
	}

	/**
	 * {@code http://127.0.0.1:<management port>/actuator}, or the main port's when it has
	 * no management port.
	 */
	public URI actuatorUri() {
		int port = (this.managementPort > 0) ? this.managementPort : this.port;
		return URI.create("http://127.0.0.1:" + port + "/actuator");
	}

	/** The management port the service was started with, or 0. */
	public int managementPort() {
		return this.managementPort;
	}

	// ServerProcess appends; a service's log should describe this run only.
	private static Path fresh(Path log) {
		try {
			Files.deleteIfExists(log);
			return log;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("could not remove the previous log " + log, ex);
		}
	}

	/** What to run: JVM options, port, properties, log file and health endpoint. */
	public static final class Builder {

		private final String name;

		private final Path jar;

		private final List<String> jvmOptions = new ArrayList<>(TEST_JVM_OPTIONS);

		private Path java = Path.of(System.getProperty("java.home"), "bin", "java");

		private final Map<String, String> properties = new LinkedHashMap<>();

		private final List<String> arguments = new ArrayList<>();

		private final Map<String, String> environment = new LinkedHashMap<>();

		private int port;

		private int managementPort;

		private Path log;

		private URI health;

		private Builder(String name, Path jar) {
			this.name = name;
			this.jar = jar;
		}

		/**
		 * The {@code java} command to run the jar with (default: this JVM's, the 17
		 * baseline's); gateway-mvc's virtual threads need a 21+ one.
		 */
		public Builder java(Path java) {
			this.java = java;
			return this;
		}

		/** Replaces the JVM options (default {@link #TEST_JVM_OPTIONS}). */
		public Builder jvmOptions(String... options) {
			this.jvmOptions.clear();
			this.jvmOptions.addAll(List.of(options));
			return this;
		}

		/** The service's {@code server.port}; required. */
		public Builder port(int port) {
			this.port = port;
			return this;
		}

		/** Replaces the JVM options (default {@link #TEST_JVM_OPTIONS}). */
		public Builder jvmOptions(List<String> options) {
			this.jvmOptions.clear();
			this.jvmOptions.addAll(options);
			return this;
		}

		/**
		 * Serves the actuator on a port of its own ({@code management.server.port}); the
		 * health probe goes there unless {@link #health(URI)} says otherwise.
		 */
		public Builder managementPort(int managementPort) {
			this.managementPort = managementPort;
			return property("management.server.port", managementPort);
		}

		/**
		 * Appends a raw argument (e.g. one a user passed through), after the properties.
		 * An argument {@code --key=value} replaces a property of the same key: Spring
		 * Boot would join the two values with a comma (a number such as the login rate
		 * limit's would then not bind at all).
		 */
		public Builder argument(String argument) {
			this.arguments.add(argument);
			return this;
		}

		/**
		 * Adds {@code --key=value} to the command line; Spring Boot gives it the highest
		 * precedence.
		 */
		public Builder property(String key, Object value) {
			this.properties.put(key, String.valueOf(value));
			return this;
		}

		/**
		 * Sets an environment variable of the process: for a secret, which on the command
		 * line every local user could read with {@code ps} (Spring Boot binds
		 * {@code KIT_GATEWAY_MANAGEMENT_PASSWORD} to
		 * {@code kit.gateway.management.password}).
		 */
		public Builder environment(String name, String value) {
			this.environment.put(name, value);
			return this;
		}

		/**
		 * Where stdout and stderr go (default
		 * {@code target/test-servers/<name>-<port>.log}).
		 */
		public Builder log(Path log) {
			this.log = log;
			return this;
		}

		/**
		 * The endpoint to poll (default {@code http://127.0.0.1:<port>/actuator/health}).
		 */
		public Builder health(URI health) {
			this.health = health;
			return this;
		}

		/**
		 * The command line {@link #start()} runs: {@link #java(Path)}, the JVM options,
		 * the jar, then the port, the properties and the arguments, each property as
		 * {@code --key=value}.
		 */
		public List<String> command() {
			List<String> command = new ArrayList<>();
			command.add(this.java.toString());
			command.addAll(this.jvmOptions);
			command.add("-jar");
			command.add(this.jar.toAbsolutePath().normalize().toString());
			command.add("--server.port=" + this.port);
			List<String> replaced = this.arguments.stream()
				.filter((argument) -> argument.startsWith("--"))
				.map((argument) -> argument.substring(2).split("=", 2)[0])
				.toList();
			this.properties.forEach((key, value) -> {
				if (!replaced.contains(key)) {
					command.add("--" + key + "=" + value);
				}
			});
			command.addAll(this.arguments);
			return command;
		}

		/**
		 * Launches the process; it is not ready yet, see
		 * {@link ServiceProcess#awaitHealthy(Duration)}.
		 */
		public ServiceProcess start() {
			if (this.port <= 0) {
				throw new IllegalStateException(this.name + ": set a port (FreePorts.next())");
			}
			if (!Files.isRegularFile(this.jar)) {
				throw new RunFailedException(this.name + ": no jar at " + this.jar.toAbsolutePath().normalize());
			}
			List<String> command = command();
			Path log = (this.log != null) ? this.log
					: Path.of("target", "test-servers", this.name + "-" + this.port + ".log");
			int actuatorPort = (this.managementPort > 0) ? this.managementPort : this.port;
			URI health = (this.health != null) ? this.health
					: URI.create("http://127.0.0.1:" + actuatorPort + "/actuator/health");
			return new ServiceProcess(this.name, command, Map.copyOf(this.environment), log, this.port,
					this.managementPort, health);
		}

	}

}
