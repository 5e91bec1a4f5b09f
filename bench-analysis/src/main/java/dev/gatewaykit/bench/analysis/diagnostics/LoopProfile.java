package dev.gatewaykit.bench.analysis.diagnostics;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.gatewaykit.common.diagnostics.EventLoopThreads;

/**
 * Where the event loops' samples in a profile went: waiting for I/O (idle), waiting on
 * something else (blocked: the loop serves nobody meanwhile) or running, and which
 * application frames the blocked and running samples were under. Read from
 * async-profiler's collapsed stacks ({@code thread;frame;...;leaf count}, the thread as
 * the root frame with the {@code threads} option).
 *
 * @param samples the event loops' samples
 * @param idlePct share waiting for I/O
 * @param blockedPct share parked, waiting or sleeping outside the selector
 * @param runningPct share on CPU or in a system call other than the selector's wait
 * @param blockedIn the application frames nearest the wait, by share of all samples,
 * largest first
 * @param runningIn likewise for the running samples
 */
public record LoopProfile(long samples, double idlePct, double blockedPct, double runningPct,
		List<FrameShare> blockedIn, List<FrameShare> runningIn) {

	/** The collapsed stacks next to the flame graph. */
	public static final String FILE = "profile.collapsed";

	/** The most frames listed per kind. */
	static final int TOP = 5;

	public LoopProfile {
		blockedIn = List.copyOf(blockedIn);
		runningIn = List.copyOf(runningIn);
	}

	/**
	 * A frame and its share.
	 *
	 * @param frame {@code class.method}, or {@code (no application frame)}
	 * @param pct percent of the loops' samples
	 */
	public record FrameShare(String frame, double pct) {
	}

	/**
	 * The event loops' samples in {@code collapsed}
	 * ({@link EventLoopThreads#servesRequests}, the rule the gateway's CPU meters follow
	 * too).
	 */
	public static LoopProfile of(String collapsed) {
		long total = 0;
		long idle = 0;
		long blocked = 0;
		Map<String, Long> blockedIn = new LinkedHashMap<>();
		Map<String, Long> runningIn = new LinkedHashMap<>();
		for (CollapsedStack stack : CollapsedStack.parse(collapsed)) {
			String[] frames = stack.frames();
			// A root frame is "[thread-name tid=N]".
			if (!frames[0].startsWith("[") || !EventLoopThreads.servesRequests(frames[0].substring(1))) {
				continue;
			}
			long count = stack.count();
			total += count;
			if (anyContains(frames, "epollWait", "epollBusyWait", "epoll_wait", "EPoll.wait",
					"SelectorImpl.lockAndDoSelect", "ioUringWait", "kqueueWait")) {
				idle += count;
			}
			else if (anyContains(frames, "Unsafe.park", "Object.wait", "Thread.sleep", "pthread_cond_wait",
					"pthread_cond_timedwait")) {
				blocked += count;
				blockedIn.merge(applicationFrame(frames), count, Long::sum);
			}
			else {
				runningIn.merge(applicationFrame(frames), count, Long::sum);
			}
		}
		if (total == 0) {
			return new LoopProfile(0, 0, 0, 0, List.of(), List.of());
		}
		long running = total - idle - blocked;
		return new LoopProfile(total, pct(idle, total), pct(blocked, total), pct(running, total), top(blockedIn, total),
				top(runningIn, total));
	}

	/**
	 * The application frame nearest the leaf, as {@code class.method}: the line of the
	 * kit's (or a user's filter's) code that waited or ran.
	 */
	static String applicationFrame(String[] frames) {
		for (int i = frames.length - 1; i > 0; i--) {
			String frame = frames[i].replace('/', '.');
			if (frame.startsWith(ThreadDump.APPLICATION_PACKAGE)) {
				return frame.replaceFirst("_\\[[a-z]\\]$", "");
			}
		}
		return "(no application frame)";
	}

	private static boolean anyContains(String[] frames, String... needles) {
		for (String frame : frames) {
			for (String needle : needles) {
				if (frame.contains(needle)) {
					return true;
				}
			}
		}
		return false;
	}

	private static List<FrameShare> top(Map<String, Long> counts, long total) {
		List<FrameShare> shares = new ArrayList<>();
		counts.forEach((frame, count) -> shares.add(new FrameShare(frame, pct(count, total))));
		shares.sort(Comparator.comparingDouble(FrameShare::pct).reversed());
		return shares.subList(0, Math.min(TOP, shares.size()));
	}

	private static double pct(long part, long total) {
		return 100.0 * part / total;
	}

}
