package dev.gatewaykit.gateway.core.publicpaths;

import java.util.List;

import org.springframework.http.server.PathContainer;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;

/**
 * Public-path matching with {@link PathPattern}: the patterns are parsed once at start-up
 * and matched segment by segment against the request's already-parsed
 * {@link PathContainer} — what Spring WebFlux and Spring Cloud Gateway's own {@code Path}
 * predicate use.
 */
final class PathPatternPublicPaths implements PublicPaths {

	private final List<PathPattern> patterns;

	PathPatternPublicPaths(List<String> patterns) {
		this.patterns = patterns.stream().map(PathPatternParser.defaultInstance::parse).toList();
	}

	@Override
	public boolean isPublic(PathContainer path) {
		for (PathPattern pattern : this.patterns) {
			if (pattern.matches(path)) {
				return true;
			}
		}
		return false;
	}

}
