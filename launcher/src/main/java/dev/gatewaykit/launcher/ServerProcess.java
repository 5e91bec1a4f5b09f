package dev.gatewaykit.launcher;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * A real server process, started by a test or by {@code ./kit}: its output goes to a log
 * file, readiness is polled (never a fixed sleep) with a deadline, and {@link #close()}
 * stops exactly this process.
 * <p>
 * A JVM shutdown hook stops the process when the JVM that started it exits, so that a
 * failed test or an interrupted bench leaves nothing behind; {@link #detach()} lets it
 * outlive that JVM ({@code ./kit up}, which records its PID for {@code ./kit down}).
 */
public class ServerProcess implements AutoCloseable {

	/** How often a wait says that it is still waiting. */
	static final Duration REPORT_EVERY = Duration.ofSeconds(10);

	/** How many of the log's last lines a failed start shows. */
	static final int LOG_LINES = 20;

	private final String name;

	private final Process process;

	private final Path log;

	private final Thread stopOnExit;

	protected ServerProcess(String name, List<String> command, Path log) {
		this(name, command, Map.of(), log);
	}

	protected ServerProcess(String name, List<String> command, Map<String, String> environment, Path log) {
		this.name = name;
		this.log = log;
		try {
			Files.createDirectories(log.getParent());
			ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
			builder.environment().putAll(environment);
			this.process = builder.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("could not start " + name + " (" + String.join(" ", command) + ")", ex);
		}
		this.stopOnExit = new Thread(this::stop, name + "-stop");
		Runtime.getRuntime().addShutdownHook(this.stopOnExit);
	}

	/** Lets the process outlive this JVM: no shutdown hook stops it any more. */
	public void detach() {
		removeShutdownHook();
	}

	public String name() {
		return this.name;
	}

	public Path log() {
		return this.log;
	}

	/** The process itself, e.g. to record its PID with its start time. */
	public ProcessHandle handle() {
		return this.process.toHandle();
	}

	/**
	 * Polls {@code ready} every 50 ms until it answers true, the process dies, or the
	 * timeout passes.
	 */
	protected void awaitReady(BooleanSupplier ready, Duration timeout) {
		awaitReady(ready, timeout, Waiting.SILENT);
	}

	/**
	 * Polls {@code ready} until it holds; every {@link #REPORT_EVERY} tells
	 * {@code waiting} how long it has waited, and on timeout fails with what
	 * {@code waiting} says of the last attempt and the last lines of the log, so that
	 * nobody waits minutes in silence for a service that will never be ready.
	 */
	protected void awaitReady(BooleanSupplier ready, Duration timeout, Waiting waiting) {
		awaitReady(ready, timeout, REPORT_EVERY, waiting);
	}

	void awaitReady(BooleanSupplier ready, Duration timeout, Duration reportEvery, Waiting waiting) {
		long started = System.nanoTime();
		long deadline = started + timeout.toNanos();
		long nextReport = started + reportEvery.toNanos();
		while (System.nanoTime() < deadline) {
			if (!this.process.isAlive()) {
				throw new RunFailedException(
						this.name + " exited with " + this.process.exitValue() + "; see " + this.log + lastLines());
			}
			if (ready.getAsBoolean()) {
				return;
			}
			long now = System.nanoTime();
			if (now >= nextReport) {
				waiting.report(Durations.human(Duration.ofNanos(now - started)));
				nextReport = now + reportEvery.toNanos();
			}
			sleep(Duration.ofMillis(50));
		}
		close();
		throw new RunFailedException(this.name + " not ready within " + Durations.human(timeout)
				+ waiting.lastAttempt().map((attempt) -> "; " + attempt).orElse("") + "; see " + this.log
				+ lastLines());
	}

	/**
	 * What a wait reports while it lasts, and what it saw last: a service's health
	 * answer, say.
	 */
	protected interface Waiting {

		Waiting SILENT = new Waiting() {
			@Override
			public void report(String waited) {
			}

			@Override
			public Optional<String> lastAttempt() {
				return Optional.empty();
			}
		};

		/**
		 * Called every {@link ServerProcess#REPORT_EVERY} with how long it has waited.
		 */
		void report(String waited);

		/** What the last check saw, for the failure's message. */
		Optional<String> lastAttempt();

	}

	/** The log's last {@link #LOG_LINES} lines, as a block to append to a message. */
	private String lastLines() {
		try {
			if (!Files.isRegularFile(this.log)) {
				return "";
			}
			List<String> lines = Files.readAllLines(this.log, StandardCharsets.UTF_8);
			List<String> tail = lines.subList(Math.max(0, lines.size() - LOG_LINES), lines.size());
			return tail.isEmpty() ? "" : "; its last lines:\n  " + String.join("\n  ", tail);
		}
		catch (IOException | UncheckedIOException ex) {
			return "";
		}
	}

	public boolean isAlive() {
		return this.process.isAlive();
	}

	public long pid() {
		return this.process.pid();
	}

	/**
	 * SIGKILL: the process dies at once, without closing anything itself (a crashed
	 * instance).
	 */
	public void kill() {
		try {
			this.process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * Sends {@code signal} (e.g. {@code STOP}, {@code CONT}) to this process with
	 * {@code kill}: a frozen process keeps its sockets open and answers nothing, which no
	 * {@link Process} method can do.
	 */
	public void signal(String signal) {
		if (!signal.matches("[A-Z]+")) {
			throw new IllegalArgumentException("a signal name is upper-case letters, e.g. STOP, not '" + signal + "'");
		}
		try {
			Process kill = new ProcessBuilder("kill", "-" + signal, String.valueOf(pid())).redirectErrorStream(true)
				.start();
			if (!kill.waitFor(5, TimeUnit.SECONDS) || kill.exitValue() != 0) {
				kill.destroyForcibly();
				throw new RunFailedException("kill -" + signal + " " + pid() + " (" + this.name + ") failed");
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("could not run kill -" + signal, ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new RunFailedException("interrupted", ex);
		}
	}

	@Override
	public void close() {
		removeShutdownHook();
		stop();
	}

	private void removeShutdownHook() {
		try {
			Runtime.getRuntime().removeShutdownHook(this.stopOnExit);
		}
		catch (IllegalStateException ex) {
			// The JVM is shutting down, and the hook is running or has run.
		}
	}

	private void stop() {
		this.process.destroy();
		try {
			if (!this.process.waitFor(10, TimeUnit.SECONDS)) {
				this.process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	static void sleep(Duration duration) {
		try {
			Thread.sleep(duration.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new RunFailedException("interrupted", ex);
		}
	}

}
