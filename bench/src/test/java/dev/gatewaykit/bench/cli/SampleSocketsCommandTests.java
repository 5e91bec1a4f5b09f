package dev.gatewaykit.bench.cli;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.gatewaykit.bench.analysis.sockets.SocketSample;

import static dev.gatewaykit.bench.cli.KitRun.run;
import static org.assertj.core.api.Assertions.assertThat;

class SampleSocketsCommandTests {

	@TempDir
	Path dir;

	@Test
	void isPlumbingHiddenFromTheListButExplainsItself() {
		KitRun list = run();
		KitRun help = run("sample-sockets", "--help");

		assertThat(list.out()).doesNotContain("sample-sockets");
		assertThat(help.code()).isEqualTo(ExitCodes.OK);
		assertThat(help.out()).startsWith("Usage: ./kit sample-sockets").contains("--interval-ms", "exit:");
	}

	@ParameterizedTest(name = "{0} {1} → usage error mentioning {2}")
	@CsvSource({ "--port, 0, --port must be between 1 and 65535", "--port, http, --port must be a whole number",
			"--interval-ms, 5, --interval-ms must be between 10", "--max-seconds, 0, --max-seconds must be between 1",
			"--every, 1, Unknown options: '--every'" })
	void badArgumentsAreAUsageError(String option, String value, String message) {
		String[] argv = option.equals("--port") ? new String[] { "sample-sockets", "--out", out(), option, value }
				: new String[] { "sample-sockets", "--port", "8080", "--out", out(), option, value };

		KitRun result = run(argv);

		assertThat(result.code()).isEqualTo(ExitCodes.USAGE);
		assertThat(result.err()).contains(message).contains("Usage: ./kit sample-sockets");
		assertThat(this.dir.resolve("sockets.jsonl")).doesNotExist();
	}

	@Test
	void withoutPortOrOutItIsAUsageError() {
		assertThat(run("sample-sockets", "--out", out()).err()).contains("Missing required option: '--port=P'");
		assertThat(run("sample-sockets", "--port", "8080").err()).contains("Missing required option: '--out=FILE'");
	}

	@Test
	void anOutputInAMissingDirectoryIsAUsageError() {
		KitRun result = run("sample-sockets", "--port", "8080", "--out", this.dir.resolve("no/such.jsonl").toString());

		assertThat(result.code()).isEqualTo(ExitCodes.USAGE);
		assertThat(result.err()).contains("is not a directory");
	}

	@Test
	void samplesAPortUntilMaxSecondsAndSaysHowMany() throws Exception {
		try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
			KitRun result = run("sample-sockets", "--port", String.valueOf(server.getLocalPort()), "--out", out(),
					"--interval-ms", "100", "--max-seconds", "1");

			assertThat(result.code()).as(result.err()).isEqualTo(ExitCodes.OK);
			assertThat(result.out()).contains("samples of port " + server.getLocalPort());
			assertThat(Files.readAllLines(this.dir.resolve("sockets.jsonl"))).hasSizeBetween(2, 10)
				.allSatisfy((line) -> {
					assertThat(SocketSample.parse(line).open()).isZero();
					assertThat(line).contains("\"acceptQueue\":0");
				});
		}
	}

	private String out() {
		return this.dir.resolve("sockets.jsonl").toString();
	}

}
