package dev.gatewaykit.bench.chaos;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;

import dev.gatewaykit.bench.analysis.chaos.LifecycleOutcome;
import dev.gatewaykit.bench.analysis.chaos.RequestRecord;
import dev.gatewaykit.bench.drive.DemoLogins;
import dev.gatewaykit.bench.drive.OpenModelDriver;
import dev.gatewaykit.bench.run.KitLinks;
import dev.gatewaykit.launcher.ServiceProcess;
import dev.gatewaykit.launcher.Workspace;
import dev.gatewaykit.launcher.nginx.NginxConfig;
import dev.gatewaykit.launcher.nginx.NginxServer;
import dev.gatewaykit.launcher.stack.GatewaySelection;
import dev.gatewaykit.launcher.stack.Stack;

/**
 * The connection-lifecycle faults of a chaos run, on the stack its link faults use: for
 * each, the upstream (a mall-api of its own when the fault needs other arguments) behind
 * a proxy of its own with the fault's toxics, then a gateway with the naive setting and
 * one with the template's, one after the other, each behind nginx under the same
 * open-model load; the requests sent in a window after a warm-up are counted, and the
 * gateway's log searched for the users' error.
 */
final class LifecycleRun {

	/**
	 * Load before the window: logins done, pools grown, the fault's first effects past.
	 */
	static final Duration WARM_UP = Duration.ofSeconds(5);

	/** The window whose requests are counted. */
	static final Duration WINDOW = Duration.ofSeconds(20);

	/**
	 * Both sides start without the template's warm-up before readiness: its burst (32
	 * requests in flight for 30 s) is another load than the fault's, which is shaped for
	 * a quiet route, and its errors would be searched with the window's. Measured with it
	 * on (2026-11-27, 10:00 UTC): the template's side met one premature close in its 16
	 * 734 warm-up requests and none in its window (docs/chaos.md).
	 */
	static final String NO_WARM_UP = "--kit.gateway.warm-up.enabled=false";

	private final Workspace workspace;

	private final Stack stack;

	private final KitLinks links;

	private final ChaosOptions options;

	private final HttpClient http;

	private final Consumer<String> log;

	LifecycleRun(Workspace workspace, Stack stack, KitLinks links, ChaosOptions options, HttpClient http,
			Consumer<String> log) {
		this.workspace = workspace;
		this.stack = stack;
		this.links = links;
		this.options = options;
		this.http = http;
		this.log = log;
	}

	List<LifecycleOutcome> run() throws InterruptedException {
		List<LifecycleOutcome> outcomes = new ArrayList<>();
		for (LifecycleFault fault : this.options.lifecycle()) {
			outcomes.add(fault(fault));
		}
		return outcomes;
	}

	private LifecycleOutcome fault(LifecycleFault fault) throws InterruptedException {
		Path dir = this.options.out().resolve("lifecycle").resolve(fault.id());
		Optional<ServiceProcess> upstream = fault.upstream().isEmpty() ? Optional.empty() : Optional
			.of(this.stack.startMallApi("mall-api-" + fault.id(), this.links.backends(), fault.upstream()));
		int upstreamPort = upstream.map(ServiceProcess::port)
			.orElseGet(() -> this.links.backends().mallApis().get(0).port());
		String proxy = "lifecycle-" + fault.id();
		int toxiproxyPort = this.links.toxiproxy().proxy(proxy, upstreamPort);
		fault.toxics().forEach((toxic) -> this.links.toxiproxy().add(proxy, toxic));
		Optional<ResettingProxy> resetting = fault.cut()
			.map((cut) -> ResettingProxy.start(toxiproxyPort, cut.every(), cut.bytes()));
		int proxyPort = resetting.map(ResettingProxy::port).orElse(toxiproxyPort);
		try {
			LifecycleOutcome.Side naive = side(fault, "naive", fault.naive(), fault.describeNaive(), proxyPort, dir,
					resetting);
			LifecycleOutcome.Side template = side(fault, "template", fault.template(), describe(fault.template()),
					proxyPort, dir, resetting);
			return new LifecycleOutcome(fault.id(), fault.signature(), naive, template, fault.retried());
		}
		finally {
			resetting.ifPresent(ResettingProxy::close);
			upstream.ifPresent(this.stack::stop);
		}
	}

	private LifecycleOutcome.Side side(LifecycleFault fault, String setting, List<String> arguments, String description,
			int proxyPort, Path dir, Optional<ResettingProxy> resetting) throws InterruptedException {
		List<String> all = new ArrayList<>();
		all.add("--kit.routes.mall-uri=http://127.0.0.1:" + proxyPort);
		all.add(NO_WARM_UP);
		all.addAll(arguments);
		long cutsBefore = resetting.map(ResettingProxy::cuts).orElse(0L);
		this.log.accept(
				"── " + fault.id() + ", " + setting + " setting: " + description + ", " + fault.rate() + " requests/s");
		ServiceProcess gateway = this.links
			.startGateways("gateway-" + setting, this.workspace.jar("gateway"),
					new GatewaySelection(Optional.empty(), Optional.empty()), 1, dir, List.of(), all)
			.get(0);
		NginxServer nginx = this.stack.startNginx("nginx-" + setting, NginxConfig.Variant.TUNED,
				List.of(new NginxConfig.Upstream("127.0.0.1", gateway.port())), dir.resolve("nginx-" + setting));
		List<RequestRecord> records;
		long from;
		long to;
		try {
			DemoLogins logins = DemoLogins.loggedIn(this.http, nginx.url(), this.workspace.demoUsersCsv(),
					this.options.users());
			try (OpenModelDriver load = new OpenModelDriver(nginx.url(), logins.productReads(),
					this.options.clientTimeout())) {
				load.start(fault.rate());
				Thread.sleep(WARM_UP.toMillis());
				from = System.currentTimeMillis();
				Thread.sleep(WINDOW.toMillis());
				to = System.currentTimeMillis();
				load.stop();
				if (!load.awaitAnswers(this.options.clientTimeout().plusSeconds(5))) {
					this.log.accept("warning: requests still unanswered past the client's timeout");
				}
				records = load.records();
			}
		}
		finally {
			this.stack.stop(nginx);
			this.stack.stop(gateway);
		}
		// Searched once the gateway has stopped: its file appender flushes on shutdown.
		LifecycleOutcome.Side side = LifecycleOutcome.Side.of(description, records, from, to,
				linesWith(dir, gateway.name(), fault.signature()));
		String cuts = resetting.map((proxy) -> ", " + (proxy.cuts() - cutsBefore) + " connections reset").orElse("");
		this.log.accept(fault.id() + ", " + setting + ": " + side.errors() + " of " + side.requests() + " failed, "
				+ side.signatureLines() + " log lines with '" + fault.signature() + "'" + cuts);
		return side;
	}

	/** The setting as the tables show it: the properties without their common prefix. */
	static String describe(List<String> arguments) {
		return arguments.isEmpty() ? "the template's defaults"
				: String.join(" ", arguments.stream()
					.map((a) -> a.replaceFirst("^--spring\\.cloud\\.gateway\\.server\\.webflux\\.httpclient\\.", ""))
					.toList());
	}

	/** Lines mentioning {@code text} in the gateway's log files ({@code name}*). */
	static long linesWith(Path dir, String name, String text) {
		try (Stream<Path> files = Files.list(dir)) {
			long lines = 0;
			for (Path file : files.filter((f) -> f.getFileName().toString().startsWith(name)).toList()) {
				try (Stream<String> content = Files.lines(file, StandardCharsets.UTF_8)) {
					lines += content.filter((line) -> line.contains(text)).count();
				}
			}
			return lines;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("could not read the gateway's log in " + dir, ex);
		}
	}

}
