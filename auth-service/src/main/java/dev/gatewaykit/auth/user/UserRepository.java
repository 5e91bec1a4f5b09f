package dev.gatewaykit.auth.user;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import reactor.core.publisher.Mono;

import dev.gatewaykit.auth.config.AuthProperties;

import org.springframework.data.redis.core.ReactiveHashOperations;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.stereotype.Repository;

/**
 * Users in Redis: one hash per user at {@code kit:user:{username}} with the fields
 * {@code id}, {@code passwordHash} and {@code roles} (comma-separated).
 */
@Repository
public class UserRepository {

	static final String KEY_PREFIX = "kit:user:";

	static final String ID = "id";

	static final String PASSWORD_HASH = "passwordHash";

	static final String ROLES = "roles";

	private final ReactiveStringRedisTemplate redis;

	private final ReactiveHashOperations<String, String, String> hashes;

	private final Duration timeout;

	public UserRepository(ReactiveStringRedisTemplate redis, AuthProperties properties) {
		this.redis = redis;
		this.hashes = redis.opsForHash();
		this.timeout = properties.redisTimeout();
	}

	/** The user with this name, or empty if there is none (or its hash lacks a field). */
	public Mono<UserAccount> findByUsername(String username) {
		return this.hashes.entries(key(username))
			.collectMap(Map.Entry::getKey, Map.Entry::getValue)
			.timeout(this.timeout)
			.flatMap((fields) -> Mono.justOrEmpty(toAccount(username, fields)));
	}

	public Mono<Boolean> exists(String username) {
		return this.redis.hasKey(key(username)).timeout(this.timeout);
	}

	public Mono<Void> save(UserAccount user) {
		Map<String, String> fields = Map.of(ID, user.id(), PASSWORD_HASH, user.passwordHash(), ROLES,
				String.join(",", user.roles()));
		return this.hashes.putAll(key(user.username()), fields).timeout(this.timeout).then();
	}

	static String key(String username) {
		return KEY_PREFIX + username;
	}

	private static Optional<UserAccount> toAccount(String username, Map<String, String> fields) {
		String id = fields.get(ID);
		String hash = fields.get(PASSWORD_HASH);
		if (id == null || hash == null) {
			return Optional.empty();
		}
		String roles = fields.getOrDefault(ROLES, "");
		List<String> roleList = roles.isBlank() ? List.of()
				: Arrays.stream(roles.split(",")).map(String::trim).toList();
		return Optional.of(new UserAccount(id, username, hash, roleList));
	}

}
