package dev.gatewaykit.gateway;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import reactor.blockhound.BlockHound;
import reactor.blockhound.BlockingOperationError;
import reactor.blockhound.integration.BlockHoundIntegration;

/**
 * The BlockHound set-up of the BlockHound suite (loaded by blockhound-junit-platform
 * through {@code META-INF/services}). It records every detection, so the canary tests can
 * assert on the thread that blocked, and then fails the call as BlockHound normally does.
 */
public class KitBlockHoundIntegration implements BlockHoundIntegration {

	/** Thread names on which a blocking call was detected, in order. */
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
			detections.add(Thread.currentThread().getName() + " " + method);
			throw new BlockingOperationError(method);
		});
		// Logback's first write to a file appender takes a lock once per appender start;
		// the fixed profile writes through an AsyncAppender whose queue offer never
		// blocks (neverBlock=true), so this is start-up only.
		builder.allowBlockingCallsInside("ch.qos.logback.core.OutputStreamAppender", "writeBytes");
		// A name lookup (the JDK's resolver, under InetAddress.getByName and every
		// unresolved InetSocketAddress) waits for DNS, for seconds when the resolver is
		// slow; BlockHound does not know it as blocking by itself.
		for (String resolver : List.of("java.net.Inet4AddressImpl", "java.net.Inet6AddressImpl")) {
			builder.markAsBlocking(resolver, "lookupAllHostAddr", "(Ljava/lang/String;)[Ljava/net/InetAddress;");
		}
	}

}
