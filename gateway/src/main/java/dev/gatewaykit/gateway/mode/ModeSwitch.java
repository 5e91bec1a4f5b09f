package dev.gatewaykit.gateway.mode;

import dev.gatewaykit.gateway.core.identity.IdentityUnavailableException;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

import dev.gatewaykit.common.mode.ExecutionMode;
import dev.gatewaykit.common.session.Session;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

import dev.gatewaykit.gateway.web.Deadlines;

/**
 * The {@link IdentityBackend} the filters see: it delegates to the implementation of the
 * current {@link ExecutionMode}, which can be switched while the gateway runs (the kit's
 * actuator endpoint and Nacos config do this mid-benchmark). The per-call deadline and
 * the mapping of failures to {@link IdentityUnavailableException} live here, once, so
 * every mode fails the same way.
 */
public final class ModeSwitch implements IdentityBackend {

	private static final Logger log = LoggerFactory.getLogger(ModeSwitch.class);

	private final Map<ExecutionMode, IdentityBackend> backends;

	private final AtomicReference<ExecutionMode> current;

	private final Duration sessionTimeout;

	private final Duration relayTimeout;

	private final LongAdder requests = new LongAdder();

	public ModeSwitch(Map<ExecutionMode, IdentityBackend> backends, ExecutionMode initial, Duration sessionTimeout,
			Duration relayTimeout) {
		this.backends = new EnumMap<>(backends);
		for (ExecutionMode mode : ExecutionMode.values()) {
			if (!this.backends.containsKey(mode)) {
				throw new IllegalArgumentException("no backend for mode " + mode.id());
			}
		}
		this.current = new AtomicReference<>(initial);
		this.sessionTimeout = sessionTimeout;
		this.relayTimeout = relayTimeout;
	}

	public ExecutionMode mode() {
		return this.current.get();
	}

	/**
	 * Switches the mode for requests that start from now on; requests in flight finish in
	 * their old mode.
	 */
	public ExecutionMode switchTo(ExecutionMode mode) {
		ExecutionMode previous = this.current.getAndSet(mode);
		if (previous != mode) {
			log.info("Execution mode switched from {} to {}", previous.id(), mode.id());
		}
		return previous;
	}

	/**
	 * Sessions looked up so far, one per authenticated request: what the bench divides
	 * CPU time by.
	 */
	public long requests() {
		return this.requests.sum();
	}

	@Override
	public Mono<Session> loadSession(String reference) {
		this.requests.increment();
		return this.backends.get(this.current.get())
			.loadSession(reference)
			.as((call) -> Deadlines.within(call, this.sessionTimeout))
			.onErrorMap(TimeoutException.class, IdentityUnavailableException::sessionStore);
	}

	@Override
	public Mono<String> fetchRelayToken(String reference) {
		return this.backends.get(this.current.get())
			.fetchRelayToken(reference)
			.as((call) -> Deadlines.within(call, this.relayTimeout))
			.onErrorMap(TimeoutException.class, IdentityUnavailableException::authService);
	}

}
