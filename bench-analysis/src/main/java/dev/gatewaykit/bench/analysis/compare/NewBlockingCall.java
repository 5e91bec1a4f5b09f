package dev.gatewaykit.bench.analysis.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

import dev.gatewaykit.bench.analysis.diagnostics.Diagnostics;
import dev.gatewaykit.bench.analysis.summary.ModeSummary;
import dev.gatewaykit.common.diagnostics.BlockingCall;

/**
 * A blocking call on a non-blocking thread that the current run recorded and the baseline
 * did not (both run with {@code --blockhound}): the line a change added that blocks an
 * event loop. It explains a regression; it does not fail the gate by itself, since a
 * library's rare lock (Lettuce's, for one) comes and goes between runs.
 *
 * @param mode the mode
 * @param site the call site, {@code class.method(File.java:line)}
 * @param blockingMethod what blocked, e.g. {@code jdk.internal.misc.Unsafe#park}
 * @param count how often in the current run's window
 */
public record NewBlockingCall(String mode, String site, String blockingMethod, long count) {

	/**
	 * The calls each mode's shown run of {@code current} recorded at a site the
	 * baseline's did not; nothing for a mode either side ran without BlockHound.
	 */
	public static List<NewBlockingCall> between(List<ModeSummary> baseline, List<ModeSummary> current) {
		Map<String, ModeSummary> before = baseline.stream()
			.collect(Collectors.toMap(ModeSummary::mode, Function.identity(), (a, b) -> a));
		List<NewBlockingCall> added = new ArrayList<>();
		for (ModeSummary after : current) {
			ModeSummary base = before.get(after.mode());
			if (base == null || blocking(base) == null || blocking(after) == null) {
				continue;
			}
			Set<String> known = blocking(base).calls().stream().map(BlockingCall::site).collect(Collectors.toSet());
			for (BlockingCall call : blocking(after).calls()) {
				if (!known.contains(call.site())) {
					added.add(new NewBlockingCall(after.mode(), call.site(), call.blockingMethod(), call.count()));
				}
			}
		}
		return added;
	}

	public String text() {
		return this.mode + ": " + this.site + " blocked in " + this.blockingMethod + " × " + this.count;
	}

	private static Diagnostics.Blocking blocking(ModeSummary mode) {
		return (mode.diagnostics() != null) ? mode.diagnostics().blocking() : null;
	}

}
