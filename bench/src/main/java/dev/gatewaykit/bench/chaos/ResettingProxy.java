package dev.gatewaykit.bench.chaos;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP proxy on loopback that resets every {@code every}th connection it accepts
 * half-way through the first answer: the request goes through, the first {@code bytes} of
 * the answer come back, then an RST (SO_LINGER 0), not a FIN. What an upstream that
 * crashes, or a middlebox that drops a connection, does to a response being written.
 * <p>
 * Not a toxiproxy toxic: toxiproxy picks the connections a toxic applies to at random
 * (toxicity), so the retry of a cut request would be cut at random too, and the
 * template's 0 errors would be luck. Here a retry on the next connection, or on a pooled
 * one, is never cut.
 */
final class ResettingProxy implements AutoCloseable {

	private static final int BUFFER = 16 * 1024;

	private final ServerSocket server;

	private final int upstreamPort;

	private final int every;

	private final int bytes;

	private final AtomicLong accepted = new AtomicLong();

	private final AtomicLong cuts = new AtomicLong();

	private final Set<Socket> open = ConcurrentHashMap.newKeySet();

	private ResettingProxy(ServerSocket server, int upstreamPort, int every, int bytes) {
		this.server = server;
		this.upstreamPort = upstreamPort;
		this.every = every;
		this.bytes = bytes;
	}

	/**
	 * A proxy to {@code 127.0.0.1:upstreamPort}, accepting on a free loopback port.
	 * @param every which connections are cut: every {@code every}th accepted (the
	 * {@code every}th, the {@code 2 × every}th, ...)
	 * @param bytes how much of the first answer passes before the reset
	 */
	static ResettingProxy start(int upstreamPort, int every, int bytes) {
		if (every < 2) {
			throw new IllegalArgumentException(
					"cut every 2nd connection or fewer (a retry must find one that is not cut), not every " + every);
		}
		if (bytes < 1) {
			throw new IllegalArgumentException("let at least one byte of the answer through, not " + bytes);
		}
		try {
			ServerSocket server = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
			ResettingProxy proxy = new ResettingProxy(server, upstreamPort, every, bytes);
			daemon("resetting-proxy-accept", proxy::accept).start();
			return proxy;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("could not open the resetting proxy's port", ex);
		}
	}

	int port() {
		return this.server.getLocalPort();
	}

	/** Connections reset so far. */
	long cuts() {
		return this.cuts.get();
	}

	@Override
	public void close() {
		closeQuietly(this.server);
		this.open.forEach(ResettingProxy::closeQuietly);
	}

	private void accept() {
		while (!this.server.isClosed()) {
			Socket client;
			try {
				client = this.server.accept();
			}
			catch (IOException ex) {
				return; // closed
			}
			boolean cut = this.accepted.incrementAndGet() % this.every == 0;
			Socket upstream;
			try {
				upstream = new Socket(InetAddress.getLoopbackAddress(), this.upstreamPort);
			}
			catch (IOException ex) {
				closeQuietly(client); // the upstream is down: so is the proxy, as a
										// caller sees it
				continue;
			}
			this.open.add(client);
			this.open.add(upstream);
			daemon("resetting-proxy-request", () -> pump(client, upstream, Long.MAX_VALUE)).start();
			daemon("resetting-proxy-answer", () -> pump(upstream, client, cut ? this.bytes : Long.MAX_VALUE)).start();
		}
	}

	/**
	 * Copies {@code from} to {@code to} until either end closes, or until {@code limit}
	 * bytes have passed, when both are reset.
	 */
	private void pump(Socket from, Socket to, long limit) {
		long passed = 0;
		byte[] buffer = new byte[BUFFER];
		try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
			int read;
			while ((read = in.read(buffer)) >= 0) {
				int pass = (int) Math.min(read, limit - passed);
				out.write(buffer, 0, pass);
				out.flush();
				passed += pass;
				if (passed >= limit) {
					this.cuts.incrementAndGet();
					reset(to);
					reset(from);
					return;
				}
			}
		}
		catch (IOException ex) {
			// The other end closed or was reset: close this pair below.
		}
		release(from);
		release(to);
	}

	/** Closes with an RST: SO_LINGER on with a zero timeout discards what is unsent. */
	private void reset(Socket socket) {
		try {
			socket.setSoLinger(true, 0);
		}
		catch (SocketException ex) {
			// Already closed: nothing to reset.
		}
		release(socket);
	}

	private void release(Socket socket) {
		this.open.remove(socket);
		closeQuietly(socket);
	}

	private static Thread daemon(String name, Runnable task) {
		Thread thread = new Thread(task, name);
		thread.setDaemon(true);
		return thread;
	}

	private static void closeQuietly(AutoCloseable closeable) {
		try {
			closeable.close();
		}
		catch (Exception ex) {
			// Closing on the way out: nothing left to tell anyone.
		}
	}

}
