package dev.gatewaykit.launcher.stack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The processes the kit started, recorded by PID (and start time, so that a PID the
 * system has since given to another process is never signalled) under
 * {@code target/kit/pids}: what {@code ./kit down} stops, and what {@code ./kit status}
 * shows, from another JVM than the one that started them. Nothing is ever stopped by
 * name.
 */
public final class PidFiles {

	private static final Duration STOP_TIMEOUT = Duration.ofSeconds(20);

	private final Path dir;

	private final Consumer<String> log;

	public PidFiles(Path dir, Consumer<String> log) {
		this.dir = dir;
		this.log = log;
	}

	/**
	 * A recorded process: its name and, when it is still the process that was started,
	 * its handle.
	 */
	public record Entry(String name, long pid, Optional<ProcessHandle> process) {

		public boolean alive() {
			return this.process.isPresent();
		}

	}

	public void record(String name, ProcessHandle process) {
		try {
			Files.createDirectories(this.dir);
			long started = process.info().startInstant().map(Instant::toEpochMilli).orElse(0L);
			Files.writeString(file(name), process.pid() + " " + started + "\n", StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("could not record the PID of " + name, ex);
		}
	}

	public void forget(String name) {
		try {
			Files.deleteIfExists(file(name));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** Every recorded process, alive or not, in name order. */
	public List<Entry> entries() {
		List<Entry> entries = new ArrayList<>();
		if (!Files.isDirectory(this.dir)) {
			return entries;
		}
		try (DirectoryStream<Path> files = Files.newDirectoryStream(this.dir, "*.pid")) {
			for (Path file : files) {
				String name = file.getFileName().toString().replaceFirst("\\.pid$", "");
				entries.add(read(name, file));
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		entries.sort((a, b) -> a.name().compareTo(b.name()));
		return entries;
	}

	/** The live recorded processes; stale records are removed. */
	public List<Entry> alive() {
		List<Entry> alive = new ArrayList<>();
		for (Entry entry : entries()) {
			if (entry.alive()) {
				alive.add(entry);
			}
			else {
				forget(entry.name());
			}
		}
		return alive;
	}

	/** Stops a recorded process: SIGTERM, 20 s, then SIGKILL. */
	public void stop(String name) {
		Path file = file(name);
		if (!Files.exists(file)) {
			return;
		}
		Entry entry = read(name, file);
		entry.process().ifPresent((process) -> {
			process.destroy();
			try {
				process.onExit().get(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
			}
			catch (Exception ex) {
				this.log.accept(name + " (pid " + entry.pid() + ") did not stop in " + STOP_TIMEOUT.toSeconds()
						+ " s; killing it");
				process.destroyForcibly();
			}
			this.log.accept("stopped " + name + " (pid " + entry.pid() + ")");
		});
		forget(name);
	}

	private Entry read(String name, Path file) {
		try {
			String[] fields = Files.readString(file, StandardCharsets.UTF_8).strip().split("\\s+");
			long pid = Long.parseLong(fields[0]);
			long started = (fields.length > 1) ? Long.parseLong(fields[1]) : 0L;
			Optional<ProcessHandle> process = ProcessHandle.of(pid)
				.filter(ProcessHandle::isAlive)
				.filter((handle) -> started == 0L
						|| handle.info().startInstant().map(Instant::toEpochMilli).orElse(-1L) == started);
			return new Entry(name, pid, process);
		}
		catch (IOException | RuntimeException ex) {
			return new Entry(name, -1, Optional.empty());
		}
	}

	private Path file(String name) {
		return this.dir.resolve(name + ".pid");
	}

}
