package dev.gatewaykit.auth.relay;

import java.util.ArrayList;
import java.util.List;

import dev.gatewaykit.auth.web.InvalidRequestException;

/**
 * Who the gateway wants a relay token for: the user of the session it has just checked.
 *
 * @param userId the user's id
 * @param username the user's login name
 * @param roles the user's roles; may be empty but must be present
 */
public record RelayTokenRequest(String userId, String username, List<String> roles) {

	/**
	 * Refuses a request with a missing field, naming all of them. Checked by hand rather than with Bean Validation:
	 * this endpoint is called once per proxied request, and three null checks are all it needs.
	 */
	RelayTokenRequest validated() {
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
		if (!missing.isEmpty()) {
			throw new InvalidRequestException("missing or blank: " + String.join(", ", missing));
		}
		return this;
	}

}
