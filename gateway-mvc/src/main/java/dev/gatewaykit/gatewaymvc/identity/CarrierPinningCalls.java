package dev.gatewaykit.gatewaymvc.identity;

import java.util.Optional;
import java.util.function.Supplier;

import dev.gatewaykit.common.session.Session;
import dev.gatewaykit.gateway.core.identity.IdentityCalls;

/**
 * The deliberately pinning variant of the identity calls: the same calls, each made where
 * a virtual thread cannot leave its carrier while it waits, so that the bench's JFR
 * recording has pins to show (and the clean variant shows none). Never for production:
 * {@code kit.gateway.pin-carriers=true} turns it on.
 * <p>
 * What pins depends on the JDK. Up to JDK 23 a virtual thread that blocks inside
 * {@code synchronized} pins its carrier, the classic pin of blocking code moved to
 * virtual threads; JDK 24 (JEP 491) unmounts it there, and pins only under a native frame
 * (or a class initializer). So on 24+ each call runs inside a native frame
 * ({@link NativeFrame}: C's {@code qsort} calling back into Java), and before it inside a
 * monitor of its own (one per call: a shared lock would serialize the calls, a different
 * bottleneck from pinning).
 */
public final class CarrierPinningCalls implements IdentityCalls {

	/** The first Java whose virtual threads unmount inside {@code synchronized}. */
	static final int UNMOUNTS_IN_MONITORS = 24;

	private final IdentityCalls delegate;

	private final boolean nativeFrame;

	public CarrierPinningCalls(IdentityCalls delegate) {
		this.delegate = delegate;
		this.nativeFrame = Runtime.version().feature() >= UNMOUNTS_IN_MONITORS;
		if (this.nativeFrame) {
			NativeFrame.check();
		}
	}

	@Override
	public Optional<Session> loadSession(String reference) {
		return pinned(() -> this.delegate.loadSession(reference));
	}

	@Override
	public Optional<String> fetchRelayToken(String reference) {
		return pinned(() -> this.delegate.fetchRelayToken(reference));
	}

	private <T> T pinned(Supplier<T> call) {
		if (this.nativeFrame) {
			return NativeFrame.run(call);
		}
		Object monitor = new Object();
		synchronized (monitor) {
			return call.get();
		}
	}

}
