package dev.gatewaykit.launcher;

import java.time.Duration;

/**
 * Durations as people write them in messages: "3 min", "1 min 30 s", "45 s", "250 ms".
 */
public final class Durations {

	private Durations() {
	}

	public static String human(Duration duration) {
		long millis = duration.toMillis();
		if (millis < 1000) {
			return millis + " ms";
		}
		long seconds = duration.toSeconds();
		if (seconds < 60) {
			return seconds + " s";
		}
		long minutes = seconds / 60;
		long rest = seconds % 60;
		return (rest == 0) ? minutes + " min" : minutes + " min " + rest + " s";
	}

}
