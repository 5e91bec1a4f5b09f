package dev.gatewaykit.launcher.nginx;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import dev.gatewaykit.launcher.FreePorts;
import dev.gatewaykit.launcher.HttpAnswer;
import dev.gatewaykit.launcher.KitHttp;
import dev.gatewaykit.launcher.RunFailedException;
import dev.gatewaykit.launcher.ServerProcess;

/**
 * nginx from one of the kit's templates, under a prefix directory of its own, in the
 * foreground ({@code daemon off}) so that its PID is the one recorded and stopped.
 */
public final class NginxServer extends ServerProcess {

	/**
	 * The tuned template's {@code location = /nginx-health}, as docker/nginx/tuned.conf's
	 * and the Kubernetes probes'.
	 */
	static final String HEALTH_PATH = "/nginx-health";

	/** How long a reload may take to retire the old workers. */
	static final Duration SWITCH = Duration.ofSeconds(10);

	private static final HttpClient http = KitHttp.client();

	private final int port;

	/** What it was rendered from, for a {@link #reload}. */
	private final Rendering rendering;

	private NginxServer(String name, List<String> command, Path log, int port, Rendering rendering) {
		super(name, command, log);
		this.port = port;
		this.rendering = rendering;
		awaitReady(this::answers, Duration.ofSeconds(20));
	}

	/**
	 * A configuration's inputs.
	 *
	 * @param base the nginx command with its prefix, configuration and error log
	 */
	private record Rendering(NginxConfig.Variant variant, Path templates, List<NginxConfig.Upstream> upstreams,
			Path root, List<String> base) {

		Rendering {
			upstreams = List.copyOf(upstreams);
			base = List.copyOf(base);
		}

		/** Writes the configuration for {@code port}, and lets nginx check it. */
		void write(int port, Optional<NginxConfig.EdgeLimit> edge) {
			try {
				NginxConfig.write(this.variant, this.templates, port, this.upstreams, this.root, 1,
						NginxConfig.ClientLimits.BENCH, edge);
			}
			catch (IOException ex) {
				throw new UncheckedIOException("could not write the nginx config under " + this.root, ex);
			}
			check(this.base, this.root);
		}

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
		List<String> base = List.of(nginx.toString(), "-p", root.toString(), "-c",
				root.resolve("nginx.conf").toString(), "-e", root.resolve("logs/error.log").toString());
		Rendering rendering = new Rendering(variant, templates, upstreams, root, base);
		rendering.write(port, edge);
		List<String> command = new ArrayList<>(base);
		command.addAll(List.of("-g", "daemon off;"));
		return new NginxServer(name, command, root.resolve("nginx.out"), port, rendering);
	}

	/**
	 * Renders the same template with another edge limit (or none) and has the running
	 * nginx load it (SIGHUP, as {@code nginx -s reload} sends): its port stays. Returns
	 * once the workers that ran the old configuration have exited, so that every request
	 * from then on meets the new one; they exit as soon as the requests they had begun
	 * are answered, which is why a caller reloads with no load running.
	 * @throws RunFailedException when they are still running after {@link #SWITCH}
	 */
	public void reload(Optional<NginxConfig.EdgeLimit> edge) throws InterruptedException {
		Set<Long> old = workers();
		this.rendering.write(this.port, edge);
		signal("HUP");
		long deadline = System.nanoTime() + SWITCH.toNanos();
		Set<Long> now = workers();
		while (now.isEmpty() || !Collections.disjoint(now, old)) {
			if (System.nanoTime() > deadline) {
				throw new RunFailedException(name() + " still ran the workers of its old configuration " + old + " "
						+ SWITCH.toSeconds() + " s after its reload (workers now " + now + "); see "
						+ this.rendering.root().resolve("logs/error.log"));
			}
			Thread.sleep(50);
			now = workers();
		}
	}

	/** The worker processes' PIDs: the master's children. */
	private Set<Long> workers() {
		return handle().children().map(ProcessHandle::pid).collect(Collectors.toSet());
	}

	/** Its access log (buffered: written every 5 s, see the templates). */
	public Path accessLog() {
		return this.rendering.root().resolve("logs/access.log");
	}

	public int port() {
		return this.port;
	}

	public URI url() {
		return URI.create("http://127.0.0.1:" + this.port);
	}

	/**
	 * nginx's own health, answered without touching an upstream; the tuned template's
	 * only (the naive one is the incident's configuration as it was).
	 */
	public Optional<URI> health() {
		return (this.rendering.variant() == NginxConfig.Variant.TUNED) ? Optional.of(url().resolve(HEALTH_PATH))
				: Optional.empty();
	}

	/**
	 * Lets nginx check the configuration ({@code -t}); fails unless it passes within 20
	 * s.
	 */
	private static void check(List<String> base, Path root) {
		List<String> command = new ArrayList<>(base);
		command.addAll(1, List.of("-t", "-q"));
		// Output to a file, read after the wait: reading a pipe to its end would wait
		// as long as a hung nginx -t, past the timeout.
		Path output = root.resolve("logs/nginx-t.out");
		try {
			Process process = new ProcessBuilder(command).redirectErrorStream(true)
				.redirectOutput(output.toFile())
				.start();
			boolean exited = process.waitFor(20, TimeUnit.SECONDS);
			if (!exited) {
				process.destroyForcibly();
				throw new RunFailedException("nginx -t on " + root.resolve("nginx.conf")
						+ " did not finish within 20 s; what it wrote: " + Files.readString(output).strip());
			}
			if (process.exitValue() != 0) {
				throw new RunFailedException(
						"nginx rejected " + root.resolve("nginx.conf") + ": " + Files.readString(output).strip());
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
