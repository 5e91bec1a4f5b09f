package dev.gatewaykit.bench.analysis.diagnostics;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonValue;
import org.jspecify.annotations.Nullable;

/**
 * What spends a gateway's CPU, as {@link CpuSplit} names it: a library by its package
 * prefixes, the code that is no library's (the kit's filters and yours), GC and JIT
 * threads, and the JVM, JDK and kernel work no library frame sits above. Declared in the
 * order a frame is tried: the narrower prefix first ({@code reactor.netty.http.client.}
 * before {@code reactor.netty.} before {@code reactor.}).
 */
public enum CpuPart {

	/** The kit's own instruments: the event-loop probe, BlockHound's recording. */
	KIT_PROBES("the kit's diagnostics", "dev.gatewaykit.gateway.diagnostics.", "reactor.blockhound."),

	/** The gateway's outbound calls: the proxied route's and the relay's clients. */
	HTTP_CLIENTS("HTTP clients", "reactor.netty.http.client.", "org.springframework.web.reactive.function.client.",
			"java.net.http.", "jdk.internal.net.http."),

	/** Reading, writing and serving sockets, with the kernel's calls under them. */
	NETTY("Netty and socket I/O", "reactor.netty.", "io.netty."),

	/** Operators, schedulers and context. */
	REACTOR("Reactor", "reactor.", "io.projectreactor.", "org.reactivestreams."),

	GATEWAY("Spring Cloud Gateway", "org.springframework.cloud.gateway."),

	REDIS("Lettuce and Spring Data Redis", "io.lettuce.", "org.springframework.data.redis."),

	JSON("JSON", "com.fasterxml.jackson.", "tools.jackson.", "org.springframework.http.codec.json."),

	LOGGING("logging", "ch.qos.logback.", "org.slf4j.", "org.apache.logging.", "org.apache.commons.logging."),

	METRICS("metrics and tracing", "io.micrometer.", "io.opentelemetry.", "io.prometheus.", "brave.", "zipkin2."),

	SECURITY("security", "org.springframework.security."),

	RESILIENCE("Resilience4j", "io.github.resilience4j."),

	/** WebFlux, the codecs, the core container: Spring's code outside the above. */
	SPRING("Spring WebFlux and core", "org.springframework."),

	OTHER_LIBRARIES("other libraries", "com.github.benmanes.caffeine.", "org.hdrhistogram.", "com.alibaba.",
			"org.apache.", "kotlin.", "kotlinx.", "scala.", "org.jspecify."),

	/** Java code in no library above: the kit's filters, or yours. */
	FILTERS("filters (the kit's and yours)"),

	/** GC worker threads, and the VM thread's collections. */
	GC("GC"),

	/** The JIT compiler threads. */
	JIT("JIT compiler"),

	/** The JDK, the JVM's runtime and the kernel, with no library frame above them. */
	JVM("JVM, JDK and kernel");

	/** Frames of the JDK itself: they take the part of the code that called them. */
	static final List<String> JDK = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.");

	private final String label;

	private final List<String> prefixes;

	CpuPart(String label, String... prefixes) {
		this.label = label;
		this.prefixes = List.of(prefixes);
	}

	@JsonValue
	public String label() {
		return this.label;
	}

	/**
	 * The library part whose prefix {@code javaFrame} ({@code a.b.Class.method}) has;
	 * null for none.
	 */
	static @Nullable CpuPart ofLibrary(String javaFrame) {
		for (CpuPart part : values()) {
			for (String prefix : part.prefixes) {
				if (javaFrame.startsWith(prefix)) {
					return part;
				}
			}
		}
		return null;
	}

}
