package dev.gatewaykit.gateway.diagnostics;

import java.util.concurrent.TimeUnit;

import dev.gatewaykit.common.diagnostics.GatewaySecond;
import io.lettuce.core.metrics.MicrometerCommandLatencyRecorder;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

/**
 * The Redis commands that completed since the last read, from Lettuce's
 * {@code lettuce.command.completion} timers ({@link MicrometerCommandLatencyRecorder},
 * one timer per command type and connection), summed over all of them.
 */
final class RedisCommands {

	static final String TIMER = "lettuce.command.completion";

	private final MeterRegistry registry;

	private Totals last;

	RedisCommands(MeterRegistry registry) {
		this.registry = registry;
		this.last = totals();
	}

	/** The commands completed since the previous call (or since construction). */
	GatewaySecond.Commands takeInterval() {
		Totals now = totals();
		long completed = now.count() - this.last.count();
		double micros = now.micros() - this.last.micros();
		this.last = now;
		return (completed > 0) ? new GatewaySecond.Commands(completed, Math.round(micros / completed))
				: new GatewaySecond.Commands(0, 0);
	}

	private Totals totals() {
		long count = 0;
		double micros = 0;
		for (Timer timer : this.registry.find(TIMER).timers()) {
			count += timer.count();
			micros += timer.totalTime(TimeUnit.MICROSECONDS);
		}
		return new Totals(count, micros);
	}

	private record Totals(long count, double micros) {
	}

}
