package dev.gatewaykit.launcher.toxiproxy;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One toxiproxy toxic as its API takes it ({@code POST /proxies/{proxy}/toxics}): a name,
 * a type, the direction it acts on and the type's attributes. The factories are the
 * faults the kit injects; {@link #json()} is the request body.
 *
 * @param name the toxic's name on its proxy (the handle to remove it by)
 * @param type toxiproxy's type name, e.g. {@code latency}, {@code timeout}
 * @param stream {@code downstream} (server → client) or {@code upstream} (client →
 * server)
 * @param attributes the type's attributes, in toxiproxy's own units
 */
public record Toxic(String name, String type, String stream, Map<String, Object> attributes) {

	public Toxic {
		if (!stream.equals("downstream") && !stream.equals("upstream")) {
			throw new IllegalArgumentException("a toxic's stream is downstream or upstream, not '" + stream + "'");
		}
		attributes = Map.copyOf(attributes);
	}

	/**
	 * Every answer delayed by {@code delay} (on the way back, so that each round trip
	 * pays it once).
	 */
	public static Toxic latency(Duration delay) {
		return new Toxic("latency", "latency", "downstream",
				Map.of("latency", nonNegative(delay).toMillis(), "jitter", 0));
	}

	/**
	 * A connection that is accepted and never answered: with a timeout of 0 toxiproxy
	 * lets nothing the client sends through and never closes the connection while the
	 * toxic is in place (what was held is delivered once it is removed).
	 */
	public static Toxic blackHole() {
		return new Toxic("timeout", "timeout", "upstream", Map.of("timeout", 0));
	}

	/**
	 * A TCP reset (connection reset by peer) as soon as the client sends anything, on
	 * connections old and new.
	 */
	public static Toxic resetPeer() {
		return new Toxic("reset_peer", "reset_peer", "upstream", Map.of("timeout", 0));
	}

	/**
	 * A stalled answer: its first {@code firstBytes} bytes (the status line and some
	 * headers of an HTTP answer) arrive at once, the next only after {@code pause}, and
	 * so on — a body that stops arriving for longer than a read or response timeout.
	 */
	public static Toxic stall(int firstBytes, Duration pause) {
		if (firstBytes < 1) {
			throw new IllegalArgumentException("a stall lets at least one byte through, not " + firstBytes);
		}
		return new Toxic("slicer", "slicer", "downstream",
				Map.of("average_size", firstBytes, "size_variation", 0, "delay", nonNegative(pause).toNanos() / 1000));
	}

	/**
	 * A connection closed once {@code bytes} bytes have gone back to the client: a
	 * truncated answer.
	 */
	public static Toxic limitData(long bytes) {
		if (bytes < 0) {
			throw new IllegalArgumentException("a byte limit cannot be negative: " + bytes);
		}
		return new Toxic("limit_data", "limit_data", "downstream", Map.of("bytes", bytes));
	}

	/**
	 * A close from the far end that reaches the client only {@code delay} later: what a
	 * network and a busy event loop do to the FIN of a connection the upstream closes,
	 * widened from microseconds on loopback to a window a request can fall into.
	 */
	public static Toxic slowClose(Duration delay) {
		return new Toxic("slow_close", "slow_close", "downstream", Map.of("delay", nonNegative(delay).toMillis()));
	}

	/** The body of toxiproxy's {@code POST /proxies/{proxy}/toxics}. */
	public Map<String, Object> json() {
		Map<String, Object> json = new LinkedHashMap<>();
		json.put("name", this.name);
		json.put("type", this.type);
		json.put("stream", this.stream);
		json.put("toxicity", 1.0);
		json.put("attributes", this.attributes);
		return json;
	}

	private static Duration nonNegative(Duration duration) {
		if (duration.isNegative()) {
			throw new IllegalArgumentException("a toxic's duration cannot be negative: " + duration);
		}
		return duration;
	}

}
