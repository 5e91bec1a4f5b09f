package dev.gatewaykit.gateway.diagnostics;

import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import dev.gatewaykit.common.diagnostics.BlockingCall;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class BlockingCallsTests {

	private static final StackTraceElement RECORDER = frame("dev.gatewaykit.gateway.diagnostics.BlockingCalls",
			"recordCurrentThread", "BlockingCalls.java", 60);

	private static final StackTraceElement RUNTIME = frame("reactor.blockhound.BlockHoundRuntime", "checkBlocking",
			"BlockHoundRuntime.java", 40);

	private static final StackTraceElement SLEEP = frame("java.lang.Thread", "sleep", "Thread.java", -2);

	@Test
	void theSiteIsTheFirstApplicationFrameBelowTheBlockingMethod() {
		Stream<StackTraceElement> stack = Stream.of(RECORDER, RUNTIME, SLEEP,
				frame("reactor.core.publisher.MonoCallable", "call", "MonoCallable.java", 70),
				frame("dev.gatewaykit.gateway.core.identity.BlockingIdentityCalls", "loadSession",
						"BlockingIdentityCalls.java", 88),
				frame("dev.gatewaykit.gateway.mode.BlockingIdentityBackend", "lambda$loadSession$0",
						"BlockingIdentityBackend.java", 36));

		assertThat(BlockingCalls.siteOf(stack, "java.lang.Thread", "sleep")).isEqualTo(
				"dev.gatewaykit.gateway.core.identity.BlockingIdentityCalls.loadSession(BlockingIdentityCalls.java:88)");
	}

	@Test
	void aUsersFilterInItsOwnPackageIsTheSiteNotTheLibraryItBlockedIn() {
		Stream<StackTraceElement> stack = Stream.of(RECORDER, RUNTIME,
				frame("jdk.internal.misc.Unsafe", "park", "Unsafe.java", -2),
				frame("java.util.concurrent.CompletableFuture", "get", "CompletableFuture.java", 2096),
				frame("io.lettuce.core.protocol.AsyncCommand", "await", "AsyncCommand.java", 83),
				frame("io.lettuce.core.internal.Futures", "awaitOrCancel", "Futures.java", 244),
				frame("org.springframework.data.redis.connection.lettuce.LettuceConnection", "await",
						"LettuceConnection.java", 1000),
				frame("org.springframework.data.redis.core.DefaultListOperations", "leftPush",
						"DefaultListOperations.java", 150),
				frame("com.acme.gateway.AuditFilter", "filter", "AuditFilter.java", 42),
				frame("org.springframework.cloud.gateway.handler.FilteringWebHandler$DefaultGatewayFilterChain",
						"lambda$filter$0", "FilteringWebHandler.java", 140),
				frame("reactor.core.publisher.MonoDefer", "subscribe", "MonoDefer.java", 45),
				frame("dev.gatewaykit.gateway.filter.AuthenticationGlobalFilter", "filter",
						"AuthenticationGlobalFilter.java", 90));

		assertThat(BlockingCalls.siteOf(stack, "jdk.internal.misc.Unsafe", "park"))
			.isEqualTo("com.acme.gateway.AuditFilter.filter(AuditFilter.java:42)");
	}

	@Test
	void withoutAnApplicationFrameTheSiteIsTheFirstFrameOutsideTheJdk() {
		Stream<StackTraceElement> stack = Stream.of(RECORDER, RUNTIME,
				frame("jdk.internal.misc.Unsafe", "park", "Unsafe.java", -2),
				frame("java.util.concurrent.locks.LockSupport", "park", "LockSupport.java", 211),
				frame("sun.nio.ch.Something", "wait", null, -1),
				frame("io.lettuce.core.protocol.CommandHandler", "write", "CommandHandler.java", 400),
				frame("reactor.netty.Connection", "run", "Connection.java", 12));

		assertThat(BlockingCalls.siteOf(stack, "jdk.internal.misc.Unsafe", "park"))
			.isEqualTo("io.lettuce.core.protocol.CommandHandler.write(CommandHandler.java:400)");
	}

	@Test
	void aSiteWithNeitherIsUnknown() {
		assertThat(BlockingCalls.siteOf(Stream.of(RECORDER, RUNTIME, SLEEP), "java.lang.Thread", "sleep"))
			.isEqualTo("unknown");
		assertThat(BlockingCalls.siteOf(Stream.of(RECORDER, RUNTIME), "java.lang.Thread", "sleep"))
			.isEqualTo("unknown");
	}

	@Test
	void callsAreCountedPerSiteAndMethodMostFrequentFirstWithTheirThreadsSorted() {
		BlockingCalls calls = new BlockingCalls();
		calls.record("A.a(A.java:1)", "java.lang.Thread#sleep", "reactor-http-epoll-2");
		calls.record("B.b(B.java:2)", "jdk.internal.misc.Unsafe#park", "parallel-1");
		calls.record("B.b(B.java:2)", "jdk.internal.misc.Unsafe#park", "parallel-2");
		calls.record("B.b(B.java:2)", "jdk.internal.misc.Unsafe#park", "parallel-1");

		assertThat(calls.snapshot()).containsExactly(
				new BlockingCall("B.b(B.java:2)", "jdk.internal.misc.Unsafe#park", 3,
						List.of("parallel-1", "parallel-2")),
				new BlockingCall("A.a(A.java:1)", "java.lang.Thread#sleep", 1, List.of("reactor-http-epoll-2")));
	}

	@Test
	void threadNamesAreBoundedPerCallButEveryCallIsCounted() {
		BlockingCalls calls = new BlockingCalls();
		IntStream.range(0, 100).forEach((i) -> calls.record("A.a(A.java:1)", "T#m", "boundedElastic-" + i));

		BlockingCall call = calls.snapshot().get(0);
		assertThat(call.count()).isEqualTo(100);
		assertThat(call.threads()).hasSize(BlockingCalls.MAX_THREADS_PER_CALL);
	}

	@Test
	void resetForgetsTheCallsAndMovesTheSinceTime() throws InterruptedException {
		BlockingCalls calls = new BlockingCalls();
		calls.record("A.a(A.java:1)", "T#m", "t");
		long before = calls.sinceEpochMs();
		Thread.sleep(5);

		calls.reset();

		assertThat(calls.snapshot()).isEmpty();
		assertThat(calls.sinceEpochMs()).isGreaterThan(before);
	}

	@Test
	void blockHoundIsRefusedOnJava13AndLaterOnlyWhenTheJvmSaysTheFlagIsOff() {
		assertThat(BlockHoundRecording.missingFlag(17, Optional.of("false")))
			.hasValue("on Java 17 it needs the JVM flag -XX:+AllowRedefinitionToAddDeleteMethods");
		assertThat(BlockHoundRecording.missingFlag(17, Optional.of("true"))).isEmpty();
		assertThat(BlockHoundRecording.missingFlag(11, Optional.of("false"))).isEmpty();
		assertThat(BlockHoundRecording.missingFlag(21, Optional.empty())).isEmpty();
	}

	private static StackTraceElement frame(String className, String method, String file, int line) {
		return new StackTraceElement(className, method, file, line);
	}

}
