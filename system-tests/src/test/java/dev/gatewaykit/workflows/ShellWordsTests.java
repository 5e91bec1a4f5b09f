package dev.gatewaykit.workflows;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ShellWordsTests {

	@Test
	void removesQuotesAndKeepsVariablesAsWritten() {
		assertThat(ShellWords.commands("./kit bench --out \"$RUNS/base\" --modes 'fixed' --x=\"a b\""))
			.containsExactly(List.of("./kit", "bench", "--out", "$RUNS/base", "--modes", "fixed", "--x=a b"));
	}

	@Test
	void joinsContinuedLinesAndSplitsCommandsAtNewlinesAndOperators() {
		assertThat(ShellWords.commands("""
				sudo apt-get update -qq && sudo apt-get install -y \\
				  redis-server nginx
				a; b | c
				""")).containsExactly(List.of("sudo", "apt-get", "update", "-qq"),
				List.of("sudo", "apt-get", "install", "-y", "redis-server", "nginx"), List.of("a"), List.of("b"),
				List.of("c"));
	}

	@Test
	void skipsCommentsAndRedirections() {
		assertThat(ShellWords.commands("""
				# ./kit bench --modes naive
				echo "a # b" >>"$GITHUB_STEP_SUMMARY" # done
				""")).containsExactly(List.of("echo", "a # b"));
	}

}
