package dev.gatewaykit.bench.cli;

import java.util.List;

import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;

/**
 * What bench, sweep and ablate share: the load (closed or open model, its length and
 * warm-up, what it sends), the links' latencies, the stack around the gateway and the
 * diagnostics. Each command states its own defaults where they differ from the bench's. A
 * picocli argument group, for its heading in each command's help; it does not constrain
 * the options ({@code validate = false}), {@code BenchOptions} checks them.
 */
public final class LoadOptionGroup {

	@Option(names = "--users", paramLabel = "N",
			description = "closed model: concurrent virtual users looping (default 150: the incident's 75 TPS at 2 s "
					+ "each is 150 requests in flight)")
	@Nullable String users;

	@Option(names = "--rate", paramLabel = "R",
			description = "open model instead: constant arrival rate, requests/s (not with --users)")
	@Nullable String rate;

	@Option(names = "--honour-retry-after",
			description = "closed model: a user answered 429 or 503 with Retry-After waits that long before its next "
					+ "request, as a polite client does (default: it loops at once, as JMeter's and Gatling's users do)")
	boolean honourRetryAfter;

	@Option(names = "--duration", paramLabel = "S", description = "measured window in seconds (default 60; --quick 15)")
	@Nullable String duration;

	@Option(names = "--warmup", paramLabel = "auto|S",
			description = "warm-up, excluded from the figures: auto (default) runs until the mean throughput of the "
					+ "last 10 s is within 5 %% of the 10 s before (at least 20 s), or S seconds exactly")
	@Nullable String warmup;

	@Option(names = "--max-warmup", paramLabel = "S",
			description = "the longest an auto warm-up may run; the report says when it ran out (default 150; --quick "
					+ "40, whose figures are for smoke tests, not for quoting)")
	@Nullable String maxWarmup;

	@Option(names = "--redis-latency", paramLabel = "MS",
			description = "latency toxiproxy adds per round trip on the gateway → Redis link (default 1)")
	@Nullable String redisLatency;

	@Option(names = "--auth-latency", paramLabel = "MS",
			description = "latency per round trip on the gateway → auth-service link (default 50)")
	@Nullable String authLatency;

	@Option(names = "--discovery", paramLabel = "static|nacos",
			description = "how the gateway finds auth-service and mall-api: static URLs (default), or rnacos (a Nacos "
					+ "server, started too; built once with cargo if missing) with lb:// routes and the gateway's "
					+ "mode in Nacos config gateway.yaml")
	@Nullable String discovery;

	@Option(names = "--ceiling",
			description = "also measure nginx → mall-api without the gateway for 20 s (the bench's default, off with "
					+ "--quick)")
	boolean ceiling;

	@Option(names = "--no-ceiling", description = "do not measure the ceiling")
	boolean noCeiling;

	@Option(names = "--profile", paramLabel = "off|cpu|wall|alloc",
			description = "a flame graph of each mode's measured window (async-profiler attached to the gateway for "
					+ "the window only; default wall, off with --quick)")
	@Nullable String profile;

	@Option(names = "--blockhound",
			description = "BlockHound in the gateway, recording (not throwing): the report lists each blocking call "
					+ "on an event loop in the window, its call site and count")
	boolean blockHound;

	@Option(names = "--quick", description = "short run for CI")
	boolean quick;

	@Option(names = "--out", paramLabel = "DIR", description = "where results go (default target/kit/<timestamp>)")
	@Nullable String out;

	@Option(names = "--gateway-arg", paramLabel = "ARG",
			description = "one more argument for the gateway, the kit's or yours (repeatable), e.g. "
					+ "--gateway-arg=--spring.cloud.gateway.server.webflux.default-filters[0]=Audit=blocking")
	@Nullable List<String> gatewayArgs;

	@Option(names = "--request-file", paramLabel = "FILE",
			description = "what the load sends: a YAML request file (requests: method, path template, headers, body, "
					+ "weight; and how to obtain a token, the kit's login by default); see gatling/README.md")
	@Nullable String requestFile;

	@Option(names = "--simulation", paramLabel = "CLASS",
			description = "your Gatling simulation (extends KitSimulation), compiled in gatling/src/test or on "
					+ "--simulation-classpath")
	@Nullable String simulation;

	@Option(names = "--simulation-classpath", paramLabel = "DIR|JAR",
			description = "where your simulation is compiled (repeatable)")
	@Nullable List<String> simulationClassPath;

}
