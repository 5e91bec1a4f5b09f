package dev.gatewaykit.auth.session;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

import dev.gatewaykit.auth.config.AuthProperties;
import dev.gatewaykit.auth.user.UserAccount;
import dev.gatewaykit.common.session.Session;
import dev.gatewaykit.common.session.SessionKeys;

import org.springframework.core.io.ClassPathResource;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;
import org.springframework.stereotype.Component;

/**
 * Login sessions where the gateway looks for them: {@link SessionKeys
 * kit:session:{reference}}, a JSON {@link Session} whose TTL is the idle timeout (the
 * gateway extends it on every request) and whose {@code expiresAt} is the absolute limit.
 * Each user's sessions are also listed by reference in {@value #USER_SESSIONS_PREFIX}
 * {@code {userId}}, written with the session, so that all of them can be revoked at once.
 * <p>
 * A value that is not a session (absent, not JSON, JSON {@code null}, a field missing) or
 * one past its {@code expiresAt} is no session: found as empty, never an error.
 */
@Component
public class SessionStore {

	/** The set of a user's session references. */
	public static final String USER_SESSIONS_PREFIX = "kit:user-sessions:";

	private static final Logger logger = LoggerFactory.getLogger(SessionStore.class);

	private static final RedisScript<Long> CREATE = RedisScript.of(new ClassPathResource("scripts/create-session.lua"),
			Long.class);

	private static final RedisScript<Long> REVOKE_ALL = RedisScript
		.of(new ClassPathResource("scripts/revoke-user-sessions.lua"), Long.class);

	private final ReactiveStringRedisTemplate redis;

	private final JsonMapper json;

	private final SessionTokenGenerator tokens;

	private final Clock clock;

	private final AuthProperties.Session settings;

	private final Duration timeout;

	public SessionStore(ReactiveStringRedisTemplate redis, JsonMapper json, SessionTokenGenerator tokens, Clock clock,
			AuthProperties properties) {
		this.redis = redis;
		this.json = json;
		this.tokens = tokens;
		this.clock = clock;
		this.settings = properties.session();
		this.timeout = properties.redisTimeout();
	}

	/**
	 * Stores a new session for {@code user}, indexed under the user, and emits its token.
	 */
	public Mono<String> create(UserAccount user) {
		return Mono.defer(() -> {
			long now = this.clock.millis();
			Session session = new Session(user.id(), user.username(), user.roles(), now,
					now + this.settings.maxLifetime().toMillis());
			String token = this.tokens.next();
			String reference = SessionKeys.reference(token);
			List<String> keys = List.of(SessionKeys.ofReference(reference), userSessionsKey(user.id()));
			List<String> args = List.of(this.json.writeValueAsString(session),
					String.valueOf(this.settings.idleTimeout().toMillis()),
					String.valueOf(this.settings.maxLifetime().toMillis()), reference, SessionKeys.PREFIX);
			return this.redis.execute(CREATE, keys, args).next().timeout(this.timeout).thenReturn(token);
		});
	}

	/**
	 * The live session with this {@link SessionKeys#reference reference}; empty if there
	 * is none, its value is not a session, or it is past its maximum lifetime.
	 */
	public Mono<Session> find(String reference) {
		return this.redis.opsForValue()
			.get(SessionKeys.ofReference(reference))
			.timeout(this.timeout)
			.flatMap((value) -> Mono.justOrEmpty(parse(value)))
			.filter((session) -> !session.isExpiredAt(Instant.ofEpochMilli(this.clock.millis())));
	}

	/**
	 * Deletes the session of this bearer token; emits whether there was a live one.
	 */
	public Mono<Boolean> revoke(String token) {
		String reference = SessionKeys.reference(token);
		return find(reference)
			.flatMap((session) -> this.redis.delete(SessionKeys.ofReference(reference))
				.then(this.redis.opsForSet().remove(userSessionsKey(session.userId()), reference))
				.timeout(this.timeout)
				.thenReturn(true))
			.defaultIfEmpty(false);
	}

	/**
	 * Deletes every session of the user whose bearer token this is; emits whether the
	 * token was a live session.
	 */
	public Mono<Boolean> revokeAll(String token) {
		String reference = SessionKeys.reference(token);
		return find(reference)
			.flatMap((session) -> this.redis
				.execute(REVOKE_ALL, List.of(userSessionsKey(session.userId())), List.of(SessionKeys.PREFIX, reference))
				.next()
				.timeout(this.timeout)
				.thenReturn(true))
			.defaultIfEmpty(false);
	}

	/**
	 * How long a new session lives without use: what a token response reports as
	 * {@code expires_in}.
	 */
	public Duration idleTimeout() {
		return this.settings.idleTimeout();
	}

	static String userSessionsKey(String userId) {
		return USER_SESSIONS_PREFIX + userId;
	}

	private Optional<Session> parse(String value) {
		try {
			// JSON null parses to null: no session either.
			return Optional.ofNullable(this.json.readValue(value, Session.class));
		}
		catch (RuntimeException ex) {
			// Not JSON, or not a session's shape (Jackson's exceptions are unchecked).
			logger.debug("Ignoring a session value that is not a session: {}", ex.toString());
			return Optional.empty();
		}
	}

}
