package dev.gatewaykit.bench.analysis.sockets;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads Linux's TCP socket table ({@code /proc/net/tcp}, {@code /proc/net/tcp6}): for the
 * server side of the connections to one port, how many bytes each holds that the
 * application has not read yet.
 * <p>
 * That {@code rx_queue} is what {@code ss} shows as Recv-Q: when a gateway's event loops
 * are blocked, a request nginx has sent sits there, unread, until a loop gets round to
 * its connection. Seeing it needs no agent in the gateway and costs the gateway nothing.
 * <p>
 * The kernel completes the handshake before the application accepts a connection, so a
 * connection the gateway has not accepted yet is an ESTABLISHED row too, and the request
 * nginx wrote on it counts in its {@code rx_queue} like any other. The LISTEN row of the
 * port says how many such connections there are: for a listening socket the
 * {@code rx_queue} column is the accept queue's length ({@code sk_ack_backlog}). It
 * matters because Netty accepts on one of the worker event loops, at most 16 connections
 * per wake-up: when filters block the loops, new connections wait there, requests and
 * all, while nginx keeps reusing the connections already accepted.
 * <p>
 * Each row is {@code sl local_address rem_address st tx_queue:rx_queue ...}; addresses
 * are hex {@code IP:PORT}, the port in plain hex, the IP as the kernel's in-memory words
 * printed on a little-endian machine: one word for IPv4, four for IPv6, each with its
 * bytes reversed. Parsed by hand, without regexes or splitting, because the sampler reads
 * the whole table several times a second on a box it shares with the system under test:
 * rows of other ports are skipped without allocating anything.
 */
public final class ProcNetTcp {

	public static final Path TCP = Path.of("/proc/net/tcp");

	public static final Path TCP6 = Path.of("/proc/net/tcp6");

	static final int ESTABLISHED = 0x01;

	static final int LISTEN = 0x0A;

	private ProcNetTcp() {
	}

	/**
	 * One established connection on the server port, accepted by the application or not.
	 *
	 * @param remote the peer's {@code address:port} (IPv4 and IPv4-mapped IPv6 as
	 * {@code a.b.c.d:port}, other IPv6 as {@code [x:x:x:x:x:x:x:x]:port}): unique per
	 * connection on that port, and the same whichever table it is in
	 * @param unreadBytes {@code rx_queue}: received, not yet read by the application
	 */
	public record Connection(String remote, long unreadBytes) {
	}

	/**
	 * What one table says about the server port.
	 *
	 * @param established the ESTABLISHED connections whose local port is the server port,
	 * in the table's order
	 * @param acceptQueue how many of them wait in the accept queue of the port's
	 * listening socket(s): the LISTEN rows' {@code rx_queue}, summed (one row per
	 * listener, e.g. with {@code SO_REUSEPORT}); 0 when nothing listens
	 */
	public record Table(List<Connection> established, int acceptQueue) {

		/**
		 * This table and {@code other} as one: the IPv4 and IPv6 tables of a port. A
		 * dual-stack listener is a LISTEN row in tcp6 only, an IPv4 one in tcp only, and
		 * both can exist side by side, so the accept queues add up; a connection is in
		 * one table only.
		 */
		public Table plus(Table other) {
			List<Connection> both = new ArrayList<>(this.established);
			both.addAll(other.established);
			return new Table(List.copyOf(both),
					(int) Math.min(Integer.MAX_VALUE, (long) this.acceptQueue + other.acceptQueue));
		}

	}

	/**
	 * The server port's ESTABLISHED connections and accept queue, in one pass over the
	 * table. A LISTEN row's {@code rx_queue} is its accept queue, not unread bytes, so
	 * LISTEN rows are not connections; every other state is left out.
	 * @param text the whole table, header line included
	 * @throws IllegalArgumentException naming the line when a row is not in the table's
	 * format
	 */
	public static Table table(String text, int localPort) {
		List<Connection> connections = new ArrayList<>();
		long acceptQueue = 0;
		int[] tokens = new int[10];
		int lineStart = text.indexOf('\n') + 1;
		for (int line = 2; lineStart > 0 && lineStart < text.length(); line++) {
			int lineEnd = text.indexOf('\n', lineStart);
			if (lineEnd < 0) {
				lineEnd = text.length();
			}
			int found = tokens(text, lineStart, lineEnd, tokens);
			if (found > 0) {
				if (found < 5) {
					throw malformed(text, line, lineStart, lineEnd, "fewer than 5 fields");
				}
				try {
					acceptQueue += row(text, tokens, localPort, connections);
				}
				catch (NumberFormatException ex) {
					throw malformed(text, line, lineStart, lineEnd, "not hex IP:PORT addresses, state and queues");
				}
			}
			lineStart = lineEnd + 1;
		}
		return new Table(connections, (int) Math.min(Integer.MAX_VALUE, acceptQueue));
	}

	/**
	 * Adds the row to {@code connections} when it is an ESTABLISHED connection on the
	 * port; returns its accept queue when it is the port's LISTEN row, 0 otherwise. Rows
	 * of other states and ports allocate nothing.
	 * @throws NumberFormatException when the row is not in the table's format
	 */
	private static long row(String text, int[] tokens, int localPort, List<Connection> connections) {
		long state = hex(text, tokens[6], tokens[7]);
		long port = hex(text, colon(text, tokens[2], tokens[3]) + 1, tokens[3]);
		if (port != localPort || (state != ESTABLISHED && state != LISTEN)) {
			return 0;
		}
		long rxQueue = hex(text, colon(text, tokens[8], tokens[9]) + 1, tokens[9]);
		if (state == LISTEN) {
			return rxQueue;
		}
		String remote = address(text, tokens[4], colon(text, tokens[4], tokens[5]), tokens[5]);
		connections.add(new Connection(remote, rxQueue));
		return 0;
	}

	/**
	 * Start and end of the line's first five whitespace-separated fields; returns how
	 * many there were.
	 */
	private static int tokens(String text, int from, int to, int[] bounds) {
		int found = 0;
		int i = from;
		while (found < 5) {
			while (i < to && text.charAt(i) <= ' ') {
				i++;
			}
			if (i == to) {
				break;
			}
			bounds[2 * found] = i;
			while (i < to && text.charAt(i) > ' ') {
				i++;
			}
			bounds[2 * found + 1] = i;
			found++;
		}
		return found;
	}

	/** The colon inside a field, with something on both sides of it. */
	private static int colon(String text, int from, int to) {
		int colon = text.indexOf(':', from);
		if (colon <= from || colon >= to - 1) {
			throw new NumberFormatException("no HEX:HEX");
		}
		return colon;
	}

	/** {@code text[from, to)} as unsigned hex. */
	private static long hex(String text, int from, int to) {
		if (to <= from || to - from > 15) {
			throw new NumberFormatException("not a hex number of at most 15 digits");
		}
		long value = 0;
		for (int i = from; i < to; i++) {
			int digit = Character.digit(text.charAt(i), 16);
			if (digit < 0) {
				throw new NumberFormatException("not hex");
			}
			value = (value << 4) | digit;
		}
		return value;
	}

	/** {@code HEXIP:HEXPORT} as {@code address:port}. */
	private static String address(String text, int from, int colon, int to) {
		long port = hex(text, colon + 1, to);
		int length = colon - from;
		if (length != 8 && length != 32) {
			throw new NumberFormatException("an IP is 8 or 32 hex digits");
		}
		byte[] bytes = new byte[length / 2];
		for (int word = 0; word < bytes.length / 4; word++) {
			long value = hex(text, from + 8 * word, from + 8 * word + 8);
			for (int b = 0; b < 4; b++) {
				bytes[4 * word + b] = (byte) (value >>> (8 * b));
			}
		}
		if (bytes.length == 4) {
			return ipv4(bytes, 0) + ":" + port;
		}
		if (isIpv4Mapped(bytes)) {
			return ipv4(bytes, 12) + ":" + port;
		}
		StringBuilder ipv6 = new StringBuilder("[");
		for (int group = 0; group < 8; group++) {
			ipv6.append((group > 0) ? ":" : "")
				.append(Integer.toHexString(((bytes[2 * group] & 0xff) << 8) | (bytes[2 * group + 1] & 0xff)));
		}
		return ipv6.append("]:").append(port).toString();
	}

	/**
	 * {@code ::ffff:a.b.c.d}: an IPv4 peer of a dual-stack socket, which is how a Java
	 * server listens by default.
	 */
	private static boolean isIpv4Mapped(byte[] bytes) {
		for (int i = 0; i < 10; i++) {
			if (bytes[i] != 0) {
				return false;
			}
		}
		return bytes[10] == (byte) 0xff && bytes[11] == (byte) 0xff;
	}

	private static String ipv4(byte[] bytes, int from) {
		return (bytes[from] & 0xff) + "." + (bytes[from + 1] & 0xff) + "." + (bytes[from + 2] & 0xff) + "."
				+ (bytes[from + 3] & 0xff);
	}

	private static IllegalArgumentException malformed(String text, int line, int from, int to, String why) {
		return new IllegalArgumentException(
				"line " + line + " of the TCP table: " + why + ": '" + text.substring(from, to).strip() + "'");
	}

}
