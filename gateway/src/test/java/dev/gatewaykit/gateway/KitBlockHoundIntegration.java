package dev.gatewaykit.gateway;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

import dev.gatewaykit.gateway.diagnostics.BlockHoundAllowances;
import reactor.blockhound.BlockHound;
import reactor.blockhound.BlockingOperationError;
import reactor.blockhound.integration.BlockHoundIntegration;

/**
 * The BlockHound set-up of the BlockHound suite (loaded by blockhound-junit-platform
 * through {@code META-INF/services}). It records every detection, so the canary tests can
 * assert on the thread that blocked, and then fails the call as BlockHound normally does.
 */
public class KitBlockHoundIntegration implements BlockHoundIntegration {

	/**
	 * One line per detection, in order: the thread, the blocking method and the first
	 * frames outside the JDK's locks and BlockHound, so a failure says who blocked.
	 */
	static final List<String> detections = new CopyOnWriteArrayList<>();

	/**
	 * Set once BlockHound has applied this integration, i.e. BlockHound really is
	 * installed in this JVM.
	 */
	static volatile boolean installed;

	@Override
	public void applyTo(BlockHound.Builder builder) {
		installed = true;
		builder.blockingMethodCallback((method) -> {
			detections.add(Thread.currentThread().getName() + " " + method + callers());
			throw new BlockingOperationError(method);
		});
		BlockHoundAllowances.applyTo(builder);
		// A name lookup (the JDK's resolver, under InetAddress.getByName and every
		// unresolved InetSocketAddress) waits for DNS, for seconds when the resolver is
		// slow; BlockHound does not know it as blocking by itself.
		for (String resolver : List.of("java.net.Inet4AddressImpl", "java.net.Inet6AddressImpl")) {
			builder.markAsBlocking(resolver, "lookupAllHostAddr", "(Ljava/lang/String;)[Ljava/net/InetAddress;");
		}
	}

	private static String callers() {
		return StackWalker.getInstance()
			.walk((frames) -> frames.map(StackWalker.StackFrame::toStackTraceElement)
				.map(StackTraceElement::toString)
				.filter((frame) -> !frame.contains("java.util.concurrent.locks.")
						&& !frame.contains("reactor.blockhound.") && !frame.contains("jdk.internal.misc.")
						&& !frame.contains(KitBlockHoundIntegration.class.getName()))
				.limit(8)
				.collect(Collectors.joining(" < ", " at ", "")));
	}

}
