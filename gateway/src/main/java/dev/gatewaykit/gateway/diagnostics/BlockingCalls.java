package dev.gatewaykit.gateway.diagnostics;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Stream;

import dev.gatewaykit.common.diagnostics.BlockingCall;

/**
 * The blocking calls BlockHound reported, counted per call site and blocking method.
 * Recording is thread-safe and cheap (it runs on the thread that blocks, inside the
 * blocking call): one lazy stack walk that stops at the first application frame, a map
 * look-up and an adder.
 * <p>
 * An application frame is one outside the JDK and the libraries a gateway runs on, so
 * that a filter in a user's own package ({@code com.acme...}, added through
 * gateway-extensions) is named as precisely as the kit's own, not by the Lettuce or
 * Spring Data frame it blocked in.
 */
final class BlockingCalls {

	/** Frames of these packages are never the call site. */
	private static final List<String> JDK_PACKAGES = List.of("java.", "jdk.", "sun.", "com.sun.",
			"reactor.blockhound.");

	/**
	 * Frames of these packages are the call site only when no application frame is on the
	 * stack: the libraries and frameworks between an application's code and the blocking
	 * method (a blocked Redis call goes through Spring Data Redis and Lettuce, a blocked
	 * filter through Spring Cloud Gateway and Reactor).
	 */
	private static final List<String> LIBRARY_PACKAGES = List.of("reactor.", "io.netty.", "io.lettuce.",
			"org.springframework.", "io.micrometer.", "tools.jackson.", "com.fasterxml.", "kotlin.", "kotlinx.",
			"org.reactivestreams.", "org.apache.", "org.slf4j.", "ch.qos.logback.", "com.alibaba.nacos.",
			"org.hibernate.", "jakarta.", "io.projectreactor.", "org.jspecify.", "org.HdrHistogram.",
			"com.github.benmanes.caffeine.", "io.prometheus.", "org.junit.");

	/**
	 * Thread names kept per call: bounded, because {@code boundedElastic} names each new
	 * thread with a fresh number.
	 */
	static final int MAX_THREADS_PER_CALL = 64;

	private final ConcurrentHashMap<Key, Tally> calls = new ConcurrentHashMap<>();

	private volatile long sinceEpochMs = System.currentTimeMillis();

	private volatile boolean installed;

	/** BlockHound is installed and reports here. */
	void installed() {
		this.installed = true;
		this.sinceEpochMs = System.currentTimeMillis();
	}

	boolean isInstalled() {
		return this.installed;
	}

	long sinceEpochMs() {
		return this.sinceEpochMs;
	}

	/**
	 * Records a blocking call of {@code className#methodName} made by the current thread,
	 * whose stack is walked for the call site.
	 */
	void recordCurrentThread(String className, String methodName) {
		String site = StackWalker.getInstance()
			.walk((frames) -> siteOf(frames.map(StackWalker.StackFrame::toStackTraceElement), className, methodName));
		record(site, className + "#" + methodName, Thread.currentThread().getName());
	}

	void record(String site, String blockingMethod, String thread) {
		Tally tally = this.calls.computeIfAbsent(new Key(site, blockingMethod), (key) -> new Tally());
		tally.count.increment();
		if (tally.threads.size() < MAX_THREADS_PER_CALL) {
			tally.threads.add(thread);
		}
	}

	/** Forgets the calls recorded so far; what follows is counted from now. */
	void reset() {
		this.calls.clear();
		this.sinceEpochMs = System.currentTimeMillis();
	}

	/** Each call site, most frequent first. */
	List<BlockingCall> snapshot() {
		List<BlockingCall> snapshot = new ArrayList<>();
		this.calls.forEach((key, tally) -> snapshot.add(new BlockingCall(key.site(), key.blockingMethod(),
				tally.count.sum(), tally.threads.stream().sorted().toList())));
		snapshot.sort(Comparator.comparingLong(BlockingCall::count)
			.reversed()
			.thenComparing(BlockingCall::site)
			.thenComparing(BlockingCall::blockingMethod));
		return snapshot;
	}

	/**
	 * The call site of a blocking call, from the stack of the thread that made it (top
	 * first): below the frame of the blocking method itself, the first application frame
	 * (outside the JDK, BlockHound and the {@link #LIBRARY_PACKAGES libraries}), or else
	 * the first frame outside the JDK and BlockHound; {@code "unknown"} when there is
	 * neither.
	 * @param stack the frames, top first
	 * @param className the blocking method's class ({@code java.lang.Thread})
	 * @param methodName the blocking method ({@code sleep})
	 * @return {@code class.method(File.java:line)}
	 */
	static String siteOf(Stream<StackTraceElement> stack, String className, String methodName) {
		boolean below = false;
		StackTraceElement outsideJdk = null;
		for (Iterator<StackTraceElement> frames = stack.iterator(); frames.hasNext();) {
			StackTraceElement frame = frames.next();
			if (!below) {
				below = frame.getClassName().equals(className) && frame.getMethodName().equals(methodName);
				continue;
			}
			if (in(JDK_PACKAGES, frame)) {
				continue;
			}
			if (!in(LIBRARY_PACKAGES, frame)) {
				return describe(frame);
			}
			if (outsideJdk == null) {
				outsideJdk = frame;
			}
		}
		return (outsideJdk != null) ? describe(outsideJdk) : "unknown";
	}

	private static boolean in(List<String> packages, StackTraceElement frame) {
		String className = frame.getClassName();
		for (String prefix : packages) {
			if (className.startsWith(prefix)) {
				return true;
			}
		}
		return false;
	}

	private static String describe(StackTraceElement frame) {
		String file = (frame.getFileName() != null) ? frame.getFileName() : "Unknown Source";
		String line = (frame.getLineNumber() >= 0) ? ":" + frame.getLineNumber() : "";
		return frame.getClassName() + "." + frame.getMethodName() + "(" + file + line + ")";
	}

	private record Key(String site, String blockingMethod) {
	}

	private static final class Tally {

		final LongAdder count = new LongAdder();

		final Set<String> threads = ConcurrentHashMap.newKeySet();

	}

}
