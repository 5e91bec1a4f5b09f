package dev.gatewaykit.bench.simulation;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The access tokens the setup phase obtained, shared round-robin by the browsing users:
 * each virtual user keeps the same token for its whole life, as a logged-in client would.
 */
final class TokenPool {

	private final List<String> tokens = new CopyOnWriteArrayList<>();

	void add(String token) {
		this.tokens.add(token);
	}

	void addAll(List<String> more) {
		this.tokens.addAll(more);
	}

	boolean isEmpty() {
		return this.tokens.isEmpty();
	}

	int size() {
		return this.tokens.size();
	}

	/** The token of virtual user {@code userId}; Gatling numbers users from 1. */
	String forUser(long userId) {
		return this.tokens.get((int) (Math.floorMod(userId, (long) this.tokens.size())));
	}

}
