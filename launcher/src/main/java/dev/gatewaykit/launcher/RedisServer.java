package dev.gatewaykit.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A real {@code redis-server} on a free loopback port, without persistence, for
 * integration tests.
 * <p>
 * Typical use, once per test class: <pre>
 * static final RedisServer redis = RedisServer.start();
 * &#64;DynamicPropertySource
 * static void redis(DynamicPropertyRegistry registry) {
 *     registry.add("spring.data.redis.port", redis::port);
 * }
 * </pre> The process is stopped by a JVM shutdown hook if the test does not close it.
 */
public final class RedisServer extends ServerProcess {

	private final int port;

	private RedisServer(Path binary, int port, List<String> persistence, Path log) {
		super("redis-server", command(binary, port, persistence), log);
		this.port = port;
		awaitReady(this::answersPing, Duration.ofSeconds(20));
	}

	private static List<String> command(Path binary, int port, List<String> persistence) {
		List<String> command = new ArrayList<>(List.of(binary.toString(), "--port", String.valueOf(port), "--bind",
				"127.0.0.1", "--appendonly", "no", "--protected-mode", "yes"));
		command.addAll(persistence);
		return command;
	}

	/**
	 * For {@code ./kit}: RDB snapshots in {@code dataDir} keep the BCrypt-hashed demo
	 * users between runs (hashing 1000 of them takes ~30 s at cost 10); the data is demo
	 * data and nothing else.
	 */
	public static RedisServer persistent(Path binary, Path dataDir, Path log) {
		return persistent(binary, dataDir, log, FreePorts.next());
	}

	/**
	 * Likewise on {@code port}: a Redis restarted where its clients (and toxiproxy's
	 * proxy) still point.
	 */
	public static RedisServer persistent(Path binary, Path dataDir, Path log, int port) {
		try {
			Files.createDirectories(dataDir);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return new RedisServer(binary, port,
				List.of("--dir", dataDir.toString(), "--dbfilename", "dump.rdb", "--save", "60 1000"), log);
	}

	/** Starts redis-server from PATH; fails with an install hint if it is missing. */
	public static RedisServer start() {
		Path binary = Tools.onPath("redis-server")
			.orElseThrow(() -> new RunFailedException(
					"redis-server is not on PATH: run the tests with `./kit test` (it installs it as root), or install it "
							+ "with `sudo apt-get install -y redis-server`"));
		int port = FreePorts.next();
		return new RedisServer(binary, port, List.of("--save", ""),
				Path.of("target", "test-servers", "redis-" + port + ".log"));
	}

	public int port() {
		return this.port;
	}

	/**
	 * Sends one inline command and returns the first reply line (e.g. {@code +OK},
	 * {@code :1}).
	 */
	public String command(String command) {
		try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), this.port)) {
			socket.setSoTimeout(2000);
			OutputStream out = socket.getOutputStream();
			out.write((command + "\r\n").getBytes(StandardCharsets.UTF_8));
			out.flush();
			InputStream in = socket.getInputStream();
			StringBuilder line = new StringBuilder();
			int c;
			while ((c = in.read()) != -1 && c != '\n') {
				if (c != '\r') {
					line.append((char) c);
				}
			}
			return line.toString();
		}
		catch (IOException ex) {
			return "-ERR " + ex.getMessage();
		}
	}

	/** Empties every database, so tests in one class do not see each other's keys. */
	public void flushAll() {
		String reply = command("FLUSHALL");
		if (!"+OK".equals(reply)) {
			throw new RunFailedException("FLUSHALL failed: " + reply);
		}
	}

	private boolean answersPing() {
		return "+PONG".equals(command("PING"));
	}

}
