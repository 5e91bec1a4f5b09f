package dev.gatewaykit.bench.probe;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import com.sun.tools.attach.AgentInitializationException;
import com.sun.tools.attach.AgentLoadException;
import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;

import dev.gatewaykit.bench.analysis.diagnostics.ProfilerEvent;

/**
 * async-profiler loaded into a running JVM through the JDK's attach API, for one window:
 * {@link #start}, then {@link #stop} writes a self-contained HTML flame graph. The agent
 * library comes from the {@code tools.profiler:async-profiler} jar on the kit's class
 * path. A JVM it is never attached to pays nothing.
 */
public final class AsyncProfiler {

	/** The directory the kit's runs extract the library into, in the kit's own. */
	public static final String DIR_NAME = "profiler";

	private final Path library;

	private AsyncProfiler(Path library) {
		this.library = library;
	}

	/** Why a flame graph could not be made. */
	public static final class ProfilerException extends Exception {

		ProfilerException(String message) {
			super(message);
		}

	}

	/**
	 * The profiler for this machine, its library extracted into {@code dir}.
	 * @throws ProfilerException on a platform async-profiler's jar has no Linux library
	 * for, or when it cannot be extracted
	 */
	public static AsyncProfiler extract(Path dir) throws ProfilerException {
		String platform = platform(System.getProperty("os.name", ""), System.getProperty("os.arch", ""))
			.orElseThrow(() -> new ProfilerException("flame graphs need Linux on x64 or arm64; this is "
					+ System.getProperty("os.name") + " on " + System.getProperty("os.arch")));
		String resource = platform + "/libasyncProfiler.so";
		try (InputStream in = AsyncProfiler.class.getClassLoader().getResourceAsStream(resource)) {
			if (in == null) {
				throw new ProfilerException(resource + " is not on the class path (the async-profiler jar is missing "
						+ "from bench/target/lib; rebuild with ./mvnw install)");
			}
			Files.createDirectories(dir);
			Path library = dir.resolve("libasyncProfiler.so");
			Files.copy(in, library, StandardCopyOption.REPLACE_EXISTING);
			return new AsyncProfiler(library);
		}
		catch (IOException ex) {
			throw new ProfilerException("cannot extract " + resource + " into " + dir + ": " + ex.getMessage());
		}
	}

	/**
	 * The jar's directory for this OS and architecture: Linux only, the platform the kit
	 * runs its stack on (the jar's macOS library would profile, but nothing else of the
	 * bench runs there).
	 */
	static Optional<String> platform(String osName, String osArch) {
		if (!osName.toLowerCase(Locale.ROOT).startsWith("linux")) {
			return Optional.empty();
		}
		return switch (osArch.toLowerCase(Locale.ROOT)) {
			case "amd64", "x86_64" -> Optional.of("linux-x64");
			case "aarch64", "arm64" -> Optional.of("linux-arm64");
			default -> Optional.empty();
		};
	}

	public Path library() {
		return this.library;
	}

	/**
	 * Starts sampling {@code event} in the JVM {@code pid}; wall-clock sampling only on
	 * {@code threadIds} when there are any.
	 */
	public void start(long pid, ProfilerEvent event, List<Long> threadIds) throws ProfilerException {
		if (event == ProfilerEvent.OFF) {
			throw new IllegalArgumentException("nothing to start for --profile off");
		}
		command(pid, event.startOptions(threadIds));
	}

	/**
	 * Starts sampling the CPU of every thread in {@code pid}, GC and JIT compiler threads
	 * included, each its own root frame. One sample per 5 ms of a thread's CPU: a few
	 * hundred a second on two cores, a cost well under 1 % of them.
	 */
	public void startCpu(long pid) throws ProfilerException {
		command(pid, "start,event=cpu,interval=5ms,threads");
	}

	/**
	 * Writes every sample since the start to {@code collapsed} and goes on sampling: each
	 * Java frame annotated with how it ran ({@code _[0]} interpreted, {@code _[1]} C1,
	 * {@code _[j]} C2, {@code _[i]} inlined).
	 */
	public void dumpAnnotated(long pid, Path collapsed) throws ProfilerException {
		commandWriting(pid, "dump,collapsed,ann", collapsed);
	}

	/**
	 * As {@link #startCpu}, with the method each JIT compiler thread compiles as a frame
	 * above its {@code compile_method} (the {@code comptask} feature).
	 */
	public void startCpuCompiling(long pid) throws ProfilerException {
		command(pid, "start,event=cpu,interval=5ms,threads,features=comptask");
	}

	/** Stops sampling in {@code pid}; the collapsed stacks go to {@code collapsed}. */
	public void stopCollapsed(long pid, Path collapsed) throws ProfilerException {
		commandWriting(pid, "stop,collapsed", collapsed);
	}

	/** Stops sampling in {@code pid}, its samples dropped. */
	public void stop(long pid) throws ProfilerException {
		command(pid, "stop");
	}

	/** Stops sampling in {@code pid} and writes the flame graph to {@code html}. */
	public void stopFlameGraph(long pid, Path html, String title) throws ProfilerException {
		// The agent's options are comma-separated: a comma in the title would end it.
		commandWriting(pid, "stop,title=" + title.replace(',', ' '), html);
	}

	/**
	 * Stops sampling in {@code pid}: writes the collapsed stacks to {@code collapsed}
	 * (for the event loops' summary) and the flame graph to {@code html}.
	 */
	public void stop(long pid, Path html, Path collapsed, String title) throws ProfilerException {
		// dump keeps the session going, so the same samples then make the flame graph.
		commandWriting(pid, "dump,collapsed", collapsed);
		stopFlameGraph(pid, html, title);
	}

	/**
	 * Runs {@code options} with {@code file} as their output, and checks that it was
	 * written: the agent's load can return normally with nothing written.
	 */
	private void commandWriting(long pid, String options, Path file) throws ProfilerException {
		command(pid, options + ",file=" + file.toAbsolutePath());
		if (!Files.isRegularFile(file)) {
			throw new ProfilerException("async-profiler ran '" + options + "' but wrote no " + file);
		}
	}

	private void command(long pid, String options) throws ProfilerException {
		VirtualMachine vm;
		try {
			vm = VirtualMachine.attach(Long.toString(pid));
		}
		catch (AttachNotSupportedException | IOException ex) {
			throw new ProfilerException("cannot attach to JVM " + pid + ": " + ex.getMessage());
		}
		try {
			vm.loadAgentPath(this.library.toString(), options);
		}
		catch (AgentLoadException | AgentInitializationException | IOException ex) {
			throw new ProfilerException("async-profiler refused '" + options + "' in JVM " + pid + ": " + ex);
		}
		finally {
			try {
				vm.detach();
			}
			catch (IOException ex) {
				// The agent's work is done; a failed detach only leaves the attach
				// listener's socket, which the JVM closes at exit.
			}
		}
	}

}
