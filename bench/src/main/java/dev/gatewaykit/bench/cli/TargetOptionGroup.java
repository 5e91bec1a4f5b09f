package dev.gatewaykit.bench.cli;

import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;

/**
 * Your gateway instead of the kit's, for the bench: one mode, named custom (Little's law
 * does not model it). A picocli argument group for its heading in the help; it does not
 * constrain the options (sweep takes --gateway-jar alone).
 */
public final class TargetOptionGroup {

	@Option(names = "--gateway-jar", paramLabel = "PATH",
			description = "start your Spring Cloud Gateway jar instead of the kit's, behind the same nginx and links, "
					+ "with the kit's properties (server.port, management.server.port, spring.data.redis.port, "
					+ "kit.routes.auth-uri, kit.routes.mall-uri, ...)")
	@Nullable String gatewayJar;

	@Option(names = "--target-url", paramLabel = "URL",
			description = "bench a gateway that is already running (e.g. ./kit up's nginx): the kit starts nothing "
					+ "and sends the load to URL")
	@Nullable String targetUrl;

	@Option(names = "--target-pid", paramLabel = "PID",
			description = "with --target-url: that gateway's process, for its CPU per request, thread dump and flame "
					+ "graph")
	@Nullable String targetPid;

}
