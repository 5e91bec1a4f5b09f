package dev.gatewaykit.bench.simulation;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.http.HttpDsl.http;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

import org.jspecify.annotations.Nullable;

import dev.gatewaykit.bench.load.RequestFile;
import dev.gatewaykit.bench.load.Template;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.http.Http;
import io.gatling.javaapi.http.HttpRequestActionBuilder;

/**
 * The load a request file describes ({@code bench.requestFile}, see {@link RequestFile}):
 * its token obtained first, then its requests, one per iteration chosen by weight, each
 * placeholder filled in per request. Measured like any {@link KitSimulation}.
 */
public class RequestFileSimulation extends KitSimulation {

	private final TokenPool tokens = new TokenPool();

	private @Nullable RequestFile file;

	@Override
	protected List<MeasuredRequest> requests() {
		RequestFile file = file();
		return file.requests()
			.stream()
			.map((request) -> new MeasuredRequest(request.name(), request.weight(),
					(name) -> build(request, name, file.token())))
			.toList();
	}

	@Override
	protected @Nullable PopulationBuilder setup() {
		RequestFile.Token token = file().token();
		TokenLogin login = new TokenLogin(settings(), recorder(), this.tokens);
		return switch (token.source()) {
			case KIT_LOGIN -> login.demoUsers();
			case LOGIN -> login.once(login(token.login()), token.login().jsonPath());
			case NONE -> null;
		};
	}

	@Override
	protected String describe() {
		return "request file " + file().file();
	}

	/**
	 * Read once, when the hooks first need it: Gatling reports a failure before any load.
	 */
	private RequestFile file() {
		if (this.file == null) {
			Path path = settings().requestFile();
			if (path == null) {
				throw new IllegalArgumentException(
						"RequestFileSimulation needs a request file: -Dbench.requestFile=PATH (gatling/README.md)");
			}
			this.file = RequestFile.read(path);
		}
		return this.file;
	}

	private HttpRequestActionBuilder build(RequestFile.Request request, String name, RequestFile.Token token) {
		HttpRequestActionBuilder http = send(http(name), request.method(), request.path(), request.headers(),
				request.body());
		if (token.source() != RequestFile.Token.Source.NONE && !request.sets(token.header())) {
			http = http.header(token.header(), (session) -> token.prefix() + token(session));
		}
		return http;
	}

	private HttpRequestActionBuilder login(RequestFile.Login login) {
		return send(http(TokenLogin.LOGIN), login.method(), login.path(), login.headers(), login.body());
	}

	private HttpRequestActionBuilder send(Http http, String method, Template path, Map<String, Template> headers,
			@Nullable Template body) {
		HttpRequestActionBuilder request = http.httpRequest(method, (session) -> expand(path, session));
		for (Map.Entry<String, Template> header : headers.entrySet()) {
			request = request.header(header.getKey(), (session) -> expand(header.getValue(), session));
		}
		return (body != null) ? request.body(StringBody((session) -> expand(body, session))) : request;
	}

	private String expand(Template template, Session session) {
		return template.expand(ThreadLocalRandom.current(), template.usesToken() ? token(session) : null);
	}

	/** The virtual user's token, round-robin over those the setup obtained. */
	private String token(Session session) {
		return this.tokens.forUser(session.userId());
	}

}
