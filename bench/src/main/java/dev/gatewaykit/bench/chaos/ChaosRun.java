package dev.gatewaykit.bench.chaos;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import dev.gatewaykit.bench.analysis.chaos.BreakerTransition;
import dev.gatewaykit.bench.analysis.chaos.ChaosAnalysis;
import dev.gatewaykit.bench.analysis.chaos.ChaosResults;
import dev.gatewaykit.bench.analysis.chaos.FaultOutcome;
import dev.gatewaykit.bench.analysis.chaos.LifecycleOutcome;
import dev.gatewaykit.bench.analysis.chaos.Phases;
import dev.gatewaykit.bench.analysis.chaos.RequestRecord;
import dev.gatewaykit.bench.drive.DemoLogins;
import dev.gatewaykit.bench.drive.OpenModelDriver;
import dev.gatewaykit.bench.probe.BreakerWatch;
import dev.gatewaykit.bench.run.KitLinks;
import dev.gatewaykit.common.mode.ExecutionMode;
import dev.gatewaykit.launcher.KitHttp;
import dev.gatewaykit.launcher.RedisServer;
import dev.gatewaykit.launcher.RunFailedException;
import dev.gatewaykit.launcher.ServiceProcess;
import dev.gatewaykit.launcher.Tools;
import dev.gatewaykit.launcher.Workspace;
import dev.gatewaykit.launcher.nginx.NginxConfig;
import dev.gatewaykit.launcher.nginx.NginxServer;
import dev.gatewaykit.launcher.stack.Discovery;
import dev.gatewaykit.launcher.stack.GatewaySelection;
import dev.gatewaykit.launcher.stack.Stack;
import dev.gatewaykit.launcher.toxiproxy.Toxic;

/**
 * One {@code ./kit chaos} run: the backends and toxiproxy once (a proxy on each of the
 * gateway's three links), then for each mode a gateway of its own behind nginx, the demo
 * users' logins, an open-model load, and each fault in turn — baseline, fault, lift,
 * recovery watch — with the circuit breakers scraped beside it. Everything it started is
 * stopped by {@link #close()}, a frozen process thawed first.
 */
public final class ChaosRun implements AutoCloseable {

	/** The longest warm-up before a mode's first fault. */
	private static final Duration WARM_UP = Duration.ofSeconds(30);

	private final Workspace workspace;

	private final Tools tools;

	private final ChaosOptions options;

	private final Stack stack;

	private final Consumer<String> log;

	private final HttpClient http = KitHttp.client();

	private KitLinks links;

	/** The fault in place now, lifted by {@link #close()} if the run stops inside it. */
	private volatile Optional<Fault> active = Optional.empty();

	private final Thread thawOnExit = new Thread(this::thaw, "chaos-thaw");

	public ChaosRun(Workspace workspace, Tools tools, ChaosOptions options, List<String> serviceJvmOptions,
			Duration healthTimeout, Consumer<String> log) {
		this.workspace = workspace;
		this.tools = tools;
		this.options = options;
		this.stack = new Stack(workspace, tools, Discovery.STATIC, serviceJvmOptions, healthTimeout, log);
		this.log = log;
	}

	/**
	 * Every link fault in every mode, then the connection-lifecycle faults; the outcomes
	 * in that order.
	 */
	public ChaosResults run() throws InterruptedException {
		KitLinks.check(this.stack, this.tools);
		// Ctrl-C during a SIGSTOP: the stack's own hooks stop the processes, but a frozen
		// one only acts on its SIGTERM once thawed.
		Runtime.getRuntime().addShutdownHook(this.thawOnExit);
		this.links = KitLinks.start(this.stack, List.of(Link.values()).stream().map(Link::proxy).toList());
		keepSessionsOutOfSnapshots(this.links.backends().redis());
		List<FaultOutcome> outcomes = new ArrayList<>();
		if (!this.options.faults().isEmpty()) {
			for (ExecutionMode mode : this.options.modes()) {
				outcomes.addAll(mode(mode));
			}
		}
		List<LifecycleOutcome> lifecycle = new LifecycleRun(this.workspace, this.stack, this.links, this.options,
				this.http, this.log)
			.run();
		return new ChaosResults(outcomes, lifecycle);
	}

	private List<FaultOutcome> mode(ExecutionMode mode) throws InterruptedException {
		Path dir = this.options.out().resolve(mode.id());
		List<String> arguments = new ArrayList<>();
		arguments.add(this.links.mallRouteArgument());
		for (Link link : Link.values()) {
			arguments.add(link.timeoutArgument());
		}
		this.log.accept("── " + mode.id() + ": starting gateway (links through toxiproxy, timeouts "
				+ List.of(Link.values()).stream().map((l) -> l.proxy() + " " + l.timeout().toMillis() + " ms").toList()
				+ ")");
		ServiceProcess gateway = this.links
			.startGateways(this.workspace.jar("gateway"),
					new GatewaySelection(Optional.empty(), Optional.of(mode.id())), 1, dir, List.of(), arguments)
			.get(0);
		NginxServer nginx = this.stack.startNginx(NginxConfig.Variant.TUNED,
				List.of(new NginxConfig.Upstream("127.0.0.1", gateway.port())), dir.resolve("nginx"));
		try {
			DemoLogins logins = DemoLogins.loggedIn(this.http, nginx.url(), this.workspace.demoUsersCsv(),
					this.options.users());
			List<Phases> phases = new ArrayList<>();
			List<RequestRecord> records;
			Optional<List<BreakerTransition>> transitions;
			try (OpenModelDriver load = new OpenModelDriver(nginx.url(), logins.productReads(),
					this.options.clientTimeout());
					BreakerWatch breakers = new BreakerWatch(URI.create(gateway.actuatorUri() + "/prometheus"))) {
				breakers.start();
				load.start(this.options.rate());
				warmUp(mode, load);
				this.log.accept("── " + mode.id() + ": " + this.options.rate() + " requests/s, "
						+ this.options.faults().size() + " faults");
				for (Fault fault : this.options.faults()) {
					phases.add(fault(fault, load, logins));
				}
				load.stop();
				if (!load.awaitAnswers(this.options.clientTimeout().plusSeconds(5))) {
					this.log.accept("warning: requests still unanswered past the client's timeout");
				}
				records = load.records();
				transitions = breakers.transitions();
			}
			writeRecords(dir.resolve("requests.csv"), records);
			List<FaultOutcome> outcomes = new ArrayList<>();
			for (int i = 0; i < phases.size(); i++) {
				Fault fault = this.options.faults().get(i);
				outcomes.add(ChaosAnalysis.outcome(fault.id(), mode.id(), phases.get(i), records,
						fault.link().timeout().plus(this.options.margin()), this.options.recoveryTarget(),
						transitions));
			}
			return outcomes;
		}
		finally {
			this.stack.stop(nginx);
			this.stack.stop(gateway);
		}
	}

	/**
	 * Runs the load until its answers have been 2xx for {@link ChaosOptions#SETTLED}, at
	 * most {@link #WARM_UP}: a gateway just started answers its first requests slowly
	 * (JIT, connection pools), which would otherwise land in the first fault's baseline.
	 */
	private void warmUp(ExecutionMode mode, OpenModelDriver load) throws InterruptedException {
		long start = System.currentTimeMillis();
		long now = start;
		while (now - start < WARM_UP.toMillis()
				&& !ChaosAnalysis.settled(load.records(), load.oldestPendingMs(), start, now, ChaosOptions.SETTLED)) {
			Thread.sleep(250);
			now = System.currentTimeMillis();
		}
		this.log.accept("── " + mode.id() + ": warmed up in " + (now - start) / 1000 + " s");
	}

	/** One fault: baseline, fault, lift, then the watch until settled or its longest. */
	private Phases fault(Fault fault, OpenModelDriver load, DemoLogins logins) throws InterruptedException {
		long baseline = System.currentTimeMillis();
		Thread.sleep(this.options.baseline().toMillis());
		long start = System.currentTimeMillis();
		this.log.accept(fault.id() + ": applied for " + this.options.fault().toSeconds() + " s");
		apply(fault);
		Thread.sleep(this.options.fault().toMillis());
		lift(fault);
		long lift = System.currentTimeMillis();
		if (fault.kind() == Fault.Kind.REDIS_RESTART) {
			// The sessions died with Redis: a client whose token is refused logs in
			// again.
			logins.login(DemoLogins.DEADLINE);
		}
		long longest = lift + this.options.recovery().toMillis();
		long now = System.currentTimeMillis();
		while (now < longest
				&& !ChaosAnalysis.settled(load.records(), load.oldestPendingMs(), lift, now, ChaosOptions.SETTLED)) {
			Thread.sleep(250);
			now = System.currentTimeMillis();
		}
		this.log.accept(fault.id() + ": lifted, watched " + (now - lift) / 1000 + " s");
		return new Phases(baseline, start, lift, now);
	}

	private void apply(Fault fault) {
		this.active = Optional.of(fault);
		switch (fault.kind()) {
			case TOXIC -> this.links.toxiproxy().add(fault.link().proxy(), fault.toxic().orElseThrow());
			case SIGSTOP -> service(fault.link()).signal("STOP");
			case REDIS_RESTART -> this.stack.crash(this.links.backends().redis());
		}
	}

	private void lift(Fault fault) {
		switch (fault.kind()) {
			case TOXIC ->
				this.links.toxiproxy().remove(fault.link().proxy(), fault.toxic().map(Toxic::name).orElseThrow());
			case SIGSTOP -> service(fault.link()).signal("CONT");
			case REDIS_RESTART -> {
				this.links.restartRedis();
				keepSessionsOutOfSnapshots(this.links.backends().redis());
			}
		}
		this.active = Optional.empty();
	}

	private ServiceProcess service(Link link) {
		return switch (link) {
			case AUTH -> this.links.backends().authService();
			case MALL -> this.links.backends().mallApis().get(0);
			case REDIS -> throw new IllegalArgumentException("Redis is crashed, not frozen");
		};
	}

	/**
	 * Snapshots the demo users now and no more: a crash then loses exactly the sessions,
	 * whatever the load wrote (session touches would otherwise reach the snapshot rule's
	 * 1000 changes and save them).
	 */
	private static void keepSessionsOutOfSnapshots(RedisServer redis) {
		for (String command : List.of("SAVE", "CONFIG SET save \"\"")) {
			String reply = redis.command(command);
			if (!reply.equals("+OK")) {
				throw new RunFailedException("redis: " + command + " answered " + reply);
			}
		}
	}

	private static void writeRecords(Path file, List<RequestRecord> records) {
		String lines = records.stream()
			.sorted((a, b) -> Long.compare(a.startMs(), b.startMs()))
			.map((r) -> r.startMs() + "," + r.endMs() + "," + r.status())
			.collect(Collectors.joining("\n", "start_ms,end_ms,status\n", "\n"));
		try {
			Files.createDirectories(file.getParent());
			Files.writeString(file, lines, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Thaws a frozen service; lifts a toxic or restarts Redis only in {@link #close()}.
	 */
	private void thaw() {
		this.active.filter((fault) -> fault.kind() == Fault.Kind.SIGSTOP).ifPresent((fault) -> {
			try {
				service(fault.link()).signal("CONT");
			}
			catch (RuntimeException ex) {
				// Exiting anyway: the stack's hooks kill what does not stop.
			}
		});
	}

	/** Lifts a fault still in place, then stops everything the run started. */
	@Override
	public void close() {
		try {
			this.active.ifPresent((fault) -> {
				if (fault.kind() == Fault.Kind.SIGSTOP) {
					thaw();
				}
				else if (fault.kind() == Fault.Kind.TOXIC) {
					this.links.toxiproxy().remove(fault.link().proxy(), fault.toxic().map(Toxic::name).orElseThrow());
				}
				this.active = Optional.empty();
			});
		}
		finally {
			try {
				Runtime.getRuntime().removeShutdownHook(this.thawOnExit);
			}
			catch (IllegalStateException ex) {
				// The JVM is shutting down and the hook has run.
			}
			this.stack.close();
		}
	}

}
