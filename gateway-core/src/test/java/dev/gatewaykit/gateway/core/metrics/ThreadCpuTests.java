package dev.gatewaykit.gateway.core.metrics;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link ThreadCpu} over this JVM's real threads. */
class ThreadCpuTests {

	private final ThreadCpu cpu = ThreadCpu.ofThisJvm();

	@Test
	void countsThePoolsThreadsOnlyAndKeepsTheTimeOfThoseThatEnded() throws InterruptedException {
		assertThat(this.cpu.seconds("burners", (name) -> name.startsWith("cpu-burner-"))).isZero();

		Thread second = new Thread(ThreadCpuTests::burnThenWait, "cpu-burner-2");
		second.start();
		waitUntilBurnt();
		double whileAlive = this.cpu.seconds("burners", (name) -> name.startsWith("cpu-burner-"));
		assertThat(whileAlive).isGreaterThan(0.02);
		assertThat(this.cpu.seconds("others", (name) -> name.startsWith("no-such-pool-"))).isZero();

		second.interrupt();
		second.join();
		assertThat(this.cpu.seconds("burners", (name) -> name.startsWith("cpu-burner-")))
			.as("an ended thread keeps its time")
			.isGreaterThanOrEqualTo(whileAlive);
	}

	private static volatile boolean burnt;

	private static void burn() {
		long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(100);
		long spin = 0;
		while (System.nanoTime() < until) {
			spin++;
		}
		if (spin == 42) {
			System.out.println(spin);
		}
	}

	private static void burnThenWait() {
		burn();
		burnt = true;
		try {
			Thread.sleep(60_000);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private static void waitUntilBurnt() throws InterruptedException {
		while (!burnt) {
			Thread.sleep(5);
		}
	}

}
