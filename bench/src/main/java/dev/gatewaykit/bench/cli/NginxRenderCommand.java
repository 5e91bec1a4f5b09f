package dev.gatewaykit.bench.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import dev.gatewaykit.bench.options.GivenOptions;
import dev.gatewaykit.bench.options.UsageException;
import dev.gatewaykit.launcher.nginx.NginxConfig;

/**
 * {@code nginx-render}: writes a runnable nginx.conf for one variant under a prefix
 * directory.
 */
@Command(name = "nginx-render", hidden = true,
		description = "render nginx/<variant>.conf.template into <prefix>/nginx.conf",
		footer = { "",
				"Renders the variant's template into DIR/nginx.conf and creates DIR/logs and DIR/temp/*, so nginx "
						+ "runs without root:  nginx -p DIR -c DIR/nginx.conf -e DIR/logs/error.log",
				"", "exit: 0 written, 2 bad arguments or template" })
public final class NginxRenderCommand extends KitCommand {

	@Option(names = "--variant", paramLabel = "naive|tuned", required = true,
			description = "naive (no upstream keepalive, default limits) or tuned")
	@Nullable String variant;

	@Option(names = "--listen", paramLabel = "PORT", required = true,
			description = "port nginx listens on, on 127.0.0.1")
	@Nullable String listen;

	@Option(names = "--upstream", paramLabel = "HOST:PORT[,HOST:PORT...]", required = true,
			description = "every backend instance (the gateways; mall-api for the ceiling run)")
	@Nullable String upstream;

	@Option(names = "--prefix", paramLabel = "DIR", required = true,
			description = "nginx's prefix directory; created if missing")
	@Nullable String prefix;

	@Option(names = "--templates", paramLabel = "DIR", description = "directory holding the templates (default: nginx)")
	@Nullable String templates;

	@Option(names = "--workers", paramLabel = "N",
			description = "worker_processes (default: 1, see the templates for why)")
	@Nullable String workers;

	@Override
	protected int run(GivenOptions args, PrintStream out, PrintStream err) throws Exception {
		NginxConfig.Variant variant = UsageException
			.parse(() -> NginxConfig.Variant.fromName(args.required("variant")));
		int listen = args.integer("listen", 1, 65535);
		List<NginxConfig.Upstream> upstreams = UsageException
			.parse(() -> NginxConfig.Upstream.parseList(args.required("upstream")));
		Path prefix = args.path("prefix");
		Path templates = args.path("templates", Path.of("nginx"));
		int workers = args.integer("workers", 1, 1, 64);
		Path config = NginxConfig.write(variant, templates, listen, upstreams, prefix, workers);
		out.println(config.toAbsolutePath());
		return ExitCodes.OK;
	}

}
