package dev.gatewaykit.bench.analysis.sockets;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

import dev.gatewaykit.bench.model.BenchJson;

/**
 * One reading of the server port's connections: one line of the sampler's file,
 * {@code {"t":…,"open":…,"unread":…,"acceptQueue":…,"waiting":["…",…]}}. One compact line
 * per sample (not BenchJson's indented files) so that the file can be appended to and
 * flushed line by line, and a killed sampler loses nothing.
 *
 * @param t when the table was read, epoch ms
 * @param open ESTABLISHED connections on the port, those the gateway has not accepted yet
 * included
 * @param unread how many of them held bytes the application had not read (a connection
 * still in the accept queue holds the request nginx wrote on it, so it counts here too)
 * @param acceptQueue how many connections waited in the accept queue of the port's
 * listening socket: established by the kernel, not accepted by the gateway yet; 0 when
 * read from a file written before it was recorded
 * @param waiting the ids ({@link ProcNetTcp.Connection#remote()}) of the connections
 * counted in {@code unread}
 */
public record SocketSample(long t, int open, int unread, int acceptQueue, List<String> waiting) {

	/** How often the kit samples the gateway's sockets unless told otherwise. */
	public static final Duration DEFAULT_INTERVAL = Duration.ofMillis(250);

	public SocketSample {
		waiting = List.copyOf(waiting);
	}

	/**
	 * Appends this sample as one JSON line, without the newline. Written by hand: the ids
	 * are {@code address:port}, with nothing to escape, and the sampler should not run a
	 * JSON library four times a second.
	 */
	public void appendJson(StringBuilder line) {
		line.append("{\"t\":")
			.append(this.t)
			.append(",\"open\":")
			.append(this.open)
			.append(",\"unread\":")
			.append(this.unread)
			.append(",\"acceptQueue\":")
			.append(this.acceptQueue)
			.append(",\"waiting\":[");
		for (int i = 0; i < this.waiting.size(); i++) {
			line.append((i > 0) ? ",\"" : "\"").append(this.waiting.get(i)).append('"');
		}
		line.append("]}");
	}

	/**
	 * Reads one line written by {@link #appendJson}.
	 * @throws IllegalArgumentException saying what is wrong with it
	 */
	public static SocketSample parse(String line) {
		JsonNode node;
		try {
			node = BenchJson.mapper().readTree(line);
		}
		catch (JacksonException ex) {
			throw new IllegalArgumentException("not JSON: " + ex.getOriginalMessage());
		}
		if (node == null || !node.isObject()) {
			throw new IllegalArgumentException("not a JSON object");
		}
		JsonNode waiting = node.get("waiting");
		if (waiting == null || !waiting.isArray()) {
			throw new IllegalArgumentException("\"waiting\" is not a list");
		}
		List<String> ids = new ArrayList<>();
		for (JsonNode id : waiting) {
			if (!id.isString()) {
				throw new IllegalArgumentException("\"waiting\" holds a non-string: " + id);
			}
			ids.add(id.asString());
		}
		// Files written before the accept queue was sampled have no such field: nothing
		// was seen waiting there.
		int acceptQueue = node.has("acceptQueue") ? (int) number(node, "acceptQueue") : 0;
		return new SocketSample(number(node, "t"), (int) number(node, "open"), (int) number(node, "unread"),
				acceptQueue, ids);
	}

	private static long number(JsonNode node, String name) {
		JsonNode value = node.get(name);
		if (value == null || !value.canConvertToLong() || !value.isIntegralNumber() || value.asLong() < 0) {
			throw new IllegalArgumentException("\"" + name + "\" is not a whole number ≥ 0");
		}
		return value.asLong();
	}

}
