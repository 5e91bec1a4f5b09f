package dev.gatewaykit.bench.model;

/**
 * An input file is missing or malformed: the user's mistake or an earlier step's failure,
 * reported as such (the CLI exits 2) rather than as a bug.
 */
public class BadInputException extends RuntimeException {

	public BadInputException(String message) {
		super(message);
	}

}
