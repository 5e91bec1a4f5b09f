package dev.gatewaykit.bench.analysis.knee;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What a cold gateway's JIT compiled for the first time once the load came: the code its
 * warm-up did not reach, which a fresh gateway compiles under load, on the cores its
 * requests need (docs/overload.md, "The warm-up opens connections too"). Read from the
 * log that {@link #jvmOption} asks the JVM for. A method counts once, at its first
 * compilation at any tier; native wrappers and "made not entrant" lines are not code the
 * gateway ran.
 *
 * @param before methods compiled before the load's first request
 * @param perSecond methods compiled for the first time in each of the load's first
 * seconds
 * @param packages where those were, the most first (at most {@link #PACKAGES})
 */
public record JitOnset(long before, List<Long> perSecond, List<PackageCount> packages) {

	/** The seconds of the load looked at. */
	public static final int SECONDS = 5;

	/** The most packages named. */
	public static final int PACKAGES = 8;

	/** Where a class of no package is counted. */
	static final String NO_PACKAGE = "(no package)";

	/**
	 * A compilation: the epoch milliseconds (the {@code timemillis} decorator), the
	 * compile id, the flags ({@code %} on-stack replacement, {@code s}, {@code b},
	 * {@code n}, {@code !}), the tier, then the method.
	 */
	private static final Pattern LINE = Pattern.compile("^\\[(\\d+)ms\\]\\s+\\d+\\s+[%sbn! ]*?(\\d)\\s+(\\S+::\\S+)");

	public JitOnset {
		perSecond = List.copyOf(perSecond);
		packages = List.copyOf(packages);
	}

	/**
	 * The JVM option that writes the log {@link #read} reads to {@code file}: one file
	 * however long, as the JVM would otherwise rotate it at 20 MB.
	 */
	public static String jvmOption(Path file) {
		return "-Xlog:jit+compilation=debug:file=" + file + ":timemillis:filecount=0";
	}

	/**
	 * The onset of a load whose first request left at {@code loadStartMs} (epoch
	 * milliseconds, this machine's clock, as the log's).
	 */
	public static JitOnset read(Path log, long loadStartMs) {
		try (Stream<String> lines = Files.lines(log)) {
			return of(lines, loadStartMs);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read the JIT's log " + log, ex);
		}
	}

	static JitOnset of(Stream<String> lines, long loadStartMs) {
		Set<String> seen = new HashSet<>();
		long before = 0;
		long[] perSecond = new long[SECONDS];
		Map<String, Long> packages = new TreeMap<>();
		for (String line : (Iterable<String>) lines::iterator) {
			Matcher compiled = LINE.matcher(line);
			if (!compiled.find() || line.contains("made not entrant") || line.contains("(native)")) {
				continue;
			}
			String method = compiled.group(3);
			if (!seen.add(method)) {
				continue;
			}
			long at = Long.parseLong(compiled.group(1)) - loadStartMs;
			if (at < 0) {
				before++;
			}
			else if (at < SECONDS * 1000L) {
				perSecond[(int) (at / 1000)]++;
				packages.merge(packageOf(method), 1L, Long::sum);
			}
		}
		List<PackageCount> most = packages.entrySet()
			.stream()
			.map((entry) -> new PackageCount(entry.getKey(), entry.getValue()))
			.sorted(Comparator.comparingLong(PackageCount::methods).reversed())
			.limit(PACKAGES)
			.toList();
		return new JitOnset(before, Arrays.stream(perSecond).boxed().toList(), most);
	}

	/**
	 * A class's first three names: {@code io.netty.channel}, {@code reactor.netty.http}.
	 */
	private static String packageOf(String method) {
		String type = method.substring(0, method.indexOf("::"));
		String[] names = type.split("\\.");
		if (names.length == 1) {
			return NO_PACKAGE;
		}
		return Arrays.stream(names, 0, Math.min(3, names.length - 1)).collect(Collectors.joining("."));
	}

	/** The methods first compiled in the load's first {@link #SECONDS} seconds. */
	public long during() {
		return this.perSecond.stream().mapToLong(Long::longValue).sum();
	}

	/**
	 * One line: "4210 methods compiled before the load; 116 first compiled in its first 5
	 * s [48, 42, 12, 8, 6], most in io.netty.channel 14, …".
	 */
	public String describe() {
		List<String> where = new ArrayList<>();
		for (PackageCount count : this.packages) {
			where.add(count.name() + " " + count.methods());
		}
		return String.format(Locale.ROOT,
				"%d methods compiled before the load; %d first compiled in its first %d s %s%s", this.before, during(),
				SECONDS, this.perSecond, where.isEmpty() ? "" : ", most in " + String.join(", ", where));
	}

	/**
	 * Methods first compiled in the load's first seconds, of one package.
	 *
	 * @param name the package's first three names
	 * @param methods how many
	 */
	public record PackageCount(String name, long methods) {
	}

}
