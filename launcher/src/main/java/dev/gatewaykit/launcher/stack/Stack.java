package dev.gatewaykit.launcher.stack;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

import dev.gatewaykit.launcher.RedisServer;
import dev.gatewaykit.launcher.RunFailedException;
import dev.gatewaykit.launcher.ServerProcess;
import dev.gatewaykit.launcher.ServiceProcess;
import dev.gatewaykit.launcher.Tools;
import dev.gatewaykit.launcher.Workspace;
import dev.gatewaykit.launcher.nacos.NacosClient;
import dev.gatewaykit.launcher.nacos.RnacosServer;
import dev.gatewaykit.launcher.nginx.NginxConfig;
import dev.gatewaykit.launcher.nginx.NginxServer;
import dev.gatewaykit.launcher.toxiproxy.ToxiproxyServer;

/**
 * The kit's processes, started in order and stopped front to back, each recorded by PID
 * as it starts (so that {@code ./kit down} stops exactly them, and a second
 * {@code ./kit up} refuses to start beside them). {@code ./kit
 * up} and {@code ./kit bench} both start everything through here.
 */
public final class Stack implements AutoCloseable {

	/**
	 * The JVM options of the services {@code ./kit} starts ({@code KIT_JVM_OPTS} replaces
	 * them).
	 */
	public static final List<String> DEFAULT_JVM_OPTIONS = List.of("-Xms256m", "-Xmx512m", "-XX:+UseParallelGC",
			// Lets each JVM apply Java thread priorities (as root; otherwise the JVM
			// ignores it): its JIT compiler threads run at nice -4. Five JVMs on two
			// cores under full load otherwise starve their own compilers and take minutes
			// to reach their steady state; at a higher priority they compile in about a
			// minute. Only the warm-up changes: once compiled, the code is the same.
			"-XX:ThreadPriorityPolicy=1");

	private final Workspace workspace;

	private final Tools tools;

	private final PidFiles pids;

	private final Consumer<String> log;

	private final List<String> jvmOptions;

	private final Duration healthTimeout;

	private final List<ServerProcess> started = new ArrayList<>();

	private Consumer<ServerProcess> onStart = (process) -> {
	};

	private final Discovery discovery;

	private Optional<RnacosServer> nacos = Optional.empty();

	/** One password per stack, for every gateway it starts. */
	private final ManagementAccess management = ManagementAccess.generate();

	public Stack(Workspace workspace, Tools tools, Discovery discovery, List<String> jvmOptions, Duration healthTimeout,
			Consumer<String> log) {
		this.workspace = workspace;
		this.tools = tools;
		this.discovery = discovery;
		this.pids = new PidFiles(workspace.pids(), log);
		this.jvmOptions = jvmOptions;
		this.healthTimeout = healthTimeout;
		this.log = log;
	}

	/**
	 * What the kit's clients of the gateways' management writes send (the mode flip,
	 * resetting the diagnostics).
	 */
	public ManagementAccess management() {
		return this.management;
	}

	public Discovery discovery() {
		return this.discovery;
	}

	public Optional<RnacosServer> nacos() {
		return this.nacos;
	}

	/**
	 * Refuses to start beside a stack that is already up (stale records are dropped), and
	 * checks that the build output is all there before a single process starts.
	 */
	public void checkReady() {
		List<PidFiles.Entry> running = this.pids.alive();
		if (!running.isEmpty()) {
			PidFiles.Entry first = running.get(0);
			throw new RunFailedException(
					"the stack is already up (" + first.name() + ", pid " + first.pid() + "); run ./kit down first");
		}
		List<String> missing = this.workspace.missingBuildOutput();
		if (!missing.isEmpty()) {
			throw new RunFailedException("the build output is incomplete (missing " + String.join(", ", missing)
					+ "); ./kit rebuilds when a source is newer than its last build — run ./mvnw -DskipTests install");
		}
	}

	/**
	 * In the nacos discovery mode: rnacos, ready when it applies config (see
	 * {@link RnacosServer}).
	 */
	public void startNacos() {
		if (this.discovery != Discovery.NACOS) {
			return;
		}
		Path binary = this.tools.rnacos();
		RnacosServer server = record(RnacosServer.start(binary, this.workspace.kitDir().resolve("rnacos"),
				this.workspace.logs().resolve("rnacos.log")));
		this.nacos = Optional.of(server);
		this.log.accept("rnacos " + Tools.RNACOS_VERSION + " ready on " + server.port() + " (gRPC "
				+ (server.port() + 1000) + ")");
	}

	/**
	 * redis-server (persistent demo data), auth-service and {@code mallApis} mall-api
	 * instances, healthy.
	 */
	public Backends startBackends(int mallApis) {
		RedisServer redis = record(RedisServer.persistent(this.tools.osCommand("redis-server"),
				this.workspace.kitDir().resolve("redis"), this.workspace.logs().resolve("redis.log")));
		ServiceProcess auth = record(withDiscovery(KitServices.authService(this.workspace, redis.port(),
				this.workspace.logs().resolve("auth-service.log")), "")
			.start());
		List<ServiceProcess> malls = new ArrayList<>();
		for (int i = 1; i <= mallApis; i++) {
			String name = "mall-api-" + i;
			malls.add(record(withDiscovery(KitServices.mallApi(this.workspace, name, redis.port(),
					this.workspace.logs().resolve(name + ".log")), "")
				.start()));
		}
		for (ServiceProcess mall : malls) {
			mall.awaitHealthy(this.healthTimeout, this.log);
			this.log.accept(mall.name() + " healthy on " + mall.port());
		}
		auth.awaitHealthy(this.healthTimeout, this.log);
		this.log.accept(
				"auth-service healthy on " + auth.port() + " (demo users in " + this.workspace.demoUsersCsv() + ")");
		this.nacos.ifPresent((server) -> {
			server.client().awaitRegistered("auth-service", List.of(auth.port()), this.healthTimeout);
			server.client()
				.awaitRegistered("mall-api", malls.stream().map(ServiceProcess::port).toList(), this.healthTimeout);
			this.log.accept("Nacos lists auth-service and " + malls.size() + " mall-api instance(s)");
		});
		return new Backends(redis, auth, malls);
	}

	/**
	 * One more mall-api, named {@code name}, started with {@code arguments} after its own
	 * (a chaos run's upstream with another keep-alive), healthy.
	 */
	public ServiceProcess startMallApi(String name, Backends backends, List<String> arguments) {
		ServiceProcess.Builder mall = KitServices.mallApi(this.workspace, name, backends.redis().port(),
				this.workspace.logs().resolve(name + ".log"));
		arguments.forEach(mall::argument);
		ServiceProcess started = record(mall.start());
		started.awaitHealthy(this.healthTimeout, this.log);
		this.log.accept(name + " healthy on " + started.port() + " " + arguments);
		return started;
	}

	/**
	 * Kills one of the processes this stack started (SIGKILL: a crash, which saves
	 * nothing) and forgets it.
	 */
	public void crash(ServerProcess process) {
		process.kill();
		this.pids.forget(process.name());
		this.started.remove(process);
		this.log.accept("killed " + process.name() + " (pid " + process.pid() + ")");
	}

	/**
	 * Starts Redis again after a {@link #crash}, on the same port and data directory,
	 * where every client (and toxiproxy's proxy) still points.
	 * @return the backends with the new Redis
	 */
	public Backends restartRedis(Backends backends) {
		RedisServer redis = record(
				RedisServer.persistent(this.tools.osCommand("redis-server"), this.workspace.kitDir().resolve("redis"),
						this.workspace.logs().resolve("redis.log"), backends.redis().port()));
		return new Backends(redis, backends.authService(), backends.mallApis());
	}

	/** The three services every gateway uses. */
	public record Backends(RedisServer redis, ServiceProcess authService, List<ServiceProcess> mallApis) {
	}

	public ToxiproxyServer startToxiproxy() {
		return record(ToxiproxyServer.start(this.tools.toxiproxy(), this.workspace.logs().resolve("toxiproxy.log")));
	}

	/**
	 * {@code count} gateways named gateway-1..N, healthy. In the static discovery mode
	 * the routes are URLs on the command line; in the nacos mode they come from the nacos
	 * profile ({@code lb://}) and the starting mode is published to Nacos config, since a
	 * command-line knob would outrank it and no run-time change could ever take effect.
	 * @param redisPort the Redis the gateway uses (toxiproxy's port in a bench)
	 * @param authServiceUrl where its relay-token call goes (toxiproxy's port in a bench)
	 * @param extraJvmOptions JVM options after the stack's own (a bench with BlockHound)
	 * @param extraArguments Spring Boot arguments after the stack's own; one that sets a
	 * key the stack sets too replaces the stack's
	 */
	public List<ServiceProcess> startGateways(GatewaySelection selection, int count, Backends backends, int redisPort,
			URI authServiceUrl, Path logDir, List<String> extraJvmOptions, List<String> extraArguments) {
		return startGateways(this.workspace.jar(selection.module()), selection, count, backends, redisPort,
				authServiceUrl, logDir, extraJvmOptions, extraArguments);
	}

	/**
	 * Likewise from {@code jar}: the kit's gateway, or a user's Spring Cloud Gateway jar
	 * ({@code ./kit bench --gateway-jar}) started with the same properties and arguments.
	 */
	public List<ServiceProcess> startGateways(Path jar, GatewaySelection selection, int count, Backends backends,
			int redisPort, URI authServiceUrl, Path logDir, List<String> extraJvmOptions, List<String> extraArguments) {
		return startGateways("gateway", jar, selection, count, backends, redisPort, authServiceUrl, logDir,
				extraJvmOptions, extraArguments);
	}

	/**
	 * Likewise, named {@code name-1..N}: the A/B gate runs gateways of two builds side by
	 * side, each recorded under its own name. An MVC mode's gateway runs on the JDK 21+
	 * {@link Tools#java21()} finds; both MVC modes do, so that the kind of thread is
	 * their only difference.
	 */
	public List<ServiceProcess> startGateways(String name, Path jar, GatewaySelection selection, int count,
			Backends backends, int redisPort, URI authServiceUrl, Path logDir, List<String> extraJvmOptions,
			List<String> extraArguments) {
		// Before anything starts: what is missing is said once, not after a health
		// timeout.
		Optional<Path> java = selection.mvcMode().map((mode) -> this.tools.java21());
		if (selection.mvcMode().isPresent() && this.discovery == Discovery.NACOS) {
			throw new RunFailedException(selection.mvcMode().get().id()
					+ ": gateway-mvc has no Nacos discovery (its routes are URLs); run it with static discovery");
		}
		if (selection.mvcMode().isPresent() && backends.mallApis().size() > 1) {
			throw new RunFailedException(selection.mvcMode().get().id() + ": gateway-mvc routes to one mall-api (no "
					+ "load balancer on its class path), not " + backends.mallApis().size());
		}
		List<String> arguments = new ArrayList<>();
		if (this.discovery == Discovery.NACOS) {
			RnacosServer server = this.nacos.orElseThrow();
			arguments.add("--spring.profiles.active=" + selection.profile().map((p) -> p + ",").orElse("") + "nacos");
			arguments.addAll(server.serviceArguments());
			server.client()
				.publishAndConfirm(NacosClient.GATEWAY_DATA_ID, selection.mode().map((m) -> "kit.gateway.mode: " + m),
						Duration.ofSeconds(10));
		}
		else {
			selection.profile().ifPresent((p) -> arguments.add("--spring.profiles.active=" + p));
			selection.mode().ifPresent((m) -> arguments.add("--kit.gateway.mode=" + m));
			arguments.add("--kit.routes.auth-uri=" + backends.authService().baseUri());
			List<ServiceProcess> malls = backends.mallApis();
			if (malls.size() == 1) {
				arguments.add("--kit.routes.mall-uri=" + malls.get(0).baseUri());
			}
			else {
				// Spring Cloud's SimpleDiscoveryClient: the instances from properties,
				// balanced by Spring Cloud LoadBalancer.
				arguments.add("--kit.routes.mall-uri=lb://mall-api");
				for (int i = 0; i < malls.size(); i++) {
					arguments.add("--spring.cloud.discovery.client.simple.instances.mall-api[" + i + "].uri="
							+ malls.get(i).baseUri());
				}
			}
		}
		// Spring Boot joins two values of one command-line key with a comma, so the
		// caller's replaces the stack's (a chaos run routes mall-api through toxiproxy).
		List<String> replaced = extraArguments.stream().map(Stack::key).toList();
		arguments.removeIf((argument) -> replaced.contains(key(argument)));
		arguments.addAll(extraArguments);
		List<ServiceProcess> gateways = new ArrayList<>();
		for (int k = 1; k <= count; k++) {
			String numbered = name + "-" + k;
			ServiceProcess.Builder gateway = KitServices
				.gateway(jar, numbered, redisPort, authServiceUrl, logDir.resolve(numbered + ".log"))
				.jvmOptions(concat(this.jvmOptions, extraJvmOptions));
			java.ifPresent(gateway::java);
			this.management.applyTo(gateway);
			KitServices.warmUpAccount(gateway, this.workspace.demoUsersCsv());
			arguments.forEach(gateway::argument);
			gateways.add(record(gateway.start()));
		}
		for (ServiceProcess gateway : gateways) {
			gateway.awaitHealthy(this.healthTimeout, this.log);
			this.log.accept(gateway.name() + " (" + describe(selection).orElse(jar.getFileName().toString()) + ", "
					+ this.discovery.id() + " discovery) healthy on " + gateway.port() + " (management "
					+ gateway.managementPort() + ")");
		}
		return gateways;
	}

	/** nginx from a template, in front of {@code upstreams}. */
	public NginxServer startNginx(NginxConfig.Variant variant, List<NginxConfig.Upstream> upstreams, Path prefix) {
		return startNginx("nginx", variant, upstreams, prefix);
	}

	/** Likewise, recorded under {@code name} (several side by side). */
	public NginxServer startNginx(String name, NginxConfig.Variant variant, List<NginxConfig.Upstream> upstreams,
			Path prefix) {
		return startNginx(name, variant, upstreams, prefix, Optional.empty());
	}

	/**
	 * Likewise, with requests in progress capped per upstream instance when {@code edge}
	 * is given.
	 */
	public NginxServer startNginx(String name, NginxConfig.Variant variant, List<NginxConfig.Upstream> upstreams,
			Path prefix, Optional<NginxConfig.EdgeLimit> edge) {
		return record(NginxServer.start(name, this.tools.osCommand("nginx"), variant, this.workspace.nginxTemplates(),
				upstreams, prefix, edge));
	}

	/** Stops one of the processes this stack started. */
	public void stop(ServerProcess process) {
		process.close();
		this.pids.forget(process.name());
		this.started.remove(process);
		this.log.accept("stopped " + process.name() + " (pid " + process.pid() + ")");
	}

	/**
	 * Lets every process outlive this JVM ({@code ./kit up}); {@code ./kit down} stops
	 * them by their records.
	 */
	public void detachAll() {
		this.started.forEach(ServerProcess::detach);
		this.started.clear();
	}

	/**
	 * Stops every process still running, the last started first: nothing is left calling
	 * a service that is gone.
	 */
	@Override
	public void close() {
		List<ServerProcess> running = new ArrayList<>(this.started);
		Collections.reverse(running);
		running.forEach(this::stop);
	}

	private ServiceProcess.Builder withDiscovery(ServiceProcess.Builder service, String profiles) {
		ServiceProcess.Builder builder = service.jvmOptions(this.jvmOptions);
		this.nacos.ifPresent((server) -> {
			builder.property("spring.profiles.active", profiles.isEmpty() ? "nacos" : profiles + ",nacos");
			server.serviceArguments().forEach(builder::argument);
		});
		return builder;
	}

	/**
	 * Runs {@code hook} on each process this stack starts from now on, the moment it is
	 * started: before its health answers, so before a warm-up it runs.
	 */
	public void onStart(Consumer<ServerProcess> hook) {
		this.onStart = hook;
	}

	private <T extends ServerProcess> T record(T process) {
		this.started.add(process);
		this.pids.record(process.name(), process.handle());
		this.log.accept("started " + process.name() + " (pid " + process.pid() + "), log " + process.log());
		this.onStart.accept(process);
		return process;
	}

	private static Optional<String> describe(GatewaySelection selection) {
		String described = selection.profile().orElse("")
				+ selection.mode().map((m) -> selection.profile().isPresent() ? ":" + m : m).orElse("");
		return Optional.of(described).filter((text) -> !text.isEmpty());
	}

	private static String key(String argument) {
		int equals = argument.indexOf('=');
		return (equals < 0) ? argument : argument.substring(0, equals);
	}

	private static List<String> concat(List<String> first, List<String> second) {
		List<String> all = new ArrayList<>(first);
		all.addAll(second);
		return all;
	}

}
