package dev.gatewaykit.gateway.diagnostics;

import java.util.ArrayDeque;
import java.util.List;

import dev.gatewaykit.common.diagnostics.GatewaySecond;

/**
 * The last completed seconds, oldest first, at most a fixed number of them: one is added
 * per second, the oldest dropped when full.
 */
final class RecentSeconds {

	private final int capacity;

	private final ArrayDeque<GatewaySecond> seconds;

	RecentSeconds(int capacity) {
		if (capacity < 1) {
			throw new IllegalArgumentException("capacity must be at least 1, was " + capacity);
		}
		this.capacity = capacity;
		this.seconds = new ArrayDeque<>(capacity);
	}

	int capacity() {
		return this.capacity;
	}

	synchronized void add(GatewaySecond second) {
		if (this.seconds.size() == this.capacity) {
			this.seconds.removeFirst();
		}
		this.seconds.addLast(second);
	}

	synchronized List<GatewaySecond> snapshot() {
		return List.copyOf(this.seconds);
	}

}
