package dev.gatewaykit.gatewaymvc.identity;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Array;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Runs Java code under a native frame: C's {@code qsort} sorts two ints with a comparator
 * that is a Java upcall, and the first comparison runs the code. A virtual thread that
 * blocks there cannot unmount (the native frame cannot be moved off the carrier's stack),
 * on every JDK. The Foreign Function and Memory API is final in JDK 22 and this module
 * compiles for 17, so it is reached by reflection; the handles are made once.
 * <p>
 * An exception may not leave an upcall (the JVM would exit), so the code's own is caught
 * in the comparator and thrown again after {@code qsort} returns.
 */
final class NativeFrame {

	private static final ThreadLocal<Call<?>> current = new ThreadLocal<>();

	private NativeFrame() {
	}

	/** Fails now, naming why, if this JVM cannot make the native frame. */
	static void check() {
		Handles.INSTANCE.getClass();
	}

	static <T> T run(Supplier<T> code) {
		Call<T> call = new Call<>(code);
		current.set(call);
		try {
			Handles.INSTANCE.sortTwo();
		}
		finally {
			current.remove();
		}
		return call.result();
	}

	/** The comparator's body: runs the thread's pending code once, answers "equal". */
	@SuppressWarnings("unused") // called from native code, through the upcall stub
	private static int compare(Object left, Object right) {
		Call<?> call = current.get();
		if (call != null) {
			current.remove();
			call.run();
		}
		return 0;
	}

	private static final class Call<T> {

		private final Supplier<T> code;

		private T value;

		private RuntimeException failure;

		private Error error;

		Call(Supplier<T> code) {
			this.code = code;
		}

		void run() {
			try {
				this.value = this.code.get();
			}
			catch (RuntimeException ex) {
				this.failure = ex;
			}
			catch (Error ex) {
				this.error = ex;
			}
		}

		T result() {
			if (this.error != null) {
				throw this.error;
			}
			if (this.failure != null) {
				throw this.failure;
			}
			return this.value;
		}

	}

	/** qsort's downcall handle and the comparator's upcall stub, made by reflection. */
	private static final class Handles {

		static final Handles INSTANCE = new Handles();

		private final MethodHandle qsort;

		private final Object comparator;

		private final MethodHandle ofConfined;

		private final MethodHandle allocate;

		private final MethodHandle close;

		private Handles() {
			try {
				Class<?> linkerType = Class.forName("java.lang.foreign.Linker");
				Class<?> optionType = Class.forName("java.lang.foreign.Linker$Option");
				Class<?> layoutType = Class.forName("java.lang.foreign.MemoryLayout");
				Class<?> valueLayoutType = Class.forName("java.lang.foreign.ValueLayout");
				Class<?> descriptorType = Class.forName("java.lang.foreign.FunctionDescriptor");
				Class<?> segmentType = Class.forName("java.lang.foreign.MemorySegment");
				Class<?> arenaType = Class.forName("java.lang.foreign.Arena");
				Class<?> lookupType = Class.forName("java.lang.foreign.SymbolLookup");
				Object linker = linkerType.getMethod("nativeLinker").invoke(null);
				Object address = valueLayoutType.getField("ADDRESS").get(null);
				Object javaLong = valueLayoutType.getField("JAVA_LONG").get(null);
				Object javaInt = valueLayoutType.getField("JAVA_INT").get(null);
				Object noOptions = Array.newInstance(optionType, 0);
				// void qsort(void *base, size_t n, size_t size, int (*compar)(const void
				// *,
				// const void *))
				Object qsortDescriptor = descriptorType.getMethod("ofVoid", layoutType.arrayType())
					.invoke(null, layouts(layoutType, address, javaLong, javaLong, address));
				Object compareDescriptor = descriptorType.getMethod("of", layoutType, layoutType.arrayType())
					.invoke(null, javaInt, layouts(layoutType, address, address));
				Object symbols = linkerType.getMethod("defaultLookup").invoke(linker);
				Object qsortAddress = ((Optional<?>) lookupType.getMethod("find", String.class)
					.invoke(symbols, "qsort")).orElseThrow(() -> new IllegalStateException("no qsort in libc"));
				this.qsort = (MethodHandle) linkerType
					.getMethod("downcallHandle", segmentType, descriptorType, optionType.arrayType())
					.invoke(linker, qsortAddress, qsortDescriptor, noOptions);
				MethodHandle compare = MethodHandles.lookup()
					.findStatic(NativeFrame.class, "compare",
							MethodType.methodType(int.class, Object.class, Object.class))
					.asType(MethodType.methodType(int.class, segmentType, segmentType));
				Object global = arenaType.getMethod("global").invoke(null);
				this.comparator = linkerType
					.getMethod("upcallStub", MethodHandle.class, descriptorType, arenaType, optionType.arrayType())
					.invoke(linker, compare, compareDescriptor, global, noOptions);
				MethodHandles.Lookup publicLookup = MethodHandles.publicLookup();
				this.ofConfined = publicLookup.findStatic(arenaType, "ofConfined", MethodType.methodType(arenaType));
				this.allocate = publicLookup.findVirtual(arenaType, "allocate",
						MethodType.methodType(segmentType, long.class));
				this.close = publicLookup.findVirtual(arenaType, "close", MethodType.methodType(void.class));
			}
			catch (ReflectiveOperationException | RuntimeException ex) {
				throw new IllegalStateException("kit.gateway.pin-carriers=true needs the Foreign Function and Memory "
						+ "API (Java 22+) on Java 24+, and this is Java " + Runtime.version() + ": " + ex, ex);
			}
		}

		private static Object layouts(Class<?> layoutType, Object... layouts) {
			Object array = Array.newInstance(layoutType, layouts.length);
			for (int i = 0; i < layouts.length; i++) {
				Array.set(array, i, layouts[i]);
			}
			return array;
		}

		/** Sorts two ints in native memory: qsort compares them once at least. */
		void sortTwo() {
			try {
				Object arena = this.ofConfined.invoke();
				try {
					Object ints = this.allocate.invoke(arena, 8L);
					this.qsort.invoke(ints, 2L, 4L, this.comparator);
				}
				finally {
					this.close.invoke(arena);
				}
			}
			catch (RuntimeException | Error ex) {
				throw ex;
			}
			catch (Throwable ex) {
				throw new IllegalStateException(ex);
			}
		}

	}

}
