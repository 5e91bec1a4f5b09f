package dev.gatewaykit.launcher;

/**
 * The kit could not do what it was asked, and it is not a bug: a service did not come up,
 * a tool answered wrong, the load did not finish. The message says what happened and,
 * where it can, what to do; the command line prints it without a stack trace and exits 1.
 * Anything else unexpected (an {@link IllegalStateException} among them) is a bug in the
 * kit and is reported as one.
 */
public class RunFailedException extends RuntimeException {

	public RunFailedException(String message) {
		super(message);
	}

	public RunFailedException(String message, Throwable cause) {
		super(message, cause);
	}

}
