package dev.gatewaykit.bench.load;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import dev.gatewaykit.common.RelayClaims;
import dev.gatewaykit.common.relay.RelayTokenSigner;

/**
 * Mints the relay tokens the ceiling run sends straight to mall-api, standing in for what
 * the gateway would fetch from auth-service. They are signed as auth-service signs them,
 * with the private key whose public half mall-api trusts.
 */
public final class RelayTokens {

	private RelayTokens() {
	}

	/**
	 * @param signer the key mall-api's {@code kit.relay.verification.keys} trusts
	 * @param count how many distinct users to mint for
	 * @param validFor how long the tokens must stay valid: the whole run, with margin
	 */
	public static List<String> mint(RelayTokenSigner signer, int count, Duration validFor, Clock clock) {
		Instant now = clock.instant();
		List<String> tokens = new ArrayList<>(count);
		for (int i = 1; i <= count; i++) {
			String username = String.format("user%04d", i);
			tokens.add(signer
				.sign(new RelayClaims(String.valueOf(i), username, List.of("USER"), now, now.plus(validFor))));
		}
		return tokens;
	}

}
