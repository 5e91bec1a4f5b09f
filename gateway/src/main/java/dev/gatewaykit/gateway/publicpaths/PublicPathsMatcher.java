package dev.gatewaykit.gateway.filter;

import java.util.List;

import dev.gatewaykit.gateway.config.GatewayKitProperties.WhitelistMatcher;

/** Creates the whitelist matcher named by {@code kit.gateway.whitelist-matcher}. */
public final class PublicPathsFactory {

	private PublicPathsFactory() {
	}

	public static PublicPaths create(WhitelistMatcher matcher, List<String> patterns) {
		return switch (matcher) {
			case ANT -> new AntPublicPaths(patterns);
			case PATH_PATTERN -> new PathPatternPublicPaths(patterns);
		};
	}

}
