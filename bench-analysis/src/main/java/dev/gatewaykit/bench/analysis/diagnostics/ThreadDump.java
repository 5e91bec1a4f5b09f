package dev.gatewaykit.bench.analysis.diagnostics;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.gatewaykit.common.diagnostics.EventLoopThreads;
import dev.gatewaykit.common.diagnostics.SchedulerThreads;

/**
 * The threads of a HotSpot thread dump ({@code jcmd <pid> Thread.print}, the format
 * {@code jstack} prints), with what each event-loop thread was doing when it was taken.
 */
public final class ThreadDump {

	private static final Pattern HEADER = Pattern.compile("^\"(.+)\" .*");

	private static final Pattern NATIVE_ID = Pattern.compile(" nid=(0x[0-9a-fA-F]+|[0-9]+)");

	private static final Pattern STATE = Pattern.compile("^\\s+java\\.lang\\.Thread\\.State: (.+)$");

	private static final Pattern FRAME = Pattern.compile("^\\s+at (\\S+)\\((.*)\\)$");

	private static final Pattern PARKED_ON = Pattern.compile("^\\s+- parking to wait for\\s+<[^>]+> \\(a (\\S+)\\)$");

	/** The package whose frames are the application's. */
	static final String APPLICATION_PACKAGE = "dev.gatewaykit.";

	private ThreadDump() {
	}

	/**
	 * One thread.
	 *
	 * @param name its name
	 * @param state {@code java.lang.Thread.State} ({@code RUNNABLE},
	 * {@code WAITING (parking)}, ...), empty for threads the dump gives none
	 * @param frames its stack, top first, as {@code class.method(source)}
	 * @param parkedOn the class of the object it is parked on, if parked
	 * @param nativeId the operating system's thread id ({@code nid}), 0 if the dump has
	 * none
	 */
	public record DumpedThread(String name, String state, List<String> frames, Optional<String> parkedOn,
			long nativeId) {

		public DumpedThread {
			frames = List.copyOf(frames);
		}

	}

	/**
	 * What an event-loop thread was doing.
	 *
	 * @param thread its name
	 * @param state its thread state
	 * @param activity {@code idle} (waiting for I/O: a free loop), {@code blocked}
	 * (waiting on something other than I/O: a loop that serves nobody meanwhile) or
	 * {@code running}
	 * @param detail the frame that says why: the application frame that blocked, or the
	 * frame it was running
	 */
	public record LoopActivity(String thread, String state, String activity, String detail) {

		public static final String IDLE = "idle";

		public static final String BLOCKED = "blocked";

		public static final String RUNNING = "running";

	}

	/** Every thread in {@code dump}, in the dump's order. */
	public static List<DumpedThread> parse(String dump) {
		List<DumpedThread> threads = new ArrayList<>();
		String name = null;
		String state = "";
		List<String> frames = new ArrayList<>();
		String parkedOn = null;
		long nativeId = 0;
		for (String line : dump.split("\n")) {
			Matcher header = HEADER.matcher(line);
			if (header.matches()) {
				if (name != null) {
					threads.add(new DumpedThread(name, state, frames, Optional.ofNullable(parkedOn), nativeId));
				}
				name = header.group(1);
				state = "";
				frames = new ArrayList<>();
				parkedOn = null;
				Matcher nid = NATIVE_ID.matcher(line);
				nativeId = nid.find() ? Long.decode(nid.group(1)) : 0;
				continue;
			}
			if (name == null) {
				continue;
			}
			Matcher stateLine = STATE.matcher(line);
			Matcher frame = FRAME.matcher(line);
			Matcher parked = PARKED_ON.matcher(line);
			if (stateLine.matches()) {
				state = stateLine.group(1).trim();
			}
			else if (frame.matches()) {
				frames.add(frame.group(1) + "(" + stripModule(frame.group(2)) + ")");
			}
			else if (parked.matches() && parkedOn == null) {
				parkedOn = parked.group(1);
			}
		}
		if (name != null) {
			threads.add(new DumpedThread(name, state, frames, Optional.ofNullable(parkedOn), nativeId));
		}
		return threads;
	}

	/**
	 * The operating system ids of the threads a request's work runs on: Reactor Netty's
	 * event loops, Reactor's {@code parallel} and {@code boundedElastic} pools (the
	 * offload modes) and Lettuce's I/O threads.
	 */
	public static List<Long> requestPathThreads(String dump) {
		return parse(dump).stream()
			.filter((thread) -> thread.nativeId() > 0 && (thread.name().startsWith(EventLoopThreads.PREFIX)
					|| SchedulerThreads.isParallel(thread.name()) || SchedulerThreads.isBoundedElastic(thread.name())
					|| thread.name().startsWith("lettuce-")))
			.map(DumpedThread::nativeId)
			.toList();
	}

	/** What each event loop in {@code dump} was doing, by name. */
	public static List<LoopActivity> eventLoops(String dump) {
		return parse(dump).stream()
			.filter((thread) -> EventLoopThreads.servesRequests(thread.name()))
			.sorted((a, b) -> a.name().compareTo(b.name()))
			.map(ThreadDump::activity)
			.toList();
	}

	static LoopActivity activity(DumpedThread thread) {
		String top = thread.frames().isEmpty() ? "" : thread.frames().get(0);
		Optional<String> application = thread.frames()
			.stream()
			.filter((frame) -> frame.startsWith(APPLICATION_PACKAGE))
			.findFirst();
		if (thread.state().startsWith("RUNNABLE") && waitsForIo(top)) {
			return new LoopActivity(thread.name(), thread.state(), LoopActivity.IDLE, "waiting for I/O in " + top);
		}
		if (thread.state().startsWith("WAITING") || thread.state().startsWith("TIMED_WAITING")
				|| thread.state().startsWith("BLOCKED")) {
			String on = thread.parkedOn().map((type) -> " on " + simpleName(type)).orElse("");
			return new LoopActivity(thread.name(), thread.state(), LoopActivity.BLOCKED,
					"waiting" + on + " in " + application.orElse(top));
		}
		return new LoopActivity(thread.name(), thread.state(), LoopActivity.RUNNING, application.orElse(top));
	}

	/**
	 * An event loop with nothing to do sits in the selector: epoll's, NIO's or
	 * io_uring's.
	 */
	private static boolean waitsForIo(String frame) {
		// Netty's native methods are epollWait0 / epollBusyWait0 in recent versions.
		return frame.contains(".epollWait") || frame.contains(".epollBusyWait") || frame.contains("EPoll.wait(")
				|| frame.contains("SelectorImpl.lockAndDoSelect(") || frame.contains(".select(")
				|| frame.contains(".ioUringWait") || frame.contains("KQueue.poll(") || frame.contains(".kqueueWait");
	}

	/** {@code java.base@17.0.9/Thread.java:840} → {@code Thread.java:840}. */
	private static String stripModule(String source) {
		int slash = source.indexOf('/');
		return (slash >= 0 && source.substring(0, slash).contains("@")) ? source.substring(slash + 1) : source;
	}

	private static String simpleName(String type) {
		int dot = type.lastIndexOf('.');
		return (dot >= 0) ? type.substring(dot + 1) : type;
	}

}
