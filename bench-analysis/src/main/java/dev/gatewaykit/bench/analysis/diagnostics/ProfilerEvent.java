package dev.gatewaykit.bench.analysis.diagnostics;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What the flame graph of a mode's window samples ({@code ./kit bench --profile}).
 */
public enum ProfilerEvent {

	/** No profiler: nothing is loaded into the gateway. */
	OFF(""),

	/** On-CPU time (perf events, or a timer where those are not allowed). */
	CPU("event=cpu,interval=1ms"),

	/**
	 * Wall-clock time of every thread, running or not: a blocked event loop shows where
	 * it waits. The default, because blocking is what the kit is about. {@code nobatch}:
	 * async-profiler otherwise records a thread that stays parked as one sample per wait,
	 * and a loop blocked 95 % of the time would look mostly busy.
	 */
	WALL("event=wall,interval=10ms,nobatch"),

	/** Heap allocations (sampled by TLAB). */
	ALLOC("event=alloc");

	private final String agentOptions;

	ProfilerEvent(String agentOptions) {
		this.agentOptions = agentOptions;
	}

	public String id() {
		return name().toLowerCase(Locale.ROOT);
	}

	/**
	 * async-profiler's start options; {@code threads} gives each thread its own root
	 * frame, so the event loops ({@code reactor-http-*}) can be picked out.
	 */
	public String startOptions() {
		return "start," + this.agentOptions + ",threads";
	}

	/**
	 * Likewise, the wall-clock profiler limited to {@code threadIds}: signalling every
	 * thread of a gateway (a hundred and more, most of them idle) a hundred times a
	 * second costs it a noticeable share of a core; the threads a request runs on are
	 * what the flame graph is for. Other events sample running threads only and take no
	 * filter.
	 */
	public String startOptions(List<Long> threadIds) {
		if (this != WALL || threadIds.isEmpty()) {
			return startOptions();
		}
		return startOptions() + ",filter=" + threadIds.stream().map(String::valueOf).collect(Collectors.joining("+"));
	}

	/**
	 * @throws IllegalArgumentException naming the accepted values
	 */
	public static ProfilerEvent fromName(String name) {
		for (ProfilerEvent event : values()) {
			if (event.id().equals(name.trim().toLowerCase(Locale.ROOT))) {
				return event;
			}
		}
		throw new IllegalArgumentException("--profile must be one of "
				+ Arrays.stream(values()).map(ProfilerEvent::id).collect(Collectors.joining(", ")) + ", was '" + name
				+ "'");
	}

}
