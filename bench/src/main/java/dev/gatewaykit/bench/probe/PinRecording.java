package dev.gatewaykit.bench.probe;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.gatewaykit.bench.analysis.diagnostics.PinnedCalls;

/**
 * A JFR recording of every {@value PinnedCalls#EVENT} event (threshold 0: JDK's own
 * settings keep only pins of 20 ms or more) in a running JVM, started and dumped through
 * {@code jcmd}: the gateway carries no JFR code, so a user's gateway jar is recorded the
 * same way.
 * <p>
 * {@code settings=none} starts from no event at all, and each option then needs its
 * leading {@code +} (it adds a setting that no {@code .jfc} file declares): without it
 * the JVM prints a warning, records nothing, and {@code jcmd} still exits 0. So a start
 * that answers with a warning is a failure here, not a recording with no pins.
 */
final class PinRecording {

	/** The recording's name in the gateway's JVM. */
	static final String NAME = "kit-virtual-thread-pins";

	private static final long TIMEOUT_SECONDS = 30;

	private final Path jcmd;

	private final long pid;

	/**
	 * @param jcmd the {@code jcmd} to use, the gateway's own JDK's (it attaches to any
	 * JVM, but the options are checked by the one it runs)
	 * @param pid the gateway's process
	 */
	PinRecording(Path jcmd, long pid) {
		this.jcmd = jcmd;
		this.pid = pid;
	}

	/** The {@code jcmd} command that starts the recording. */
	List<String> startCommand() {
		return command("JFR.start", "name=" + NAME, "settings=none", "+" + PinnedCalls.EVENT + "#enabled=true",
				"+" + PinnedCalls.EVENT + "#threshold=0ms");
	}

	/**
	 * Starts the recording.
	 * @throws IOException naming what {@code jcmd} answered when it did not start one
	 * cleanly
	 */
	void start() throws IOException, InterruptedException {
		run(startCommand());
	}

	/**
	 * Writes the recording to {@code file} and stops it; it is stopped even when the dump
	 * fails, so the gateway is left as it was.
	 */
	void dumpAndStop(Path file) throws IOException, InterruptedException {
		try {
			run(command("JFR.dump", "name=" + NAME, "filename=" + file.toAbsolutePath()));
		}
		finally {
			run(command("JFR.stop", "name=" + NAME));
		}
	}

	private List<String> command(String... arguments) {
		List<String> command = new ArrayList<>(List.of(this.jcmd.toString(), Long.toString(this.pid)));
		command.addAll(List.of(arguments));
		return command;
	}

	private static void run(List<String> command) throws IOException, InterruptedException {
		Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
		if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
			process.destroyForcibly();
			throw new IOException(String.join(" ", command.subList(2, command.size())) + ": jcmd did not finish in "
					+ TIMEOUT_SECONDS + " s");
		}
		String answer = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
		if (process.exitValue() != 0 || answer.contains("Warning")) {
			throw new IOException(command.get(2) + " answered (exit " + process.exitValue() + "): " + answer);
		}
	}

}
