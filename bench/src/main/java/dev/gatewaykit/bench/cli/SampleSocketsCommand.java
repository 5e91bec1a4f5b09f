package dev.gatewaykit.bench.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;

import dev.gatewaykit.bench.sockets.SocketSampler;

/**
 * {@code sample-sockets}: records, next to a load run, which gateway connections hold a
 * request the gateway has not read, for
 * {@link dev.gatewaykit.bench.sockets.StarvationAnalysis}.
 */
public final class SampleSocketsCommand implements Command {

	/**
	 * How long the shutdown hook gives the sampler to finish its line once SIGTERM
	 * arrives.
	 */
	private static final Duration STOP_GRACE = Duration.ofSeconds(2);

	@Override
	public String name() {
		return "sample-sockets";
	}

	@Override
	public String summary() {
		return "record which connections to a port hold unread requests (Linux), one JSON line per sample";
	}

	@Override
	public Set<String> options() {
		return Set.of("port", "out", "interval-ms", "max-seconds");
	}

	@Override
	public String help() {
		return """
				usage: sample-sockets --port P --out FILE [--interval-ms 250] [--max-seconds 900]

				Every --interval-ms, reads /proc/net/tcp and /proc/net/tcp6 and appends to FILE (replaced if it
				exists) one line {"t":EPOCH_MS,"open":N,"unread":N,"acceptQueue":N,"waiting":["ADDR:PORT",...]}: the ESTABLISHED
				connections whose local port is P, and those holding bytes the server has not read yet (rx_queue,
				ss's Recv-Q): requests waiting for a blocked event loop. Started in the background next to the
				simulation, it stops after --max-seconds or on SIGTERM; every line is flushed as written.

				  --port         the gateway's port (the server side of nginx → gateway connections)
				  --interval-ms  sampling interval, 10-60000 (default 250): the resolution of the wait times
				  --max-seconds  stop after this long, 1-86400 (default 900), so a forgotten sampler ends

				Linux only, in the gateway's network namespace.

				exit: 0 stopped, 2 bad arguments or no /proc/net/tcp
				""";
	}

	@Override
	public int run(Args args, PrintStream out, PrintStream err) throws Exception {
		int port = args.integer("port", 1, 65_535);
		Path file = args.path("out");
		Duration interval = Duration.ofMillis(args.integer("interval-ms", 250, 10, 60_000));
		Duration max = Duration.ofSeconds(args.integer("max-seconds", 900, 1, 86_400));
		if (file.getParent() != null && !Files.isDirectory(file.getParent())) {
			throw new UsageException("--out " + file + ": " + file.getParent() + " is not a directory");
		}
		SocketSampler sampler = new SocketSampler(port, interval);
		// SIGTERM runs the hooks and then halts: the hook holds the JVM until the line in
		// progress is written.
		Thread hook = new Thread(() -> {
			sampler.stop();
			try {
				sampler.awaitFinished(STOP_GRACE);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}, "sample-sockets-stop");
		Runtime.getRuntime().addShutdownHook(hook);
		int samples;
		try {
			samples = sampler.run(file, max);
		}
		finally {
			try {
				Runtime.getRuntime().removeShutdownHook(hook);
			}
			catch (IllegalStateException ex) {
				// Already shutting down (SIGTERM): the hook is running, nothing to
				// remove.
			}
		}
		out.println("sample-sockets: " + samples + " samples of port " + port + " written to " + file);
		return ExitCodes.OK;
	}

}
