package dev.gatewaykit.common.diagnostics;

import java.util.List;

/**
 * A blocking call BlockHound saw on a non-blocking thread.
 *
 * @param site the first application frame below the blocking call
 * ({@code class.method(File.java:line)}); the first frame outside the JDK when no
 * application frame is on the stack
 * @param blockingMethod the blocking JDK method ({@code class#method})
 * @param count how many times
 * @param threads the threads it happened on, sorted
 */
public record BlockingCall(String site, String blockingMethod, long count, List<String> threads) {

	public BlockingCall {
		threads = List.copyOf(threads);
	}

}
