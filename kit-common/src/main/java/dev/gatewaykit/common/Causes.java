package dev.gatewaykit.common;

import java.util.List;

/**
 * What a failure was caused by, for callers that decide on its kind (try again after a
 * timeout, fail at once otherwise) whatever the layers that wrapped it.
 */
public final class Causes {

	private Causes() {
	}

	/**
	 * Whether {@code failure} or any of its causes is an instance of one of
	 * {@code kinds}.
	 */
	public static boolean anyIs(Throwable failure, List<Class<? extends Throwable>> kinds) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			for (Class<? extends Throwable> kind : kinds) {
				if (kind.isInstance(cause)) {
					return true;
				}
			}
		}
		return false;
	}

}
