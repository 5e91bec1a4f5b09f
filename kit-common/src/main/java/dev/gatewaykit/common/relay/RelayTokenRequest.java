package dev.gatewaykit.common.relay;

import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * Who the gateway wants a relay token for: the user of the session it has just checked.
 * Sent as {@code {"userId":"..","username":"..","roles":[..]}}.
 * <p>
 * The components are nullable because auth-service reads them from a request body it
 * cannot trust; {@link #missingFields()} says which are absent.
 *
 * @param userId the user's id
 * @param username the user's login name
 * @param roles the user's roles; may be empty but must be present
 */
public record RelayTokenRequest(@Nullable String userId, @Nullable String username, @Nullable List<String> roles) {

	/**
	 * The fields that are missing or blank, in declaration order; empty for a request a
	 * token can be signed for. Checked by hand rather than with Bean Validation: the
	 * endpoint is called once per proxied request, and three null checks are all it
	 * needs.
	 */
	public List<String> missingFields() {
		List<String> missing = new ArrayList<>(3);
		if (this.userId == null || this.userId.isBlank()) {
			missing.add("userId");
		}
		if (this.username == null || this.username.isBlank()) {
			missing.add("username");
		}
		if (this.roles == null || this.roles.stream().anyMatch((role) -> role == null || role.isBlank())) {
			missing.add("roles");
		}
		return missing;
	}

}
