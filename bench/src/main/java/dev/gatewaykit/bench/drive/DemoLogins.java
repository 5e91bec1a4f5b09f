package dev.gatewaykit.bench.drive;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import tools.jackson.databind.JsonNode;

import dev.gatewaykit.bench.model.BenchJson;
import dev.gatewaykit.launcher.DemoUser;
import dev.gatewaykit.launcher.HttpAnswer;
import dev.gatewaykit.launcher.RunFailedException;

/**
 * The load's tokens: the first demo users of auth-service's CSV log in through nginx and
 * the gateway, as the Gatling scenario's login does ({@code POST /api/auth/oauth/token},
 * the token in {@code access_token}). Logging in again is what a client does once its
 * session is gone (after a Redis crash).
 */
public final class DemoLogins {

	public static final String LOGIN_PATH = "/api/auth/oauth/token";

	/** How long the demo users' logins may take. */
	public static final Duration DEADLINE = Duration.ofSeconds(30);

	private final HttpClient http;

	private final URI base;

	private final List<DemoUser> users;

	private volatile List<String> tokens = List.of();

	public DemoLogins(HttpClient http, URI base, Path usersCsv, int count) {
		this.http = http;
		this.base = base;
		this.users = DemoUser.read(usersCsv, count);
		if (this.users.isEmpty()) {
			throw new RunFailedException(usersCsv + " lists no demo users");
		}
	}

	/**
	 * The first {@code count} demo users, logged in through {@code base} (each retried
	 * until {@link #DEADLINE}).
	 */
	public static DemoLogins loggedIn(HttpClient http, URI base, Path usersCsv, int count) {
		DemoLogins logins = new DemoLogins(http, base, usersCsv, count);
		logins.login(DEADLINE);
		return logins;
	}

	/**
	 * The kit's load: product pages read as these users, their tokens read per request (a
	 * later {@link #login} renews them).
	 */
	public LoadRequests productReads() {
		return LoadRequests.products(this::tokens, OpenModelDriver.DEMO_PRODUCTS);
	}

	/** The tokens of the last login. */
	public List<String> tokens() {
		return this.tokens;
	}

	/**
	 * Logs every user in, each retried until {@code deadline} (a gateway just restarted,
	 * or a login rate limit, may refuse the first tries), and replaces the tokens at
	 * once.
	 */
	public void login(Duration deadline) {
		long end = System.nanoTime() + deadline.toNanos();
		List<String> fresh = new ArrayList<>();
		for (DemoUser user : this.users) {
			fresh.add(login(user, end));
		}
		this.tokens = List.copyOf(fresh);
	}

	private String login(DemoUser user, long end) {
		HttpRequest request = HttpRequest.newBuilder(this.base.resolve(LOGIN_PATH))
			.timeout(Duration.ofSeconds(10))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(BenchJson.write(user)))
			.build();
		HttpAnswer answer;
		do {
			answer = HttpAnswer.send(this.http, request);
			if (answer.ok()) {
				JsonNode token = BenchJson.mapper().readTree(answer.body()).path("access_token");
				if (token.isString() && !token.asString().isEmpty()) {
					return token.asString();
				}
			}
			pause();
		}
		while (System.nanoTime() < end);
		throw new RunFailedException(
				"demo user " + user.username() + " could not log in via " + LOGIN_PATH + ": " + answer.describe());
	}

	private static void pause() {
		try {
			Thread.sleep(250);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new RunFailedException("interrupted", ex);
		}
	}

}
