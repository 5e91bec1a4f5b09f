package dev.gatewaykit.launcher.gatling;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The load a run of the simulation sends and how long it measures, as {@code ./kit bench}
 * and the compose {@code gatling} service both give it: one place that turns it into the
 * simulation's {@code bench.*} properties and bounds how long the run may take.
 *
 * @param users the closed model's looping virtual users (when there is no rate)
 * @param rate the open model's arrivals a second; empty for the closed model
 * @param warmupSeconds a fixed warm-up; empty for {@code auto}: until the throughput is
 * steady, at most {@code maxWarmupSeconds}
 * @param maxWarmupSeconds the longest warm-up
 * @param durationSeconds the measured window
 * @param requestTimeoutMs the client's timeout for one request
 * @param requestFile what to send instead of the kit's scenario; empty for the scenario
 * @param honourRetryAfter closed model: a user refused with {@code Retry-After} waits
 * that long before its next request, instead of looping at once
 */
public record Load(int users, Optional<Double> rate, Optional<Integer> warmupSeconds, int maxWarmupSeconds,
		int durationSeconds, int requestTimeoutMs, Optional<Path> requestFile, boolean honourRetryAfter) {

	/** The closed model's users, unless a run says otherwise. */
	public static final int DEFAULT_USERS = 150;

	/** The measured window, unless a run says otherwise. */
	public static final int DEFAULT_DURATION_SECONDS = 60;

	/** The longest warm-up, unless a run says otherwise. */
	public static final int DEFAULT_MAX_WARMUP_SECONDS = 150;

	/**
	 * The client's timeout: above nginx's 60 s upstream timeout, so that a request that
	 * does time out is answered by nginx with a 504 and counted as failed, not abandoned.
	 */
	public static final int DEFAULT_REQUEST_TIMEOUT_MS = 90_000;

	/** The simulation's {@code bench.*} properties for this load. */
	public Map<String, String> properties() {
		Map<String, String> properties = new LinkedHashMap<>();
		if (this.rate.isPresent()) {
			properties.put("bench.model", "open");
			properties.put("bench.rate", String.valueOf(this.rate.get()));
		}
		else {
			properties.put("bench.model", "closed");
			properties.put("bench.users", String.valueOf(this.users));
		}
		properties.put("bench.warmupSeconds", this.warmupSeconds.map(String::valueOf).orElse("auto"));
		properties.put("bench.maxWarmupSeconds", String.valueOf(this.maxWarmupSeconds));
		properties.put("bench.durationSeconds", String.valueOf(this.durationSeconds));
		properties.put("bench.requestTimeoutMs", String.valueOf(this.requestTimeoutMs));
		this.requestFile.ifPresent((file) -> properties.put("bench.requestFile", file.toString()));
		if (this.honourRetryAfter) {
			properties.put("bench.honourRetryAfter", "true");
		}
		return properties;
	}

	/**
	 * The longest a run of this load may take: the longest warm-up, the window and one
	 * request's timeout, plus room for Gatling to start and write its report.
	 */
	public Duration timeout() {
		return Duration.ofSeconds(this.maxWarmupSeconds + this.durationSeconds + this.requestTimeoutMs / 1000 + 300);
	}

}
