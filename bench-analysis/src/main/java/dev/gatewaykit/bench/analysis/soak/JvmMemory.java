package dev.gatewaykit.bench.analysis.soak;

import java.util.Map;
import java.util.OptionalDouble;

import org.jspecify.annotations.Nullable;

import dev.gatewaykit.bench.model.BadInputException;
import dev.gatewaykit.bench.model.PrometheusText;

/**
 * The gateway's memory from one Prometheus scrape of its management port
 * ({@code /actuator/prometheus}): the Micrometer JVM meters Spring Boot registers, and
 * Reactor Netty's allocator meters when its metrics are on.
 *
 * @param heapUsedBytes heap in use now, all pools ({@code jvm_memory_used_bytes} with
 * {@code area="heap"}); after a forced GC, the live heap
 * @param directBytes NIO direct buffers in use ({@code jvm_buffer_memory_used_bytes} with
 * {@code id="direct"}), which is where Netty's pooled direct memory is counted unless it
 * allocates without a {@link java.nio.ByteBuffer} cleaner
 * @param liveDataBytes the old generation after the last major collection
 * ({@code jvm_gc_live_data_size_bytes}): heap after GC without forcing one, for the time
 * series; {@code null} when the scrape has no such meter
 * @param nettyDirectBytes direct memory Reactor Netty's allocators say they use
 * ({@code reactor_netty_bytebuf_allocator_used_direct_memory}, all allocators);
 * {@code null} when the gateway does not publish them
 */
public record JvmMemory(long heapUsedBytes, long directBytes, @Nullable Long liveDataBytes,
		@Nullable Long nettyDirectBytes) {

	/**
	 * Reads the meters from Prometheus text exposition format; other lines are ignored.
	 * @throws BadInputException when the scrape has no heap or no direct-buffer meter
	 * (not a Spring Boot scrape)
	 */
	public static JvmMemory parse(String text) {
		PrometheusText scrape = PrometheusText.parse(text);
		OptionalDouble heap = scrape.sum("jvm_memory_used_bytes", Map.of("area", "heap"));
		OptionalDouble direct = scrape.sum("jvm_buffer_memory_used_bytes", Map.of("id", "direct"));
		if (heap.isEmpty() || direct.isEmpty()) {
			throw new BadInputException("the scrape has no jvm_memory_used_bytes{area=\"heap\"} or "
					+ "jvm_buffer_memory_used_bytes{id=\"direct\"}: not a Spring Boot gateway's /actuator/prometheus");
		}
		return new JvmMemory((long) heap.getAsDouble(), (long) direct.getAsDouble(),
				bytes(scrape.sum("jvm_gc_live_data_size_bytes")),
				bytes(scrape.sum("reactor_netty_bytebuf_allocator_used_direct_memory")));
	}

	private static @Nullable Long bytes(OptionalDouble meter) {
		return meter.isPresent() ? (long) meter.getAsDouble() : null;
	}

}
