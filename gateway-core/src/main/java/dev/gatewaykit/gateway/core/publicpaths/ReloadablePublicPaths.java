package dev.gatewaykit.gateway.core.publicpaths;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import org.springframework.http.server.PathContainer;

/**
 * The public paths in force. Nacos config can replace them while the gateway runs; the
 * matcher and its patterns are swapped as one value, so a request is checked against the
 * old list or the new one, never half of each.
 */
public final class ReloadablePublicPaths implements PublicPaths {

	private final AtomicReference<Current> current;

	public ReloadablePublicPaths(PublicPathsMatcher matcher, List<String> patterns) {
		this.current = new AtomicReference<>(Current.of(matcher, patterns));
	}

	@Override
	public boolean isPublic(PathContainer path) {
		return this.current.get().paths().isPublic(path);
	}

	/** Replaces the public paths; answers whether anything changed. */
	public boolean replace(PublicPathsMatcher matcher, List<String> patterns) {
		Current next = Current.of(matcher, patterns);
		Current previous = this.current.getAndSet(next);
		return previous.matcher() != next.matcher() || !previous.patterns().equals(next.patterns());
	}

	public PublicPathsMatcher matcher() {
		return this.current.get().matcher();
	}

	public List<String> patterns() {
		return this.current.get().patterns();
	}

	private record Current(PublicPathsMatcher matcher, List<String> patterns, PublicPaths paths) {

		static Current of(PublicPathsMatcher matcher, List<String> patterns) {
			List<String> copy = List.copyOf(patterns);
			return new Current(matcher, copy, matcher.create(copy));
		}

	}

}
