package dev.gatewaykit.system;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The tests' HTTP client: HTTP/1.1 like the kit's load generator, a deadline on every
 * request, and JSON bodies parsed on demand.
 */
final class HttpJson {

	private static final Duration TIMEOUT = Duration.ofSeconds(10);

	private static final JsonMapper json = JsonMapper.builder().build();

	private final HttpClient client = HttpClient.newBuilder()
		.version(HttpClient.Version.HTTP_1_1)
		.connectTimeout(Duration.ofSeconds(2))
		.build();

	/** GET with optional header name/value pairs. */
	Response get(URI uri, String... headers) {
		return send(request(uri, headers).GET().build());
	}

	/** POST of a JSON body (a map, a record, …) with optional header name/value pairs. */
	Response postJson(URI uri, Object body, String... headers) {
		return send(request(uri, headers).header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(json.writeValueAsString(body)))
			.build());
	}

	/** Any method without a body, with optional header name/value pairs. */
	Response send(String method, URI uri, String... headers) {
		return send(request(uri, headers).method(method, HttpRequest.BodyPublishers.noBody()).build());
	}

	private static HttpRequest.Builder request(URI uri, String... headers) {
		HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(TIMEOUT);
		return (headers.length > 0) ? request.headers(headers) : request;
	}

	private Response send(HttpRequest request) {
		try {
			HttpResponse<String> response = this.client.send(request, HttpResponse.BodyHandlers.ofString());
			return new Response(request.method() + " " + request.uri(), response.statusCode(), response.headers(),
					response.body());
		}
		catch (IOException ex) {
			throw new IllegalStateException(request.method() + " " + request.uri() + " failed: " + ex, ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted", ex);
		}
	}

	/** One response; {@link #toString()} is what an assertion failure shows. */
	record Response(String request, int status, HttpHeaders headers, String body) {

		JsonNode json() {
			return json.readTree(this.body);
		}

		boolean isJson() {
			return this.headers.firstValue("Content-Type").filter((type) -> type.contains("json")).isPresent();
		}

		@Override
		public String toString() {
			return this.request + " -> " + this.status + " " + this.headers.map() + " " + this.body;
		}

	}

}
