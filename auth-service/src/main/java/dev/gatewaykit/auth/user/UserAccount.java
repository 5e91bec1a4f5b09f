package dev.gatewaykit.auth.user;

import java.util.List;
import java.util.Objects;

/**
 * A user as stored in the {@code kit:user:{username}} hash.
 *
 * @param id the user's id, as a string (the gateway and mall-api never do arithmetic on
 * it)
 * @param username the login name
 * @param passwordHash the BCrypt hash of the password
 * @param roles the roles, without a {@code ROLE_} prefix
 */
public record UserAccount(String id, String username, String passwordHash, List<String> roles) {

	public UserAccount {
		Objects.requireNonNull(id, "id");
		Objects.requireNonNull(username, "username");
		Objects.requireNonNull(passwordHash, "passwordHash");
		roles = List.copyOf(roles);
	}

}
