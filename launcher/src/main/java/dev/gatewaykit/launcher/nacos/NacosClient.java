package dev.gatewaykit.launcher.nacos;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

import dev.gatewaykit.bench.model.BenchJson;
import dev.gatewaykit.launcher.HttpAnswer;
import dev.gatewaykit.launcher.KitHttp;

/**
 * The part of the Nacos v1 open API the kit uses: YAML configs in {@code DEFAULT_GROUP}
 * (publish, read, delete) and the healthy instances of a service. One client for
 * {@code ./kit}, the mode switch and the tests.
 */
public final class NacosClient {

	/**
	 * The config every gateway listens to in the nacos discovery mode (docs/design.md).
	 */
	public static final String GATEWAY_DATA_ID = "gateway.yaml";

	public static final String GROUP = "DEFAULT_GROUP";

	private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(5);

	private final HttpClient http;

	private final URI server;

	public NacosClient(HttpClient http, URI server) {
		this.http = http;
		this.server = server;
	}

	public static NacosClient of(URI server) {
		return new NacosClient(KitHttp.client(), server);
	}

	public URI server() {
		return this.server;
	}

	/**
	 * Publishes (creates or replaces) a YAML config.
	 * @throws NacosException when the server does not answer {@code true}
	 */
	public void publishYaml(String dataId, String content, Duration timeout) {
		Map<String, String> form = new LinkedHashMap<>();
		form.put("dataId", dataId);
		form.put("group", GROUP);
		form.put("type", "yaml");
		form.put("content", content);
		HttpRequest post = HttpRequest.newBuilder(uri("/nacos/v1/cs/configs"))
			.timeout(timeout)
			.header("Content-Type", "application/x-www-form-urlencoded")
			.POST(HttpRequest.BodyPublishers.ofString(form(form)))
			.build();
		HttpAnswer answer = send(post);
		if (answer.status() != 200 || !answer.body().trim().equals("true")) {
			throw new NacosException("publishing " + dataId + " to " + post.uri() + " answered " + answer.describe());
		}
	}

	/** The config's content, or empty when Nacos has none (404). */
	public Optional<String> read(String dataId) {
		HttpAnswer answer = send(HttpRequest.newBuilder(configUri(dataId)).timeout(REQUEST_TIMEOUT).GET().build());
		if (answer.status() == 404) {
			return Optional.empty();
		}
		if (answer.status() != 200) {
			throw new NacosException("reading " + dataId + " answered " + answer.describe());
		}
		return Optional.of(answer.body());
	}

	public void delete(String dataId) {
		HttpAnswer answer = send(HttpRequest.newBuilder(configUri(dataId)).timeout(REQUEST_TIMEOUT).DELETE().build());
		if (answer.status() != 200) {
			throw new NacosException("deleting " + dataId + " answered " + answer.describe());
		}
	}

	/**
	 * Publishes {@code content} (or, when empty, deletes the config) and waits until
	 * Nacos serves exactly that: a write it accepted is not yet one it applied.
	 */
	public void publishAndConfirm(String dataId, Optional<String> content, Duration timeout) {
		if (content.isPresent()) {
			publishYaml(dataId, content.get(), REQUEST_TIMEOUT);
		}
		else {
			delete(dataId);
		}
		if (!servesWithin(dataId, content, timeout)) {
			throw new NacosException("Nacos at " + this.server + " does not serve the " + dataId + " just "
					+ (content.isPresent() ? "published" : "deleted") + " within " + timeout.toSeconds() + " s");
		}
	}

	/**
	 * Whether Nacos serves exactly {@code content} for {@code dataId} (empty: none)
	 * before the timeout.
	 */
	public boolean servesWithin(String dataId, Optional<String> content, Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		do {
			try {
				if (read(dataId).equals(content)) {
					return true;
				}
			}
			catch (NacosException ex) {
				// not yet
			}
			pause(Duration.ofMillis(100));
		}
		while (System.nanoTime() < deadline);
		return false;
	}

	/** The ports of the healthy loopback instances of {@code service}. */
	public List<Integer> healthyLoopbackPorts(String service) {
		HttpAnswer answer = send(HttpRequest
			.newBuilder(uri("/nacos/v1/ns/instance/list?healthyOnly=true&serviceName=" + encode(service)))
			.timeout(REQUEST_TIMEOUT)
			.build());
		if (answer.status() != 200) {
			throw new NacosException("listing " + service + " answered " + answer.describe());
		}
		List<Integer> ports = new ArrayList<>();
		try {
			for (JsonNode host : BenchJson.mapper().readTree(answer.body()).path("hosts")) {
				if (host.path("healthy").asBoolean(false) && "127.0.0.1".equals(host.path("ip").asString(""))) {
					ports.add(host.path("port").asInt());
				}
			}
		}
		catch (JacksonException ex) {
			throw new NacosException("listing " + service + " answered no JSON: " + answer.body());
		}
		return ports;
	}

	/** Polls until every port is a healthy registered instance of {@code service}. */
	public void awaitRegistered(String service, List<Integer> ports, Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		List<Integer> missing = ports;
		while (System.nanoTime() < deadline) {
			try {
				List<Integer> registered = healthyLoopbackPorts(service);
				missing = ports.stream().filter((port) -> !registered.contains(port)).toList();
				if (missing.isEmpty()) {
					return;
				}
			}
			catch (NacosException ex) {
				// not yet
			}
			pause(Duration.ofMillis(500));
		}
		throw new NacosException(service + " on port(s) " + missing + " not registered in Nacos (" + this.server
				+ ") within " + timeout.toSeconds() + " s; see the services' logs");
	}

	private URI configUri(String dataId) {
		return uri("/nacos/v1/cs/configs?dataId=" + encode(dataId) + "&group=" + GROUP);
	}

	private URI uri(String pathAndQuery) {
		return this.server.resolve(pathAndQuery);
	}

	private HttpAnswer send(HttpRequest request) {
		return HttpAnswer.send(this.http, request);
	}

	private static void pause(Duration duration) {
		try {
			Thread.sleep(duration.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new NacosException("interrupted");
		}
	}

	private static String form(Map<String, String> fields) {
		return fields.entrySet()
			.stream()
			.map((field) -> encode(field.getKey()) + "=" + encode(field.getValue()))
			.collect(Collectors.joining("&"));
	}

	private static String encode(String value) {
		return URLEncoder.encode(value, StandardCharsets.UTF_8);
	}

	/**
	 * Nacos refused or did not answer; the message says which request and what came back.
	 */
	public static final class NacosException extends RuntimeException {

		public NacosException(String message) {
			super(message);
		}

	}

}
