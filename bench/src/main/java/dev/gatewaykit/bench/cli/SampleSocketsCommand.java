package dev.gatewaykit.bench.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import dev.gatewaykit.bench.options.GivenOptions;
import dev.gatewaykit.bench.options.UsageException;
import dev.gatewaykit.bench.probe.SocketSampler;

/**
 * {@code sample-sockets}: records, next to a load run, which gateway connections hold a
 * request the gateway has not read, for
 * {@link dev.gatewaykit.bench.analysis.sockets.StarvationAnalysis}.
 */
@Command(name = "sample-sockets", hidden = true,
		description = "record which connections to a port hold unread requests (Linux), one JSON line per sample",
		footer = { "",
				"Every --interval-ms, reads /proc/net/tcp and /proc/net/tcp6 and appends to FILE (replaced if it "
						+ "exists) one line {\"t\":EPOCH_MS,\"open\":N,\"unread\":N,\"acceptQueue\":N,\"waiting\":[\"ADDR:PORT\",...]}: "
						+ "the ESTABLISHED connections whose local port is P, and those holding bytes the server has not read "
						+ "yet (rx_queue, ss's Recv-Q): requests waiting for a blocked event loop. Started in the background "
						+ "next to the simulation, it stops after --max-seconds or on SIGTERM; every line is flushed as written.",
				"", "Linux only, in the gateway's network namespace.", "",
				"exit: 0 stopped, 2 bad arguments or no /proc/net/tcp" })
public final class SampleSocketsCommand extends KitCommand {

	@Option(names = "--port", paramLabel = "P", required = true,
			description = "the gateway's port (the server side of nginx → gateway connections)")
	@Nullable String port;

	@Option(names = "--out", paramLabel = "FILE", required = true, description = "where the samples go")
	@Nullable String file;

	@Option(names = "--interval-ms", paramLabel = "MS",
			description = "sampling interval, 10-60000 (default 250): the resolution of the wait times")
	@Nullable String intervalMs;

	@Option(names = "--max-seconds", paramLabel = "S",
			description = "stop after this long, 1-86400 (default 900), so a forgotten sampler ends")
	@Nullable String maxSeconds;

	/**
	 * How long the shutdown hook gives the sampler to finish its line once SIGTERM
	 * arrives.
	 */
	private static final Duration STOP_GRACE = Duration.ofSeconds(2);

	@Override
	protected int run(GivenOptions args, PrintStream out, PrintStream err) throws Exception {
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
