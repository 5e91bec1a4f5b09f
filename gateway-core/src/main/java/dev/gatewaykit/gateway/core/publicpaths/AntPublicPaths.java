package dev.gatewaykit.gateway.core.publicpaths;

import java.util.List;

import org.springframework.http.server.PathContainer;
import org.springframework.util.AntPathMatcher;

/**
 * <strong>Naive</strong> public-path matching with {@link AntPathMatcher}, which a real
 * gateway's tuning replaced with a simpler matcher.
 * <p>
 * What is wrong: for every request and every pattern, {@code AntPathMatcher} tokenises
 * the pattern and the path again and may compile a regex for wildcard segments; the cost
 * is small per call but paid on the hottest path of the gateway, and it is string-based,
 * so it would happily match {@code /api/auth/**} against {@code /api/auth/../mall/x} if
 * the path were not normalised first.
 *
 * @see PathPatternPublicPaths the fix: patterns parsed once, matched against the
 * pre-parsed path
 */
final class AntPublicPaths implements PublicPaths {

	private final AntPathMatcher matcher = new AntPathMatcher();

	private final List<String> patterns;

	AntPublicPaths(List<String> patterns) {
		this.patterns = List.copyOf(patterns);
	}

	@Override
	public boolean isPublic(PathContainer path) {
		String value = path.value();
		for (String pattern : this.patterns) {
			if (this.matcher.match(pattern, value)) {
				return true;
			}
		}
		return false;
	}

}
