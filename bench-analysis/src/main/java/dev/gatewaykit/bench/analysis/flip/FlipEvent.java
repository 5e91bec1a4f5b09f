package dev.gatewaykit.bench.analysis.flip;

import java.util.List;

/**
 * What happened when the bench switched a running gateway's execution mode
 * ({@code <run>/flip/flip.json}), written by the kit's mode flipper. Times are epoch
 * milliseconds on this machine's clock, the same clock the simulation's
 * {@code measured.json} uses, so the report can place the switch on the per-second
 * figures.
 *
 * @param schema format version of this file
 * @param from the mode every gateway was in before the switch
 * @param to the mode it was switched to
 * @param via {@code actuator} ({@code POST /actuator/kit} on each gateway's management
 * port) or {@code nacos} (Nacos config {@code gateway.yaml}, which every gateway listens
 * to)
 * @param atSeconds when the switch was planned, in seconds since the measured window
 * opened
 * @param windowStartEpochMs when the measured window opened (from the simulation's
 * {@code phase.json})
 * @param requestedAtEpochMs when the switch was requested, {@code null} if it never was
 * @param confirmedAtEpochMs when the last gateway reported the new mode, {@code null} if
 * not every one did
 * @param instances each gateway's management URL and what it reported
 * @param error why the switch was not confirmed, {@code null} when it was
 */
public record FlipEvent(int schema, String from, String to, String via, double atSeconds, Long windowStartEpochMs,
		Long requestedAtEpochMs, Long confirmedAtEpochMs, List<Instance> instances, String error) {

	public static final int SCHEMA = 1;

	public static final String FILE = "flip.json";

	public FlipEvent {
		instances = (instances != null) ? List.copyOf(instances) : List.of();
	}

	/** Whether every gateway reported the new mode. */
	public boolean confirmed() {
		return this.confirmedAtEpochMs != null && this.error == null;
	}

	/**
	 * One gateway.
	 *
	 * @param managementUrl its actuator base, e.g. {@code http://127.0.0.1:8081/actuator}
	 * @param modeBefore what {@code GET /actuator/kit} said just before the switch
	 * @param modeAfter what it said last
	 * @param confirmedAtEpochMs when it first reported the new mode, {@code null} if it
	 * never did
	 */
	public record Instance(String managementUrl, String modeBefore, String modeAfter, Long confirmedAtEpochMs) {
	}

}
