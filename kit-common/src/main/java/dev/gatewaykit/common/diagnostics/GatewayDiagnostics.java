package dev.gatewaykit.common.diagnostics;

import java.util.List;

/**
 * The gateway's diagnostics as they stand.
 *
 * @param seconds the last completed seconds, oldest first (the gateway keeps a bounded
 * number of them, enough for a bench window)
 * @param blockHound whether BlockHound is installed in this gateway (then
 * {@code blockingCalls} is what it saw since start or the last reset)
 * @param blockingSinceEpochMs when the blocking calls were last reset (or BlockHound
 * installed)
 * @param blockingCalls each distinct blocking call site, most frequent first
 */
public record GatewayDiagnostics(List<GatewaySecond> seconds, boolean blockHound, long blockingSinceEpochMs,
		List<BlockingCall> blockingCalls) {

	public GatewayDiagnostics {
		seconds = List.copyOf(seconds);
		blockingCalls = List.copyOf(blockingCalls);
	}

}
