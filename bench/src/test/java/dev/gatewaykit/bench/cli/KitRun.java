package dev.gatewaykit.bench.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * One {@code ./kit} command run in-process, as the command-line tests run it: its exit
 * code and what it printed on each stream.
 */
record KitRun(int code, String out, String err) {

	static KitRun run(String... argv) {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		ByteArrayOutputStream err = new ByteArrayOutputStream();
		int code = KitCli.run(argv, new PrintStream(out, true, StandardCharsets.UTF_8),
				new PrintStream(err, true, StandardCharsets.UTF_8));
		return new KitRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
	}

}
