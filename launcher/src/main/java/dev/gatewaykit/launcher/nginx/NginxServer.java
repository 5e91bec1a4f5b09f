package dev.gatewaykit.launcher.nginx;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import dev.gatewaykit.launcher.FreePorts;
import dev.gatewaykit.launcher.HttpAnswer;
import dev.gatewaykit.launcher.RunFailedException;
import dev.gatewaykit.launcher.ServerProcess;

/**
 * nginx from one of the kit's templates, under a prefix directory of its own, in the
 * foreground ({@code daemon off}) so that its PID is the one recorded and stopped.
 */
public final class NginxServer extends ServerProcess {

	private static final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

	private final int port;

	private NginxServer(String name, List<String> command, Path log, int port) {
		super(name, command, log);
		this.port = port;
		awaitReady(this::answers, Duration.ofSeconds(20));
	}

	/**
	 * Renders {@code variant} into {@code prefix/nginx.conf} (one worker, see the
	 * templates), lets nginx check it ({@code -t}), then starts it on a free port.
	 */
	public static NginxServer start(Path nginx, NginxConfig.Variant variant, Path templates,
			List<NginxConfig.Upstream> upstreams, Path prefix) {
		return start("nginx", nginx, variant, templates, upstreams, prefix);
	}

	/**
	 * Likewise, recorded under {@code name}: the A/B gate runs an nginx per gateway.
	 */
	public static NginxServer start(String name, Path nginx, NginxConfig.Variant variant, Path templates,
			List<NginxConfig.Upstream> upstreams, Path prefix) {
		return start(name, nginx, variant, templates, upstreams, prefix, Optional.empty());
	}

	/**
	 * Likewise, with requests in progress capped per upstream instance when {@code edge}
	 * is given (the tuned template only).
	 */
	public static NginxServer start(String name, Path nginx, NginxConfig.Variant variant, Path templates,
			List<NginxConfig.Upstream> upstreams, Path prefix, Optional<NginxConfig.EdgeLimit> edge) {
		int port = FreePorts.next();
		Path root = prefix.toAbsolutePath().normalize();
		Path config;
		try {
			config = NginxConfig.write(variant, templates, port, upstreams, root, 1, NginxConfig.ClientLimits.BENCH,
					edge);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("could not write the nginx config under " + root, ex);
		}
		List<String> base = List.of(nginx.toString(), "-p", root.toString(), "-c", config.toString(), "-e",
				root.resolve("logs/error.log").toString());
		check(base, root);
		List<String> command = new ArrayList<>(base);
		command.addAll(List.of("-g", "daemon off;"));
		return new NginxServer(name, command, root.resolve("nginx.out"), port);
	}

	public int port() {
		return this.port;
	}

	public URI url() {
		return URI.create("http://127.0.0.1:" + this.port);
	}

	private static void check(List<String> base, Path root) {
		List<String> test = new ArrayList<>(base);
		test.add(1, "-q");
		test.add(1, "-t");
		try {
			Process process = new ProcessBuilder(test).redirectErrorStream(true).start();
			String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
			if (!process.waitFor(20, TimeUnit.SECONDS) || process.exitValue() != 0) {
				process.destroyForcibly();
				throw new RunFailedException("nginx rejected " + root.resolve("nginx.conf") + ": " + output.strip());
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("could not run " + base.get(0), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new RunFailedException("interrupted", ex);
		}
	}

	/**
	 * Any HTTP answer: nginx is listening (what it answers on / depends on the upstream).
	 */
	private boolean answers() {
		return HttpAnswer.send(http, HttpRequest.newBuilder(url()).timeout(Duration.ofSeconds(2)).build()).status() > 0;
	}

}
