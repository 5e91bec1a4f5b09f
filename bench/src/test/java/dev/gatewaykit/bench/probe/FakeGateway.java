package dev.gatewaykit.bench.probe;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A JVM standing in for a gateway in the profiler tests: one "event loop" thread that
 * computes, one that is parked on a future, until its standard input closes (or 120 s).
 */
public final class FakeGateway {

	private FakeGateway() {
	}

	/** A fake gateway on this test's own JDK, started and ready. */
	public static Running start() throws IOException {
		return start(Path.of(System.getProperty("java.home"), "bin", "java"));
	}

	/**
	 * A fake gateway on the given {@code java}, once it has said it is ready.
	 * @throws IOException if it did not start or said something else first
	 */
	public static Running start(Path java) throws IOException {
		Process jvm = new ProcessBuilder(java.toString(), "-Xmx64m", "-cp", System.getProperty("java.class.path"),
				FakeGateway.class.getName())
			.redirectError(ProcessBuilder.Redirect.DISCARD)
			.start();
		Running running = new Running(jvm);
		String first = new BufferedReader(new InputStreamReader(jvm.getInputStream(), StandardCharsets.UTF_8))
			.readLine();
		if (!"ready".equals(first)) {
			running.close();
			throw new IOException("the fake gateway said " + first + " rather than ready");
		}
		return running;
	}

	/**
	 * A started fake gateway: closing it closes its input, which ends it, and kills it if
	 * it has not ended within 10 s.
	 *
	 * @param process its JVM
	 */
	public record Running(Process process) implements AutoCloseable {

		public long pid() {
			return this.process.pid();
		}

		@Override
		public void close() throws IOException {
			this.process.getOutputStream().close();
			try {
				if (!this.process.waitFor(10, TimeUnit.SECONDS)) {
					this.process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
				}
			}
			catch (InterruptedException ex) {
				this.process.destroyForcibly();
				Thread.currentThread().interrupt();
			}
		}

	}

	public static void main(String[] args) throws Exception {
		CompletableFuture<Void> never = new CompletableFuture<>();
		Thread busy = new Thread(FakeGateway::compute, "reactor-http-epoll-1");
		Thread blocked = new Thread(never::join, "reactor-http-epoll-2");
		busy.setDaemon(true);
		blocked.setDaemon(true);
		busy.start();
		blocked.start();
		System.out.println("ready");
		System.out.flush();
		long deadline = System.nanoTime() + 120_000_000_000L;
		while (System.in.read() >= 0 && System.nanoTime() < deadline) {
			// until the test closes our input
		}
	}

	private static void compute() {
		double x = 0;
		while (true) {
			for (int i = 1; i < 1_000_000; i++) {
				x += Math.sqrt(i);
			}
			if (x < 0) {
				System.out.println(x);
			}
		}
	}

}
