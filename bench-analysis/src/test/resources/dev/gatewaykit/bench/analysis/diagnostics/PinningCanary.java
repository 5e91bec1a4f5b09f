import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * A JFR canary for PinnedCallsTests, run in source-file mode on a JDK 22+ (the FFM API is
 * final in 22): {@code java PinningCanary.java pin} blocks a virtual thread under a native
 * frame (libc's qsort calling back into Java, which sleeps), which pins its carrier on
 * every JDK with virtual threads, JEP 491 included; {@code clean} lets a virtual thread
 * sleep with no native frame under it, which pins nothing.
 */
public class PinningCanary {

	public static void main(String[] args) throws Exception {
		boolean pin = args.length == 1 && args[0].equals("pin");
		if (!pin && !(args.length == 1 && args[0].equals("clean"))) {
			throw new IllegalArgumentException("usage: PinningCanary pin|clean");
		}
		Thread thread = Thread.ofVirtual().start(() -> {
			try {
				if (pin) {
					sortWithASleepingComparator();
				}
				else {
					Thread.sleep(40);
				}
			}
			catch (Throwable ex) {
				throw new IllegalStateException(ex);
			}
		});
		thread.join();
		System.out.println("canary " + args[0] + " done");
	}

	static void sortWithASleepingComparator() throws Throwable {
		Linker linker = Linker.nativeLinker();
		MethodHandle qsort = linker.downcallHandle(linker.defaultLookup().find("qsort").orElseThrow(),
				FunctionDescriptor.ofVoid(ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG,
						ValueLayout.ADDRESS));
		MethodHandle compare = MethodHandles.lookup()
			.findStatic(PinningCanary.class, "compare",
					MethodType.methodType(int.class, MemorySegment.class, MemorySegment.class));
		FunctionDescriptor comparator = FunctionDescriptor.of(ValueLayout.JAVA_INT,
				ValueLayout.ADDRESS.withTargetLayout(ValueLayout.JAVA_INT),
				ValueLayout.ADDRESS.withTargetLayout(ValueLayout.JAVA_INT));
		try (Arena arena = Arena.ofConfined()) {
			MemorySegment upcall = linker.upcallStub(compare, comparator, arena);
			MemorySegment ints = arena.allocateFrom(ValueLayout.JAVA_INT, 2, 1);
			qsort.invokeExact(ints, 2L, 4L, upcall);
		}
	}

	/** The upcall: blocks (a sleep parks a virtual thread) while qsort's frame is below. */
	static int compare(MemorySegment left, MemorySegment right) {
		try {
			Thread.sleep(40);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		return Integer.compare(left.get(ValueLayout.JAVA_INT, 0), right.get(ValueLayout.JAVA_INT, 0));
	}

}
