package dev.gatewaykit.gateway.filter;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import dev.gatewaykit.gateway.config.GatewayKitProperties.WhitelistMatcher;

import org.springframework.http.server.PathContainer;

/**
 * The whitelist in force. Nacos config can replace it while the gateway runs; the matcher and its patterns are
 * swapped as one value, so a request is checked against the old list or the new one, never half of each.
 */
public final class ReloadablePublicPaths implements PublicPaths {

	private final AtomicReference<Whitelist> current;

	public ReloadablePublicPaths(WhitelistMatcher matcher, List<String> patterns) {
		this.current = new AtomicReference<>(Whitelist.of(matcher, patterns));
	}

	@Override
	public boolean isPublic(PathContainer path) {
		return this.current.get().paths().isPublic(path);
	}

	/** Replaces the whitelist; answers whether anything changed. */
	public boolean replace(WhitelistMatcher matcher, List<String> patterns) {
		Whitelist next = Whitelist.of(matcher, patterns);
		Whitelist previous = this.current.getAndSet(next);
		return previous.matcher() != next.matcher() || !previous.patterns().equals(next.patterns());
	}

	public WhitelistMatcher matcher() {
		return this.current.get().matcher();
	}

	public List<String> patterns() {
		return this.current.get().patterns();
	}

	private record Whitelist(WhitelistMatcher matcher, List<String> patterns, PublicPaths paths) {

		static Whitelist of(WhitelistMatcher matcher, List<String> patterns) {
			List<String> copy = List.copyOf(patterns);
			return new Whitelist(matcher, copy, PublicPathsFactory.create(matcher, copy));
		}

	}

}
