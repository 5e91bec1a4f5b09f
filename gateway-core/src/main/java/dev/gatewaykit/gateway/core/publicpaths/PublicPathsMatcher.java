package dev.gatewaykit.gateway.core.publicpaths;

import java.util.List;
import java.util.Locale;

/**
 * The two ways of matching public paths, named by
 * {@code kit.gateway.public-paths-matcher}.
 */
public enum PublicPathsMatcher {

	/** {@code AntPathMatcher}: re-tokenises pattern and path on every call. */
	ANT {

		@Override
		public PublicPaths create(List<String> patterns) {
			return new AntPublicPaths(patterns);
		}

	},

	/**
	 * {@code PathPattern}: parsed once at start-up, matched against a pre-parsed path.
	 */
	PATH_PATTERN {

		@Override
		public PublicPaths create(List<String> patterns) {
			return new PathPatternPublicPaths(patterns);
		}

	};

	/**
	 * The name used in properties and by the {@code kit} actuator endpoint: {@code ant},
	 * {@code path-pattern}.
	 */
	public String id() {
		return name().toLowerCase(Locale.ROOT).replace('_', '-');
	}

	/** A matcher of this kind for these patterns. */
	public abstract PublicPaths create(List<String> patterns);

}
