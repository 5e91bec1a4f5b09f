package dev.gatewaykit.bench.analysis.summary;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The machine a run was made on, so a figure is never quoted without it; the software's
 * versions are beside it in the run's summary.
 *
 * @param cpuModel from {@code /proc/cpuinfo}
 * @param cpuCount logical CPUs this JVM sees
 * @param memoryMb total memory from {@code /proc/meminfo}
 * @param os distribution name and kernel
 */
public record MachineFacts(String cpuModel, int cpuCount, long memoryMb, String os) {

	public static final String UNKNOWN = "unknown";

	public static MachineFacts gather() {
		String cpuinfo = readOrEmpty(Path.of("/proc/cpuinfo"));
		String meminfo = readOrEmpty(Path.of("/proc/meminfo"));
		String release = readOrEmpty(Path.of("/etc/os-release"));
		String distribution = parseOsRelease(release);
		String os = ((distribution != null) ? distribution : System.getProperty("os.name")) + ", kernel "
				+ System.getProperty("os.version") + " (" + System.getProperty("os.arch") + ")";
		return new MachineFacts(parseCpuModel(cpuinfo), Runtime.getRuntime().availableProcessors(),
				parseMemTotalMb(meminfo), os);
	}

	/** The first {@code model name} line of {@code /proc/cpuinfo}. */
	static String parseCpuModel(String cpuinfo) {
		for (String line : cpuinfo.split("\n")) {
			if (line.startsWith("model name")) {
				int colon = line.indexOf(':');
				if (colon > 0) {
					return line.substring(colon + 1).trim();
				}
			}
		}
		return UNKNOWN;
	}

	/** {@code MemTotal} of {@code /proc/meminfo} in MiB; 0 when absent. */
	static long parseMemTotalMb(String meminfo) {
		Matcher matcher = Pattern.compile("(?m)^MemTotal:\\s+(\\d+)\\s+kB").matcher(meminfo);
		return matcher.find() ? Long.parseLong(matcher.group(1)) / 1024 : 0;
	}

	static String parseOsRelease(String release) {
		Matcher matcher = Pattern.compile("(?m)^PRETTY_NAME=\"?([^\"\\n]*)\"?").matcher(release);
		return matcher.find() ? matcher.group(1) : null;
	}

	private static String readOrEmpty(Path file) {
		try {
			return Files.isReadable(file) ? Files.readString(file, StandardCharsets.ISO_8859_1) : "";
		}
		catch (IOException ex) {
			return "";
		}
	}

}
