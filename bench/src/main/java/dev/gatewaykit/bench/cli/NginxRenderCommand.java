package dev.gatewaykit.bench.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import dev.gatewaykit.launcher.nginx.NginxConfig;

/**
 * {@code nginx-render}: writes a runnable nginx.conf for one variant under a prefix
 * directory.
 */
public final class NginxRenderCommand implements Command {

	@Override
	public String name() {
		return "nginx-render";
	}

	@Override
	public String summary() {
		return "render nginx/<variant>.conf.template into <prefix>/nginx.conf";
	}

	@Override
	public Set<String> options() {
		return Set.of("variant", "listen", "upstream", "prefix", "templates", "workers");
	}

	@Override
	public String help() {
		return """
				usage: nginx-render --variant naive|tuned --listen PORT --upstream HOST:PORT[,HOST:PORT...] --prefix DIR
				                    [--templates DIR] [--workers N]

				Renders the variant's template into DIR/nginx.conf and creates DIR/logs and DIR/temp/*, so nginx runs
				without root:  nginx -p DIR -c DIR/nginx.conf -e DIR/logs/error.log

				  --variant    naive (no upstream keepalive, default limits) or tuned
				  --listen     port nginx listens on, on 127.0.0.1
				  --upstream   every backend instance (the gateways; mall-api for the ceiling run)
				  --prefix     nginx's prefix directory; created if missing
				  --templates  directory holding the templates (default: nginx)
				  --workers    worker_processes (default: 1, see the templates for why)

				exit: 0 written, 2 bad arguments or template
				""";
	}

	@Override
	public int run(Args args, PrintStream out, PrintStream err) throws Exception {
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
