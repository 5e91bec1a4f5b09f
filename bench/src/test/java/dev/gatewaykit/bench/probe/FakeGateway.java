package dev.gatewaykit.bench.probe;

import java.util.concurrent.CompletableFuture;

/**
 * A JVM standing in for a gateway in the profiler tests: one "event loop" thread that
 * computes, one that is parked on a future, until its standard input closes (or 120 s).
 */
public final class FakeGateway {

	private FakeGateway() {
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
