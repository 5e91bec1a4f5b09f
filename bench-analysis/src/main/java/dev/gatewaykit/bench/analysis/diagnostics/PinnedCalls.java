package dev.gatewaykit.bench.analysis.diagnostics;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;
import org.jspecify.annotations.Nullable;

/**
 * Where virtual threads blocked while pinned to their carrier: the
 * {@code jdk.VirtualThreadPinned} events of a JFR recording, grouped by call site. A
 * pinned virtual thread holds its carrier for as long as it blocks, so carriers ÷ pinned
 * time bounds a virtual-thread server as threads ÷ hold time bounds a platform pool.
 * <p>
 * Read with {@code jdk.jfr.consumer.RecordingFile}, which reads recordings of newer JDKs
 * (a JDK 25 recording on the JDK 17 the analysis runs on). JDK 24+ events also say why
 * the thread was pinned ({@code pinnedReason}, e.g. {@code Native or VM frame on stack})
 * and what it blocked in ({@code blockingOperation}, e.g. {@code LockSupport.park}); a
 * JDK 21 event has neither, and they are {@code null} here.
 *
 * @param events the pinned events in the recording
 * @param totalMs their summed duration
 * @param maxMs the longest
 * @param sites by call site (and reason), most events first
 */
public record PinnedCalls(long events, double totalMs, double maxMs, List<Site> sites) {

	/** The recording the bench takes of an MVC case's window. */
	public static final String FILE = "virtual-threads.jfr";

	/** What the bench read from {@link #FILE}, beside it. */
	public static final String JSON_FILE = "pinned-calls.json";

	/** JFR's name of the event. */
	public static final String EVENT = "jdk.VirtualThreadPinned";

	/** The call site of an event whose stack has only JDK frames. */
	public static final String NO_APPLICATION_FRAME = "(no application frame)";

	/** The call site of an event recorded without a stack trace. */
	public static final String NO_STACK = "(no stack trace)";

	/** The most frames kept per site, from the call site towards the thread's start. */
	static final int STACK_FRAMES = 8;

	public PinnedCalls {
		sites = List.copyOf(sites);
	}

	/** The pinned time per request of a window that served {@code requests}. */
	public double pinnedMsPerRequest(long requests) {
		if (requests < 1) {
			throw new IllegalArgumentException("requests must be at least 1, was " + requests);
		}
		return this.totalMs / requests;
	}

	/**
	 * The bound pinning alone sets: a pinned virtual thread holds its carrier as a
	 * platform thread holds its pool's thread, so by Little's law the carriers serve at
	 * most {@code carriers ÷ pinned time per request} requests a second (each request
	 * also needs its CPU on them, which this leaves out: a ceiling, not a prediction).
	 * {@code null} when nothing pinned: no bound.
	 * @param carriers the virtual-thread scheduler's carriers
	 * @param requests the requests the window served
	 */
	public @Nullable Double carrierBound(int carriers, long requests) {
		if (carriers < 1) {
			throw new IllegalArgumentException("carriers must be at least 1, was " + carriers);
		}
		double perRequest = pinnedMsPerRequest(requests);
		return (perRequest > 0) ? carriers / (perRequest / 1000.0) : null;
	}

	/**
	 * The pinned calls of one call site and reason.
	 *
	 * @param callSite {@code class.method:line} of the stack's first frame outside
	 * {@code java.*}, {@code jdk.*} and {@code sun.*} (the frame that blocked, or called
	 * what blocked), or {@link #NO_APPLICATION_FRAME} / {@link #NO_STACK}
	 * @param pinnedReason why the carrier was pinned (JDK 24+), else {@code null}
	 * @param blockingOperation what the thread blocked in (JDK 24+), else {@code null}
	 * @param count pinned events
	 * @param totalMs their summed duration
	 * @param maxMs the longest
	 * @param stack the first such event's frames from the call site on, at most
	 * {@value #STACK_FRAMES}
	 */
	public record Site(String callSite, @Nullable String pinnedReason, @Nullable String blockingOperation, long count,
			double totalMs, double maxMs, List<String> stack) {

		public Site {
			stack = List.copyOf(stack);
		}

	}

	/** The pinned events of the recording at {@code jfr}. */
	public static PinnedCalls read(Path jfr) {
		try {
			return of(RecordingFile.readAllEvents(jfr));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read the JFR recording " + jfr, ex);
		}
	}

	/** The {@value #EVENT} events among {@code events}; the others are ignored. */
	public static PinnedCalls of(List<RecordedEvent> events) {
		Map<List<@Nullable String>, Group> groups = new LinkedHashMap<>();
		long count = 0;
		long totalNanos = 0;
		long maxNanos = 0;
		for (RecordedEvent event : events) {
			if (!EVENT.equals(event.getEventType().getName())) {
				continue;
			}
			long nanos = nanos(event.getDuration());
			count++;
			totalNanos += nanos;
			maxNanos = Math.max(maxNanos, nanos);
			List<String> stack = applicationStack(event.getStackTrace());
			String callSite = (event.getStackTrace() == null) ? NO_STACK
					: stack.isEmpty() ? NO_APPLICATION_FRAME : stack.get(0);
			String reason = text(event, "pinnedReason");
			String operation = text(event, "blockingOperation");
			groups
				.computeIfAbsent(Arrays.asList(callSite, reason, operation),
						(key) -> new Group(callSite, reason, operation, stack))
				.add(nanos);
		}
		List<Site> sites = new ArrayList<>();
		for (Group group : groups.values()) {
			sites.add(group.site());
		}
		sites.sort(Comparator.comparingLong(Site::count)
			.reversed()
			.thenComparing(Comparator.comparingDouble(Site::totalMs).reversed())
			.thenComparing(Site::callSite));
		return new PinnedCalls(count, millis(totalNanos), millis(maxNanos), sites);
	}

	/**
	 * Whether a frame's class is the JDK's: {@code java.*}, {@code jdk.*}, {@code sun.*}.
	 */
	static boolean isJdk(String className) {
		return className.startsWith("java.") || className.startsWith("jdk.") || className.startsWith("sun.");
	}

	/**
	 * The frames from the first non-JDK one on, as {@code class.method:line}, without the
	 * hidden ones.
	 */
	private static List<String> applicationStack(@Nullable RecordedStackTrace trace) {
		if (trace == null) {
			return List.of();
		}
		List<String> stack = new ArrayList<>();
		for (RecordedFrame frame : trace.getFrames()) {
			// Hidden frames: method handles' lambda forms (an FFM upcall's and downcall's
			// stubs between the call site and its caller), lambdas' proxies.
			if (frame.getMethod() == null || frame.getMethod().isHidden()) {
				continue;
			}
			String className = frame.getMethod().getType().getName();
			if (stack.isEmpty() && isJdk(className)) {
				continue;
			}
			stack.add(className + "." + frame.getMethod().getName()
					+ ((frame.getLineNumber() >= 0) ? ":" + frame.getLineNumber() : ""));
			if (stack.size() == STACK_FRAMES) {
				break;
			}
		}
		return stack;
	}

	/** A string field that JDK 24+ has and 21 has not. */
	private static @Nullable String text(RecordedEvent event, String field) {
		if (!event.hasField(field)) {
			return null;
		}
		Object value = event.getValue(field);
		return (value != null) ? value.toString() : null;
	}

	private static long nanos(Duration duration) {
		return Math.max(0, duration.toNanos());
	}

	private static double millis(long nanos) {
		return nanos / 1_000_000.0;
	}

	private static final class Group {

		private final String callSite;

		private final @Nullable String reason;

		private final @Nullable String operation;

		private final List<String> stack;

		private long count;

		private long totalNanos;

		private long maxNanos;

		Group(String callSite, @Nullable String reason, @Nullable String operation, List<String> stack) {
			this.callSite = Objects.requireNonNull(callSite);
			this.reason = reason;
			this.operation = operation;
			this.stack = stack;
		}

		void add(long nanos) {
			this.count++;
			this.totalNanos += nanos;
			this.maxNanos = Math.max(this.maxNanos, nanos);
		}

		Site site() {
			return new Site(this.callSite, this.reason, this.operation, this.count, millis(this.totalNanos),
					millis(this.maxNanos), this.stack);
		}

	}

}
