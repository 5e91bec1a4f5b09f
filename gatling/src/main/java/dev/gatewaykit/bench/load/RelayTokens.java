package dev.gatewaykit.bench.load;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import dev.gatewaykit.common.RelayClaims;
import dev.gatewaykit.common.RelayTokenCodec;

/**
 * Mints the relay tokens the ceiling run sends straight to mall-api, standing in for what
 * the gateway would fetch from auth-service. They are signed with the same codec and
 * secret mall-api verifies with.
 */
public final class RelayTokens {

	private RelayTokens() {
	}

	/**
	 * @param secret mall-api's {@code kit.relay.secret}
	 * @param count how many distinct users to mint for
	 * @param validFor how long the tokens must stay valid: the whole run, with margin
	 */
	public static List<String> mint(String secret, int count, Duration validFor, Clock clock) {
		RelayTokenCodec codec = new RelayTokenCodec(secret, clock);
		List<String> tokens = new ArrayList<>(count);
		for (int i = 1; i <= count; i++) {
			String username = String.format("user%04d", i);
			tokens.add(codec
				.sign(new RelayClaims(String.valueOf(i), username, List.of("USER"), clock.instant().plus(validFor))));
		}
		return tokens;
	}

}
