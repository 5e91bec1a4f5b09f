package dev.gatewaykit.bench.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine.Model.OptionSpec;

import dev.gatewaykit.bench.options.ParsedArgs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;

/**
 * Every {@code ./kit} command line the documentation shows as an example (in a fenced
 * block or a code span of README.md, docs/ or gatling/README.md, or on a workflow's
 * {@code run:} line) parses: a renamed or removed option breaks this test, not a reader's
 * first run. A synopsis ({@code [--gateways N]}, {@code naive|fixed}) and a span that
 * names an option ({@code ./kit bench --flip-at}) are not examples.
 */
class DocumentedExamplesTests {

	private static final Path ROOT = Path.of("..");

	private static final Pattern SPAN = Pattern.compile("`(\\./kit [^`\\[|<]*)`");

	private static final Pattern RUN_LINE = Pattern.compile("^\\s*(?:-\\s+)?run:\\s*(\\./kit .*)$");

	static Stream<Example> examples() throws IOException {
		List<Path> files = new ArrayList<>(List.of(ROOT.resolve("README.md"), ROOT.resolve("gatling/README.md")));
		try (Stream<Path> docs = Files.walk(ROOT.resolve("docs"))) {
			// docs/cli.md is the commands' own usage, not examples (CliReferenceTests).
			docs.filter((file) -> file.toString().endsWith(".md") && !file.endsWith("cli.md"))
				.sorted()
				.forEach(files::add);
		}
		List<Example> examples = new ArrayList<>();
		for (Path file : files) {
			examples.addAll(fenced(file));
			examples.addAll(spans(file));
		}
		try (Stream<Path> workflows = Files.list(ROOT.resolve(".github/workflows"))) {
			for (Path workflow : workflows.sorted().toList()) {
				List<String> lines = Files.readAllLines(workflow);
				for (int i = 0; i < lines.size(); i++) {
					Matcher run = RUN_LINE.matcher(lines.get(i));
					if (run.matches()) {
						examples.add(new Example(ROOT.relativize(workflow) + ":" + (i + 1), run.group(1)));
					}
				}
			}
		}
		assertThat(examples).as("examples found").hasSizeGreaterThan(40);
		return examples.stream();
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("examples")
	void parses(Example example) {
		List<String> words = words(example.line());
		assertThat(words).as(example.line()).hasSizeGreaterThan(1);
		assertThatNoException().as(example.where() + ": " + example.line())
			.isThrownBy(() -> ParsedArgs.of(words.get(1), words.subList(2, words.size()).toArray(String[]::new)));
	}

	/** The code spans that are a whole ./kit command line. */
	private static List<Example> spans(Path file) throws IOException {
		List<Example> examples = new ArrayList<>();
		List<String> lines = Files.readAllLines(file);
		for (int i = 0; i < lines.size(); i++) {
			Matcher span = SPAN.matcher(lines.get(i));
			while (span.find()) {
				if (!namesAnOption(words(span.group(1)))) {
					examples.add(new Example(ROOT.relativize(file) + ":" + (i + 1), span.group(1)));
				}
			}
		}
		return examples;
	}

	/** Whether the words end with an option that takes a value: a mention, not a call. */
	private static boolean namesAnOption(List<String> words) {
		String last = words.get(words.size() - 1);
		if (words.size() < 3 || !last.startsWith("--")) {
			return false;
		}
		PrintStream nowhere = new PrintStream(OutputStream.nullOutputStream());
		OptionSpec option = KitCli.commandLine(nowhere, nowhere)
			.getSubcommands()
			.get(words.get(1))
			.getCommandSpec()
			.findOption(last);
		return option != null && option.arity().min() > 0;
	}

	/**
	 * The lines of fenced code blocks that start with ./kit, continuation lines joined.
	 */
	private static List<Example> fenced(Path file) throws IOException {
		List<Example> examples = new ArrayList<>();
		List<String> lines = Files.readAllLines(file);
		boolean inBlock = false;
		for (int i = 0; i < lines.size(); i++) {
			String line = lines.get(i).strip();
			if (line.startsWith("```")) {
				inBlock = !inBlock;
				continue;
			}
			// gatling/README.md calls the kit through a shell function: bench() { ./kit
			// "$@"; }
			line = line.replaceFirst("^\\$ ", "").replaceFirst("^bench (?=[a-z])", "./kit ");
			if (!inBlock || !line.startsWith("./kit ")) {
				continue;
			}
			int first = i;
			StringBuilder command = new StringBuilder();
			while (line.endsWith("\\") && i + 1 < lines.size()) {
				command.append(line, 0, line.length() - 1).append(' ');
				line = lines.get(++i).strip();
			}
			command.append(line);
			if (command.indexOf("[") >= 0 || command.indexOf("|") >= 0) {
				// A synopsis: [optional] and alternative|values.
				continue;
			}
			examples.add(new Example(ROOT.relativize(file) + ":" + (first + 1), command.toString()));
		}
		return examples;
	}

	/**
	 * The shell words of the first command on the line: quotes removed, up to a comment,
	 * {@code &&}, {@code ;}, {@code |} or a redirection.
	 */
	static List<String> words(String line) {
		List<String> words = new ArrayList<>();
		StringBuilder word = null;
		char quote = 0;
		for (char c : line.toCharArray()) {
			if (quote != 0) {
				if (c == quote) {
					quote = 0;
				}
				else {
					word.append(c);
				}
			}
			else if (c == '"' || c == '\'') {
				quote = c;
				word = (word != null) ? word : new StringBuilder();
			}
			else if (Character.isWhitespace(c)) {
				if (word != null) {
					words.add(word.toString());
					word = null;
				}
			}
			else if ((c == '#' && word == null) || c == ';' || c == '&' || c == '|' || c == '>') {
				break;
			}
			else {
				word = (word != null) ? word : new StringBuilder();
				word.append(c);
			}
		}
		if (word != null) {
			words.add(word.toString());
		}
		return words;
	}

	record Example(String where, String line) {

		@Override
		public String toString() {
			return this.where + ": " + this.line;
		}

	}

}
