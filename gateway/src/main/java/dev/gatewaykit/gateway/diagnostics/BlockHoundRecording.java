package dev.gatewaykit.gateway.diagnostics;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import com.sun.management.HotSpotDiagnosticMXBean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.blockhound.BlockHound;
import reactor.blockhound.BlockingMethod;
import reactor.blockhound.integration.BlockHoundIntegration;

/**
 * Installs BlockHound so that it records each blocking call on a non-blocking thread in
 * {@link BlockingCalls} instead of throwing: the gateway keeps serving exactly as it
 * would without BlockHound, only slower, and the endpoint says where it blocked.
 * <p>
 * BlockHound is global to the JVM and cannot be uninstalled: it is installed once, and
 * its callback reports to whichever {@link BlockingCalls} was {@link #install installed}
 * last (tests start several contexts in one JVM); after {@link #uninstall} it reports
 * nowhere.
 * <p>
 * On JDK 13+ BlockHound needs {@code -XX:+AllowRedefinitionToAddDeleteMethods}. Without
 * it the gateway starts anyway, with one warning saying BlockHound is off and why.
 */
final class BlockHoundRecording {

	/** The JVM flag BlockHound needs on JDK 13+. */
	static final String FLAG = "AllowRedefinitionToAddDeleteMethods";

	private static final Logger log = LoggerFactory.getLogger(BlockHoundRecording.class);

	private static final AtomicBoolean installed = new AtomicBoolean();

	private static final AtomicReference<BlockingCalls> target = new AtomicReference<>();

	private BlockHoundRecording() {
	}

	/**
	 * Installs BlockHound (once per JVM) reporting to {@code calls}; logs a warning and
	 * returns {@code false} when it cannot be installed.
	 */
	static synchronized boolean install(BlockingCalls calls) {
		if (!installed.get()) {
			Optional<String> missing = missingFlag(Runtime.version().feature(), flagValue());
			if (missing.isPresent()) {
				log.warn("kit.diagnostics.block-hound is on but BlockHound is off: {}", missing.get());
				return false;
			}
			try {
				installBlockHound();
			}
			catch (RuntimeException | LinkageError ex) {
				log.warn("kit.diagnostics.block-hound is on but BlockHound is off: it could not be installed", ex);
				return false;
			}
			installed.set(true);
		}
		target.set(calls);
		calls.installed();
		return true;
	}

	/** Stops reporting to {@code calls} (BlockHound itself stays installed). */
	static void uninstall(BlockingCalls calls) {
		target.compareAndSet(calls, null);
	}

	/**
	 * Why BlockHound cannot be installed on this JVM, if it cannot.
	 * @param javaFeature the Java feature release
	 * @param flag the value of {@value #FLAG}, if the JVM tells
	 */
	static Optional<String> missingFlag(int javaFeature, Optional<String> flag) {
		if (javaFeature >= 13 && flag.isPresent() && !"true".equals(flag.get())) {
			return Optional.of("on Java " + javaFeature + " it needs the JVM flag -XX:+" + FLAG);
		}
		return Optional.empty();
	}

	private static Optional<String> flagValue() {
		try {
			return Optional
				.of(ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).getVMOption(FLAG).getValue());
		}
		catch (RuntimeException | LinkageError ex) {
			// Not HotSpot: installing tells.
			return Optional.empty();
		}
	}

	private static void installBlockHound() {
		BlockHound.Builder builder = BlockHound.builder();
		List<BlockHoundIntegration> integrations = serviceIntegrations();
		integrations.add(new Recording());
		integrations.stream().sorted().forEach(builder::with);
		builder.install();
	}

	/**
	 * The integrations on the class path (Reactor's, Netty's, Spring's, ...: they say
	 * which threads are non-blocking and which of their own calls may block), skipping
	 * entries that cannot be loaded. {@code BlockHound.install()} would fail on the first
	 * of those, and nacos-client ships one: a shaded copy of Netty's service entry whose
	 * class it did not keep.
	 */
	private static List<BlockHoundIntegration> serviceIntegrations() {
		List<BlockHoundIntegration> integrations = new ArrayList<>();
		Iterator<BlockHoundIntegration> services = ServiceLoader
			.load(BlockHoundIntegration.class, BlockHoundRecording.class.getClassLoader())
			.iterator();
		// Bounded: after an error, ServiceLoader only makes a best effort to go on.
		for (int attempts = 0; attempts < 1000; attempts++) {
			try {
				if (!services.hasNext()) {
					break;
				}
				integrations.add(services.next());
			}
			catch (ServiceConfigurationError ex) {
				log.debug("Skipping a BlockHound integration that cannot be loaded: {}", ex.getMessage());
			}
		}
		return integrations;
	}

	/**
	 * The recording callback and the gateway's allowances; applied last (highest priority
	 * number) so that its callback is the one in force.
	 */
	static final class Recording implements BlockHoundIntegration {

		@Override
		public void applyTo(BlockHound.Builder builder) {
			builder.blockingMethodCallback(Recording::record);
			BlockHoundAllowances.applyTo(builder);
		}

		@Override
		public int getPriority() {
			return Integer.MAX_VALUE;
		}

		private static void record(BlockingMethod method) {
			BlockingCalls calls = target.get();
			if (calls != null) {
				calls.recordCurrentThread(method.getClassName().replace('/', '.'), method.getName());
			}
		}

	}

}
