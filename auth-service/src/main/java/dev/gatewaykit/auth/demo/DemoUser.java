package dev.gatewaykit.auth.demo;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.IntStream;

/**
 * A demo user: {@code user0001} with id {@code 1} and so on, each with a password of its
 * own derived from a seed.
 * <p>
 * Derived rather than random so that every run (and every machine with the same seed)
 * agrees on the credentials: the CSV can be written again for users seeded by an earlier
 * run without knowing their hashes. Not meant to be secret: anyone with the seed has
 * every password, which is fine for load-test accounts and nothing else.
 *
 * @param id the user's id
 * @param username the login name
 * @param password the plain password
 */
public record DemoUser(String id, String username, String password) {

	/** Every demo user role: the kit has no use for others. */
	static final List<String> ROLES = List.of("USER");

	/** The first {@code count} demo users for {@code seed}, in id order. */
	public static List<DemoUser> first(int count, String seed) {
		return IntStream.rangeClosed(1, count).mapToObj((number) -> of(number, seed)).toList();
	}

	static DemoUser of(int number, String seed) {
		String username = String.format("user%04d", number);
		return new DemoUser(String.valueOf(number), username, password(username, seed));
	}

	private static String password(String username, String seed) {
		try {
			byte[] digest = MessageDigest.getInstance("SHA-256")
				.digest((seed + ":" + username).getBytes(StandardCharsets.UTF_8));
			// 16 hex digits, 64 bits: plenty for a demo account, short enough to read in
			// the CSV.
			return "pw-" + HexFormat.of().formatHex(digest, 0, 8);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("SHA-256 is required by every JDK", ex);
		}
	}

	@Override
	public String toString() {
		return "DemoUser[id=" + this.id + ", username=" + this.username + ", password=***]";
	}

}
