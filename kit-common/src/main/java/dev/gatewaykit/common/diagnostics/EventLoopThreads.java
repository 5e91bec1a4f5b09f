package dev.gatewaykit.common.diagnostics;

/**
 * Which of a gateway's threads are Reactor Netty's event loops, by name: one rule for the
 * gateway's own CPU meters and for the bench's thread dumps and profiles, so that both
 * count the same threads.
 */
public final class EventLoopThreads {

	/** The prefix of every thread Reactor Netty's HTTP loop resources start. */
	public static final String PREFIX = "reactor-http-";

	/**
	 * The prefix of Reactor Netty's accepting threads
	 * ({@code reactor.netty.ioSelectCount}; the gateway runs one,
	 * {@code GatewayApplication}): they take up connections and serve no request, so they
	 * are not among the loops a request can be bound by.
	 */
	public static final String ACCEPTING_PREFIX = "reactor-http-select-";

	private EventLoopThreads() {
	}

	/** Whether the thread called {@code name} is an event loop that serves requests. */
	public static boolean servesRequests(String name) {
		return name.startsWith(PREFIX) && !name.startsWith(ACCEPTING_PREFIX);
	}

}
