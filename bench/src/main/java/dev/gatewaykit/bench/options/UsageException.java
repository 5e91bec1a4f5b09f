package dev.gatewaykit.bench.options;

import java.util.function.Supplier;

/**
 * Bad command-line arguments: the CLI prints the message and the command's usage, then
 * exits 2.
 */
public class UsageException extends RuntimeException {

	public UsageException(String message) {
		super(message);
	}

	/**
	 * Runs a parser of a command-line value; its {@link IllegalArgumentException} (which
	 * names what is accepted) becomes a usage error.
	 */
	public static <T> T parse(Supplier<T> parser) {
		try {
			return parser.get();
		}
		catch (IllegalArgumentException ex) {
			throw new UsageException(ex.getMessage());
		}
	}

}
