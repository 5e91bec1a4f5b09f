package dev.gatewaykit.bench.run;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

import tools.jackson.core.JacksonException;

import dev.gatewaykit.bench.analysis.flip.FlipEvent;
import dev.gatewaykit.bench.model.BenchJson;
import dev.gatewaykit.bench.model.PhaseFile;
import dev.gatewaykit.common.mode.ExecutionMode;
import dev.gatewaykit.launcher.HttpAnswer;
import dev.gatewaykit.launcher.KitHttp;
import dev.gatewaykit.launcher.nacos.NacosClient;
import dev.gatewaykit.launcher.stack.ManagementAccess;

/**
 * Switches the execution mode of running gateways at a chosen second of the measured
 * window, and records when the switch was asked for and when every gateway confirmed it
 * ({@link FlipEvent}). Nothing is assumed: the mode before is read from each gateway (as
 * soon as the window's timing is known, since on a blocking gateway that read itself
 * waits for a busy event loop), and the switch counts only once each gateway's
 * {@code GET /actuator/kit} reports the new mode.
 * <p>
 * Two ways to ask, as the design's runtime-config contract describes:
 * {@link Via#ACTUATOR} posts {@code {"mode":"reactive"}} to each gateway's
 * {@code /actuator/kit} (management port, which no route exposes); {@link Via#NACOS}
 * publishes {@code kit.gateway.mode: reactive} as Nacos config {@code gateway.yaml} and
 * lets every gateway pick it up from its config listener.
 */
public final class ModeFlipper {

	/**
	 * The Nacos config every gateway listens to (design.md, "Discovery and runtime
	 * config").
	 */
	public static final String DATA_ID = NacosClient.GATEWAY_DATA_ID;

	public static final String GROUP = NacosClient.GROUP;

	private static final Duration POLL = Duration.ofMillis(50);

	/**
	 * For the check before the switch. The management port shares Reactor Netty's event
	 * loops with the proxy, so on a blocking gateway even {@code GET /actuator/kit} waits
	 * for a loop, seconds under load; nginx gives up on proxied requests after 20 s.
	 */
	private static final Duration CHECK_TIMEOUT = Duration.ofSeconds(30);

	/** How the switch is asked for. */
	public enum Via {

		ACTUATOR, NACOS;

		public String id() {
			return name().toLowerCase(Locale.ROOT);
		}

		public static Via fromName(String name) {
			return switch (name.trim().toLowerCase(Locale.ROOT)) {
				case "actuator" -> ACTUATOR;
				case "nacos" -> NACOS;
				default ->
					throw new IllegalArgumentException("unknown --via '" + name + "': expected actuator or nacos");
			};
		}

	}

	/**
	 * What to do.
	 *
	 * @param dir the mode's run directory: {@code phase.json} is awaited there,
	 * {@code flip.json} written there
	 * @param atSeconds seconds into the measured window
	 * @param from the mode the gateways must be in
	 * @param to the mode to switch to
	 * @param via how to ask
	 * @param managementUrls each gateway's actuator base, e.g.
	 * {@code http://127.0.0.1:8081/actuator}
	 * @param nacosUrl the Nacos server, e.g. {@code http://127.0.0.1:8848}; needed for
	 * {@link Via#NACOS}
	 * @param phaseTimeout how long to wait for the simulation's {@code phase.json}
	 * @param confirmTimeout how long every gateway has to report the new mode
	 * @param management the credentials of the gateways' management writes, sent with
	 * {@link Via#ACTUATOR}'s {@code POST}
	 */
	public record Plan(Path dir, double atSeconds, ExecutionMode from, ExecutionMode to, Via via,
			List<URI> managementUrls, URI nacosUrl, Duration phaseTimeout, Duration confirmTimeout,
			Optional<ManagementAccess> management) {

		public Plan {
			managementUrls = List.copyOf(managementUrls);
			if (managementUrls.isEmpty()) {
				throw new IllegalArgumentException("at least one gateway management URL is needed");
			}
			if (via == Via.NACOS && nacosUrl == null) {
				throw new IllegalArgumentException("--via nacos needs the Nacos server's URL");
			}
			if (from == to) {
				throw new IllegalArgumentException(
						"the switch must change the mode (" + from.id() + " → " + to.id() + ")");
			}
		}

	}

	/** Waits; tests pass one that advances a fake clock. */
	@FunctionalInterface
	public interface Sleeper {

		void sleep(Duration duration) throws InterruptedException;

	}

	private final HttpClient http;

	private final LongSupplier clock;

	private final Sleeper sleeper;

	public ModeFlipper(HttpClient http, LongSupplier clock, Sleeper sleeper) {
		this.http = http;
		this.clock = clock;
		this.sleeper = sleeper;
	}

	/** The real thing: the system clock and {@link Thread#sleep}. */
	public static ModeFlipper create() {
		HttpClient http = KitHttp.client();
		return new ModeFlipper(http, System::currentTimeMillis, (duration) -> Thread.sleep(duration.toMillis()));
	}

	/**
	 * Waits for the window, switches, waits for the confirmation and writes
	 * {@code flip.json}.
	 * @return what happened; {@link FlipEvent#confirmed()} says whether it worked
	 */
	public FlipEvent flip(Plan plan) throws IOException, InterruptedException {
		FlipEvent event = run(plan);
		BenchJson.write(plan.dir().resolve(FlipEvent.FILE), event);
		return event;
	}

	private FlipEvent run(Plan plan) throws InterruptedException {
		Long windowStart = awaitWindowStart(plan);
		if (windowStart == null) {
			return failed(plan, null, null, List.of(), "the simulation wrote no phase.json in "
					+ plan.phaseTimeout().toSeconds() + " s: the browsing phase never started");
		}
		// Checked while the switch is still ahead: on a blocking gateway the check itself
		// takes seconds.
		Map<URI, String> before = new LinkedHashMap<>();
		for (URI url : plan.managementUrls()) {
			String mode = modeOf(url, CHECK_TIMEOUT);
			before.put(url, mode);
			if (!plan.from().id().equals(mode)) {
				return failed(plan, windowStart, null, instances(before, before, Map.of()), "gateway " + url
						+ " is in mode " + mode + ", not " + plan.from().id() + ": nothing was switched");
			}
		}
		long at = windowStart + Math.round(plan.atSeconds() * 1000);
		sleepUntil(at);

		long requestedAt = this.clock.getAsLong();
		String refused = request(plan);
		if (refused != null) {
			return failed(plan, windowStart, requestedAt, instances(before, before, Map.of()), refused);
		}

		Map<URI, String> after = new LinkedHashMap<>(before);
		Map<URI, Long> confirmed = new LinkedHashMap<>();
		long deadline = requestedAt + plan.confirmTimeout().toMillis();
		while (true) {
			for (URI url : plan.managementUrls()) {
				if (!confirmed.containsKey(url)) {
					String mode = modeOf(url, plan.confirmTimeout());
					after.put(url, mode);
					if (plan.to().id().equals(mode)) {
						confirmed.put(url, this.clock.getAsLong());
					}
				}
			}
			if (confirmed.size() == plan.managementUrls().size()) {
				long last = confirmed.values().stream().mapToLong(Long::longValue).max().orElseThrow();
				return new FlipEvent(FlipEvent.SCHEMA, plan.from().id(), plan.to().id(), plan.via().id(),
						plan.atSeconds(), windowStart, requestedAt, last, instances(before, after, confirmed), null);
			}
			if (this.clock.getAsLong() >= deadline) {
				String pending = plan.managementUrls()
					.stream()
					.filter((url) -> !confirmed.containsKey(url))
					.map((url) -> url + " still reports " + after.get(url))
					.collect(Collectors.joining("; "));
				return failed(plan, windowStart, requestedAt, instances(before, after, confirmed),
						"not confirmed within " + plan.confirmTimeout().toSeconds() + " s of the request: " + pending);
			}
			this.sleeper.sleep(POLL);
		}
	}

	/**
	 * The window's start from {@code phase.json}, or {@code null} when it did not appear
	 * in time.
	 */
	private Long awaitWindowStart(Plan plan) throws InterruptedException {
		long deadline = this.clock.getAsLong() + plan.phaseTimeout().toMillis();
		while (true) {
			Optional<PhaseFile> phase = PhaseFile.read(plan.dir());
			if (phase.isPresent()) {
				return phase.get().windowStartEpochMs();
			}
			if (this.clock.getAsLong() >= deadline) {
				return null;
			}
			this.sleeper.sleep(Duration.ofMillis(100));
		}
	}

	private void sleepUntil(long epochMs) throws InterruptedException {
		long remaining = epochMs - this.clock.getAsLong();
		if (remaining > 0) {
			this.sleeper.sleep(Duration.ofMillis(remaining));
		}
	}

	/**
	 * Asks for the switch; {@code null} when every request was accepted, else why not. A
	 * request is given the confirmation's whole time: a blocking gateway serves its
	 * management port from the same busy event loops.
	 */
	private String request(Plan plan) {
		if (plan.via() == Via.ACTUATOR) {
			for (URI url : plan.managementUrls()) {
				HttpRequest.Builder builder = HttpRequest.newBuilder(kit(url))
					.timeout(plan.confirmTimeout())
					.header("Content-Type", "application/json")
					.POST(HttpRequest.BodyPublishers.ofString("{\"mode\":\"" + plan.to().id() + "\"}"));
				plan.management().ifPresent((access) -> builder.header("Authorization", access.authorization()));
				HttpRequest post = builder.build();
				HttpAnswer answer = send(post);
				if (answer.status() != 200) {
					return "POST " + post.uri() + " answered " + answer.describe();
				}
				String previous = field(answer.body(), "previous");
				if (!plan.from().id().equals(previous)) {
					return "POST " + post.uri() + " switched from " + previous + ", not from " + plan.from().id();
				}
			}
			return null;
		}
		try {
			new NacosClient(this.http, plan.nacosUrl()).publishYaml(DATA_ID, "kit.gateway.mode: " + plan.to().id(),
					plan.confirmTimeout());
		}
		catch (NacosClient.NacosException ex) {
			return ex.getMessage();
		}
		return null;
	}

	/**
	 * The mode {@code GET /actuator/kit} reports, or a description of why there is none.
	 */
	private String modeOf(URI managementUrl, Duration timeout) {
		HttpRequest get = HttpRequest.newBuilder(kit(managementUrl)).timeout(timeout).GET().build();
		HttpAnswer answer = send(get);
		if (answer.status() != 200) {
			return "unknown (" + answer.describe() + ")";
		}
		return field(answer.body(), "mode");
	}

	/** A text field of a JSON object, or a description of why there is none. */
	private static String field(String json, String name) {
		try {
			String value = BenchJson.mapper().readTree(json).path(name).asString("");
			return value.isEmpty() ? "unknown (no " + name + " in " + json + ")" : value;
		}
		catch (JacksonException ex) {
			return "unknown (not JSON: " + json + ")";
		}
	}

	private HttpAnswer send(HttpRequest request) {
		return HttpAnswer.send(this.http, request);
	}

	private FlipEvent failed(Plan plan, Long windowStart, Long requestedAt, List<FlipEvent.Instance> instances,
			String error) {
		return new FlipEvent(FlipEvent.SCHEMA, plan.from().id(), plan.to().id(), plan.via().id(), plan.atSeconds(),
				windowStart, requestedAt, null, instances, error);
	}

	private static List<FlipEvent.Instance> instances(Map<URI, String> before, Map<URI, String> after,
			Map<URI, Long> confirmed) {
		List<FlipEvent.Instance> list = new ArrayList<>();
		before.forEach((url, mode) -> list
			.add(new FlipEvent.Instance(url.toString(), mode, after.get(url), confirmed.get(url))));
		return list;
	}

	private static URI kit(URI managementUrl) {
		String base = managementUrl.toString();
		return URI.create(base.endsWith("/") ? base + "kit" : base + "/kit");
	}

}
