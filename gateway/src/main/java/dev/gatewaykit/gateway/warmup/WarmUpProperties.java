package dev.gatewaykit.gateway.warmup;

import java.time.Duration;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The warm-up a gateway runs against its own port before its readiness probe says yes
 * ({@link SelfWarmUp}).
 *
 * @param enabled whether it runs; the naive profile turns it off (the incident's gateway
 * had none)
 * @param requests how many requests it sends at least; then on until the JIT compiles for
 * less than a tenth of a second a second
 * @param concurrency how many it keeps in flight
 * @param timeout the longest it sends requests, whatever is left; the answers then in
 * flight may take 2 s more, and the login before and the revocation after 5 s each. On
 * the 2-core reference machine the JIT settles after 45–55 s; stopped at 30 s, it kept
 * compiling for half a minute under the first load, on cores the requests needed
 * (docs/overload.md, "What a cold start's CPU goes to")
 * @param path what it asks for: a protected route's cheap read
 * @param username a warm-up account's, to log in with through the gateway's own login
 * route: each request then goes the whole way (session, relay call, upstream). Without
 * one, each goes as far as a session lookup and its 401
 * @param password that account's password; give both or neither
 * @param newConnectionEvery every how many requests one asks for its connection to be
 * closed after its answer ({@code Connection: close}), so that the next opens a new one;
 * 0 never. Without it the warm-up opens only its few connections, so the code that opens
 * them (the server's accept and channel set-up, the client's connect) is still
 * interpreted when the first real traffic opens hundreds at once
 */
@Validated
@ConfigurationProperties("kit.gateway.warm-up")
public record WarmUpProperties(@DefaultValue("true") boolean enabled, @DefaultValue("10000") @Min(1) int requests,
		@DefaultValue("32") @Min(1) int concurrency, @DefaultValue("60s") @NotNull Duration timeout,
		@DefaultValue("/api/mall/products/1") @NotBlank String path, @Nullable String username,
		@Nullable String password, @DefaultValue("10") @Min(0) int newConnectionEvery) {

	public WarmUpProperties {
		if (timeout.isNegative() || timeout.isZero()) {
			throw new IllegalArgumentException("kit.gateway.warm-up.timeout must be positive, was " + timeout);
		}
		if ((username == null || username.isBlank()) != (password == null || password.isBlank())) {
			throw new IllegalArgumentException(
					"kit.gateway.warm-up.username and kit.gateway.warm-up.password go together: give both or neither");
		}
		if (!path.startsWith("/")) {
			throw new IllegalArgumentException("kit.gateway.warm-up.path must start with '/', was '" + path + "'");
		}
	}

	/** Its settings, the password left out. */
	@Override
	public String toString() {
		return "WarmUpProperties[enabled=" + this.enabled + ", requests=" + this.requests + ", concurrency="
				+ this.concurrency + ", timeout=" + this.timeout + ", path=" + this.path + ", username=" + this.username
				+ ", password=" + ((this.password == null) ? "none" : "(hidden)") + ", newConnectionEvery="
				+ this.newConnectionEvery + "]";
	}

	/** Whether the warm-up's request number {@code n} (from 0) closes its connection. */
	public boolean closesConnection(long n) {
		return this.newConnectionEvery > 0 && n % this.newConnectionEvery == this.newConnectionEvery - 1;
	}

	/** Whether a warm-up account was given. */
	public boolean account() {
		return this.username != null && !this.username.isBlank();
	}

}
