package dev.gatewaykit.bench.load;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * A request file ({@code bench.requestFile}): the requests of a load and how it obtains
 * its token, for the common case that needs no Java. YAML, or JSON when the name ends in
 * {@code .json}:
 *
 * <pre>
 * token: kit-login            # the default; or none; or a login of your own (below)
 * requests:
 *   - name: product           # Gatling's name for it; default "METHOD path"
 *     method: GET             # the default
 *     path: /api/mall/products/{random:1..10000}
 *     headers: {X-Client: perf-kit}
 *     weight: 3               # chosen 3 times as often as a weight 1; the default is 1
 *   - name: search
 *     method: POST
 *     path: /api/mall/search
 *     body: '{"query": "item {random:1..500}"}'   # Content-Type: application/json unless set
 * </pre>
 *
 * A login of your own: {@code token: {method: POST, path: /login, headers: {...}, body:
 * '...', jsonPath: $.token, header: Authorization, prefix: "Bearer "}} — one login before
 * the load, whose token ({@code jsonPath} into its JSON answer) every request then
 * carries in {@code header} after {@code prefix} (those two are the defaults, as is
 * {@code POST}). Path, header values and bodies are {@link Template}s.
 * <p>
 * The whole file is read and checked before any load: a mistake fails with the file, the
 * field ({@code requests[1].method}) and what is allowed.
 *
 * @param file where it was read from
 * @param requests the load's requests, one chosen by weight per iteration
 * @param token how the load obtains its token
 */
public record RequestFile(Path file, List<Request> requests, Token token) {

	/** The methods a request may use. */
	public static final List<String> METHODS = List.of("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS");

	/**
	 * Names the kit gives its own requests, which a request file's would be merged with
	 * in Gatling's report.
	 */
	public static final List<String> RESERVED_NAMES = List.of("warm-up", "login");

	private static final List<String> TOP_KEYS = List.of("requests", "token");

	private static final List<String> REQUEST_KEYS = List.of("name", "method", "path", "headers", "body", "weight");

	private static final List<String> LOGIN_KEYS = List.of("method", "path", "headers", "body", "jsonPath", "header",
			"prefix");

	/** RFC 9110's token: what a header name is made of. */
	private static final Pattern HEADER_NAME = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+");

	public RequestFile {
		requests = List.copyOf(requests);
	}

	/**
	 * One request of the load.
	 *
	 * @param name its name in Gatling's report
	 * @param method upper case, one of {@link RequestFile#METHODS}
	 * @param path relative to {@code bench.baseUrl}
	 * @param headers by name, as written; a {@code Content-Type: application/json} added
	 * when there is a body without one
	 * @param body {@code null} for none
	 * @param weight its share of the load relative to the others
	 */
	public record Request(String name, String method, Template path, Map<String, Template> headers,
			@Nullable Template body, int weight) {

		/** Whether it sets {@code header} itself (header names ignore case). */
		public boolean sets(String header) {
			return hasHeader(this.headers, header);
		}

	}

	/**
	 * A login of the request file's own.
	 *
	 * @param method upper case
	 * @param path relative to {@code bench.baseUrl}
	 * @param headers as for a request
	 * @param body {@code null} for none
	 * @param jsonPath where the answer's JSON carries the token, e.g. {@code $.token}
	 */
	public record Login(String method, Template path, Map<String, Template> headers, @Nullable Template body,
			String jsonPath) {
	}

	/**
	 * How the load obtains its token, and where its requests carry it.
	 *
	 * @param source kit-login, none, or a login of its own
	 * @param login the login of its own; {@code null} otherwise
	 * @param header the request header that carries the token (unless a request sets it
	 * itself); empty for none
	 * @param prefix what precedes the token in that header
	 */
	public record Token(Source source, @Nullable Login login, String header, String prefix) {

		/** The kit's demo-user login, {@code Authorization: Bearer <token>}. */
		public static final Token KIT_LOGIN = new Token(Source.KIT_LOGIN, null, "Authorization", "Bearer ");

		/** No token: no login, no header, no {@code {token}}. */
		public static final Token NONE = new Token(Source.NONE, null, "", "");

		/** Where the token comes from. */
		public enum Source {

			/** The kit's demo users, each of {@code bench.loginPool} logging in once. */
			KIT_LOGIN,

			/** None. */
			NONE,

			/** One login of the request file's own. */
			LOGIN

		}

	}

	/**
	 * Reads and checks {@code file}.
	 * @throws IllegalArgumentException naming the file, the field and what is allowed
	 */
	public static RequestFile read(Path file) {
		String text;
		try {
			text = Files.readString(file, StandardCharsets.UTF_8);
		}
		catch (NoSuchFileException ex) {
			throw new IllegalArgumentException("request file not found: " + file.toAbsolutePath());
		}
		catch (IOException ex) {
			throw new IllegalArgumentException("request file " + file + ": cannot be read: " + ex.getMessage(), ex);
		}
		boolean json = file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".json");
		JsonNode root;
		try {
			root = mapper(json).readTree(text);
		}
		catch (JacksonException ex) {
			String where = (ex.getLocation() != null)
					? " at line " + ex.getLocation().getLineNr() + ", column " + ex.getLocation().getColumnNr() : "";
			throw new IllegalArgumentException("request file " + file + ": not valid " + (json ? "JSON" : "YAML")
					+ where + ": " + ex.getOriginalMessage(), ex);
		}
		return new Parser(file).file(root);
	}

	private static ObjectMapper mapper(boolean json) {
		// A key given twice is a mistake, not "the last one wins".
		return json ? JsonMapper.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build()
				: YAMLMapper.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
	}

	private static boolean hasHeader(Map<String, Template> headers, String header) {
		return headers.keySet().stream().anyMatch((name) -> name.equalsIgnoreCase(header));
	}

	/** Reads the tree, field by field, naming each in its errors. */
	private record Parser(Path file) {

		RequestFile file(@Nullable JsonNode root) {
			if (root == null || root.isMissingNode() || root.isNull()) {
				throw bad("", "is empty; it needs at least 'requests'");
			}
			keys(root, "", TOP_KEYS);
			Token token = token(root.get("token"));
			JsonNode list = root.get("requests");
			if (list == null || !list.isArray() || list.isEmpty()) {
				throw bad("requests",
						"must be a list of at least one request, each a mapping of " + String.join(", ", REQUEST_KEYS));
			}
			List<Request> requests = new ArrayList<>();
			Set<String> names = new HashSet<>();
			for (int i = 0; i < list.size(); i++) {
				String at = "requests[" + i + "]";
				Request request = request(list.get(i), at, token);
				if (!names.add(request.name())) {
					throw bad(at + ".name", "'" + request.name() + "' is the name of an earlier request too; "
							+ "Gatling's report would merge them");
				}
				requests.add(request);
			}
			return new RequestFile(this.file, requests, token);
		}

		private Request request(JsonNode node, String at, Token token) {
			keys(node, at, REQUEST_KEYS);
			String method = method(node.get("method"), at + ".method", "GET");
			Template path = path(node.get("path"), at + ".path");
			Map<String, Template> headers = headers(node.get("headers"), at + ".headers");
			Template body = optionalTemplate(node.get("body"), at + ".body");
			withJsonContentType(headers, body);
			int weight = weight(node.get("weight"), at + ".weight");
			String name = (node.get("name") != null) ? scalar(node.get("name"), at + ".name") : method + " " + path;
			if (name.isBlank() || RESERVED_NAMES.contains(name)) {
				throw bad(at + ".name", "'" + name + "' cannot name a request: blank, or one of the kit's own ("
						+ String.join(", ", RESERVED_NAMES) + ")");
			}
			if (token.source() == Token.Source.NONE) {
				noToken(path, at + ".path", "token is none");
				headers.forEach((header, value) -> noToken(value, at + ".headers." + header, "token is none"));
				noToken(body, at + ".body", "token is none");
			}
			return new Request(name, method, path, Collections.unmodifiableMap(headers), body, weight);
		}

		private Token token(@Nullable JsonNode node) {
			if (node == null) {
				return Token.KIT_LOGIN;
			}
			String allowed = "allowed: kit-login (the default), none, or a login: a mapping of "
					+ String.join(", ", LOGIN_KEYS);
			if (node.isString()) {
				return switch (node.stringValue()) {
					case "kit-login" -> Token.KIT_LOGIN;
					case "none" -> Token.NONE;
					default ->
						throw bad("token", "'" + node.stringValue() + "' is not a way to obtain a token; " + allowed);
				};
			}
			if (!node.isObject()) {
				throw bad("token", allowed);
			}
			keys(node, "token", LOGIN_KEYS);
			String method = method(node.get("method"), "token.method", "POST");
			Template path = path(node.get("path"), "token.path");
			Map<String, Template> headers = headers(node.get("headers"), "token.headers");
			Template body = optionalTemplate(node.get("body"), "token.body");
			withJsonContentType(headers, body);
			String because = "a login cannot use {token}: it is what the login obtains";
			noToken(path, "token.path", because);
			headers.forEach((header, value) -> noToken(value, "token.headers." + header, because));
			noToken(body, "token.body", because);
			JsonNode jsonPathNode = node.get("jsonPath");
			if (jsonPathNode == null) {
				throw bad("token.jsonPath",
						"is missing: where the login's JSON answer carries the token, e.g. $.token");
			}
			String jsonPath = scalar(jsonPathNode, "token.jsonPath");
			if (!jsonPath.startsWith("$")) {
				throw bad("token.jsonPath", "must start with $ (e.g. $.token), was '" + jsonPath + "'");
			}
			String header = (node.get("header") != null)
					? headerName(scalar(node.get("header"), "token.header"), "token.header") : "Authorization";
			String prefix = (node.get("prefix") != null) ? scalar(node.get("prefix"), "token.prefix") : "Bearer ";
			return new Token(Token.Source.LOGIN,
					new Login(method, path, Collections.unmodifiableMap(headers), body, jsonPath), header, prefix);
		}

		private void keys(JsonNode node, String at, List<String> allowed) {
			if (!node.isObject()) {
				throw bad(at, "must be a mapping of " + String.join(", ", allowed));
			}
			for (String key : node.propertyNames()) {
				if (!allowed.contains(key)) {
					throw bad(at, "unknown key '" + key + "'; allowed: " + String.join(", ", allowed));
				}
			}
		}

		private String method(@Nullable JsonNode node, String at, String fallback) {
			if (node == null) {
				return fallback;
			}
			String method = scalar(node, at).toUpperCase(Locale.ROOT);
			if (!METHODS.contains(method)) {
				throw bad(at,
						"'" + node.asString() + "' is not an HTTP method; allowed: " + String.join(", ", METHODS));
			}
			return method;
		}

		private Template path(@Nullable JsonNode node, String at) {
			if (node == null) {
				throw bad(at, "is missing: the request's path, e.g. /api/mall/products/{random:1..10000}");
			}
			Template path = template(scalar(node, at), at);
			if (!path.toString().startsWith("/")) {
				throw bad(at, "must start with / (it is relative to bench.baseUrl), was '" + path + "'");
			}
			return path;
		}

		/** In the order written; a map the caller may still add to. */
		private Map<String, Template> headers(@Nullable JsonNode node, String at) {
			Map<String, Template> headers = new LinkedHashMap<>();
			if (node == null) {
				return headers;
			}
			if (!node.isObject()) {
				throw bad(at, "must be a mapping of header names to values");
			}
			for (Map.Entry<String, JsonNode> header : node.properties()) {
				String name = headerName(header.getKey(), at);
				if (hasHeader(headers, name)) {
					throw bad(at, "'" + name + "' is given twice (header names ignore case)");
				}
				headers.put(name, template(scalar(header.getValue(), at + "." + name), at + "." + name));
			}
			return headers;
		}

		private String headerName(String name, String at) {
			if (!HEADER_NAME.matcher(name).matches()) {
				throw bad(at, "'" + name + "' is not a header name (letters, digits and !#$%&'*+.^_`|~-)");
			}
			return name;
		}

		private static void withJsonContentType(Map<String, Template> headers, @Nullable Template body) {
			if (body != null && !hasHeader(headers, "Content-Type")) {
				headers.put("Content-Type", Template.parse("application/json"));
			}
		}

		private int weight(@Nullable JsonNode node, String at) {
			if (node == null) {
				return 1;
			}
			if (!node.isIntegralNumber() || !node.canConvertToInt() || node.intValue() < 1) {
				throw bad(at, "must be a whole number of at least 1, was " + node);
			}
			return node.intValue();
		}

		private @Nullable Template optionalTemplate(@Nullable JsonNode node, String at) {
			return (node != null) ? template(scalar(node, at), at) : null;
		}

		private Template template(String text, String at) {
			try {
				return Template.parse(text);
			}
			catch (IllegalArgumentException ex) {
				throw bad(at, ex.getMessage());
			}
		}

		private void noToken(@Nullable Template template, String at, String because) {
			if (template != null && template.usesToken()) {
				throw bad(at, "uses {token}, but " + because);
			}
		}

		/** A string, number or boolean, as text: {@code X-Version: 2} is a header too. */
		private String scalar(JsonNode node, String at) {
			if (!node.isValueNode() || node.isNull()) {
				throw bad(at,
						"must be a single value (a string), was " + node.getNodeType().name().toLowerCase(Locale.ROOT));
			}
			return node.asString();
		}

		private IllegalArgumentException bad(String at, String problem) {
			return new IllegalArgumentException(
					"request file " + this.file + ": " + (at.isEmpty() ? "" : at + ": ") + problem);
		}

	}

}
