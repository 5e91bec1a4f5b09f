package dev.gatewaykit.bench.analysis.soak;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

import dev.gatewaykit.bench.model.BadInputException;

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

	private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{[^}]*\\})?\\s+(\\S+).*$");

	/**
	 * Reads the meters from Prometheus text exposition format; other lines are ignored.
	 * @throws BadInputException when the scrape has no heap or no direct-buffer meter
	 * (not a Spring Boot scrape)
	 */
	public static JvmMemory parse(String text) {
		double heap = 0;
		boolean heapSeen = false;
		Double direct = null;
		Double live = null;
		Double netty = null;
		for (String line : text.split("\n")) {
			if (line.isEmpty() || line.charAt(0) == '#') {
				continue;
			}
			Matcher sample = SAMPLE.matcher(line);
			if (!sample.matches()) {
				continue;
			}
			String name = sample.group(1);
			String labels = (sample.group(2) != null) ? sample.group(2) : "";
			double value;
			try {
				value = Double.parseDouble(sample.group(3));
			}
			catch (NumberFormatException ex) {
				continue;
			}
			switch (name) {
				case "jvm_memory_used_bytes" -> {
					if (labels.contains("area=\"heap\"")) {
						heap += value;
						heapSeen = true;
					}
				}
				case "jvm_buffer_memory_used_bytes" -> {
					if (labels.contains("id=\"direct\"")) {
						direct = value;
					}
				}
				case "jvm_gc_live_data_size_bytes" -> live = value;
				case "reactor_netty_bytebuf_allocator_used_direct_memory" ->
					netty = ((netty != null) ? netty : 0) + value;
				default -> {
					// not a memory meter
				}
			}
		}
		if (!heapSeen || direct == null) {
			throw new BadInputException("the scrape has no jvm_memory_used_bytes{area=\"heap\"} or "
					+ "jvm_buffer_memory_used_bytes{id=\"direct\"}: not a Spring Boot gateway's /actuator/prometheus");
		}
		return new JvmMemory((long) heap, direct.longValue(), (live != null) ? live.longValue() : null,
				(netty != null) ? netty.longValue() : null);
	}

}
