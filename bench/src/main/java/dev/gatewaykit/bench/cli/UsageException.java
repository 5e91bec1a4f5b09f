package dev.gatewaykit.bench.cli;

/**
 * Bad command-line arguments: the CLI prints the message and the command's usage, then
 * exits 2.
 */
public class UsageException extends RuntimeException {

	public UsageException(String message) {
		super(message);
	}

}
