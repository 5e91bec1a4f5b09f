package dev.gatewaykit.bench.cli;

/** What the CLI's exit status means, the same for every command. */
public final class ExitCodes {

	/** Done; for {@code compare}: no regression. */
	public static final int OK = 0;

	/**
	 * The command ran and the answer is "no": a regression, a failed render, an
	 * unexpected error.
	 */
	public static final int FAILED = 1;

	/** Bad arguments or bad input files: nothing was decided. */
	public static final int USAGE = 2;

	private ExitCodes() {
	}

}
