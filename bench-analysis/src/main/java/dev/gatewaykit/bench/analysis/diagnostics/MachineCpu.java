package dev.gatewaykit.bench.analysis.diagnostics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import dev.gatewaykit.bench.model.BadInputException;

/**
 * The whole machine's CPU ticks, from the first line of {@code /proc/stat}: busy (user,
 * nice, system, irq, softirq, steal) and all (busy plus idle and iowait). Two readings
 * give how busy the cores were between them, which per-process figures cannot: near
 * saturation a process's CPU per request tends to the cores' share of the rate, whoever
 * spends it.
 *
 * @param busy busy ticks since boot, all cores
 * @param total all ticks since boot, all cores
 */
public record MachineCpu(long busy, long total) {

	private static final Path STAT = Path.of("/proc/stat");

	/** The machine's ticks now; empty when {@code /proc/stat} cannot be read. */
	public static Optional<MachineCpu> read() {
		try {
			return Optional.of(parse(Files.readString(STAT)));
		}
		catch (IOException | BadInputException ex) {
			return Optional.empty();
		}
	}

	/**
	 * The {@code cpu} line of a {@code /proc/stat} text.
	 * @throws BadInputException when there is none, or it has too few fields
	 */
	static MachineCpu parse(String stat) {
		String line = stat.lines()
			.filter((l) -> l.startsWith("cpu "))
			.findFirst()
			.orElseThrow(() -> new BadInputException("no 'cpu' line in /proc/stat"));
		String[] fields = line.substring(4).trim().split("\\s+");
		if (fields.length < 8) {
			throw new BadInputException("a /proc/stat cpu line with too few fields: " + line);
		}
		try {
			long[] ticks = new long[8];
			for (int i = 0; i < ticks.length; i++) {
				ticks[i] = Long.parseLong(fields[i]);
			}
			// user nice system idle iowait irq softirq steal
			long busy = ticks[0] + ticks[1] + ticks[2] + ticks[5] + ticks[6] + ticks[7];
			return new MachineCpu(busy, busy + ticks[3] + ticks[4]);
		}
		catch (NumberFormatException ex) {
			throw new BadInputException("a /proc/stat cpu line that is not numbers: " + line);
		}
	}

	/** The share of the cores busy since {@code earlier}, 0..1; 0 when no tick passed. */
	public double busySince(MachineCpu earlier) {
		long all = this.total - earlier.total;
		return (all > 0) ? (double) (this.busy - earlier.busy) / all : 0;
	}

}
