package dev.gatewaykit.workflows;

import java.util.ArrayList;
import java.util.List;

/**
 * The simple commands of a bash script as words, enough to read the command lines of a
 * workflow's {@code run:} scripts: quotes removed, backslash-newline joins lines,
 * {@code #} starts a comment, and a newline, {@code ;}, {@code &}, {@code |} or a
 * redirection ends a command. Variables and expansions stay as written
 * ({@code "$RUNS/base"} is the word {@code $RUNS/base}); anything fancier (heredocs,
 * subshells) is not parsed, only skipped over as words.
 */
final class ShellWords {

	private ShellWords() {
	}

	static List<List<String>> commands(String script) {
		List<List<String>> commands = new ArrayList<>();
		List<String> command = new ArrayList<>();
		StringBuilder word = null;
		char quote = 0;
		boolean redirected = false;
		for (int i = 0; i < script.length(); i++) {
			char c = script.charAt(i);
			if (quote != 0) {
				if (c == quote) {
					quote = 0;
				}
				else if (quote == '"' && c == '\\' && i + 1 < script.length()
						&& "\"\\$`".indexOf(script.charAt(i + 1)) >= 0) {
					word.append(script.charAt(++i));
				}
				else {
					word.append(c);
				}
				continue;
			}
			if (c == '\\' && i + 1 < script.length()) {
				char next = script.charAt(++i);
				if (next != '\n') {
					word = (word != null) ? word : new StringBuilder();
					word.append(next);
				}
				continue;
			}
			if (c == '#' && word == null) {
				while (i + 1 < script.length() && script.charAt(i + 1) != '\n') {
					i++;
				}
				continue;
			}
			boolean separator = c == '\n' || c == ';' || c == '&' || c == '|';
			if (Character.isWhitespace(c) || separator || c == '>' || c == '<') {
				if (word != null && !redirected) {
					command.add(word.toString());
				}
				word = null;
				redirected = redirected || c == '>' || c == '<';
				if (separator) {
					if (!command.isEmpty()) {
						commands.add(command);
					}
					command = new ArrayList<>();
					redirected = false;
				}
				continue;
			}
			word = (word != null) ? word : new StringBuilder();
			if (c == '"' || c == '\'') {
				quote = c;
			}
			else {
				word.append(c);
			}
		}
		if (word != null && !redirected) {
			command.add(word.toString());
		}
		if (!command.isEmpty()) {
			commands.add(command);
		}
		return commands;
	}

}
