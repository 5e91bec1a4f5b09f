package dev.gatewaykit.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

class CliReferenceTests {

	private static final Path REFERENCE = Path.of("../docs/cli.md");

	@Test
	void docsCliMdIsWhatTheCommandsSay() throws IOException {
		String written = Files.isRegularFile(REFERENCE) ? Files.readString(REFERENCE) : "";

		assertThat(written)
			.as("docs/cli.md is stale; from the repository's root, regenerate it with: %s", CliReference.REGENERATE)
			.isEqualTo(CliReference.markdown());
	}

	@Test
	void listsTheUserCommandsAndOnlyNamesThePlumbing() {
		String reference = CliReference.markdown();

		assertThat(reference).contains("## ./kit bench", "## ./kit compare", "Usage: ./kit sweep [OPTIONS]",
				"- `summarize-mode`: ", "- `nginx-render`: ");
		assertThat(reference).doesNotContain("## ./kit summarize-mode", "Usage: ./kit nginx-render");
	}

}
