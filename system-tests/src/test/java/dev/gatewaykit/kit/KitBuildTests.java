package dev.gatewaykit.kit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code ./kit}'s own build is for the user: a filter of theirs in
 * {@code gateway-extensions}, formatted their way, must not stop the bench. The house
 * style is validated by {@code ./kit test} (the plain {@code ./mvnw verify}) and CI. Both
 * are run here with Maven's validate phase on a copy of the repository whose
 * gateway-extensions has a file the formatter would change: the kit's flags, read from
 * the script itself, pass it; the plain build refuses it.
 */
class KitBuildTests {

	private static final Pattern KIT_BUILD = Pattern.compile("\\./mvnw (-B [^)]*?) install\\)");

	@Test
	void theKitsBuildPassesAUsersFilterTheHouseFormatterWouldChange(@TempDir Path copy) throws Exception {
		Path root = KitChild.repository();
		copyTrackedFiles(root, copy);
		misformat(copy.resolve(
				"gateway-extensions/src/main/java/dev/gatewaykit/extensions/audit/AuditGatewayFilterFactory.java"));

		List<String> kitFlags = kitBuildFlags(Files.readString(root.resolve("kit")));
		Validation kit = validate(copy, kitFlags);
		Validation plain = validate(copy, List.of("-B", "-q"));

		assertThat(kit.exitCode()).as("the kit's build of a misformatted user filter: %s", kit.output()).isZero();
		assertThat(plain.exitCode()).as("./mvnw verify's validation of the same file").isNotZero();
		assertThat(plain.output()).contains("Formatting violations").contains("AuditGatewayFilterFactory.java");
	}

	/** The flags of the {@code ./mvnw ... install} line in the kit script. */
	static List<String> kitBuildFlags(String script) {
		Matcher build = KIT_BUILD.matcher(script);
		assertThat(build.find()).as("a './mvnw -B ... install)' line in ./kit").isTrue();
		return List.of(build.group(1).trim().split("\\s+"));
	}

	private record Validation(int exitCode, String output) {
	}

	private static Validation validate(Path repository, List<String> flags) throws IOException, InterruptedException {
		List<String> command = new ArrayList<>(List.of(repository.resolve("mvnw").toString()));
		command.addAll(flags);
		// Offline: the build that ran these tests has every plugin in the local
		// repository already.
		command.addAll(List.of("-o", "-pl", "gateway-extensions", "validate"));
		Process maven = new ProcessBuilder(command).directory(repository.toFile())
			.redirectErrorStream(true)
			.redirectOutput(repository.resolve("maven.out").toFile())
			.start();
		if (!maven.waitFor(3, TimeUnit.MINUTES)) {
			maven.destroyForcibly();
			throw new IllegalStateException("Maven did not validate within 3 minutes: " + command);
		}
		return new Validation(maven.exitValue(), Files.readString(repository.resolve("maven.out")));
	}

	private static void misformat(Path source) throws IOException {
		String text = Files.readString(source, StandardCharsets.UTF_8);
		// Spaces where the formatter wants a tab: what another editor's settings produce.
		Files.writeString(source, text.replaceFirst("\n\t", "\n    "), StandardCharsets.UTF_8);
	}

	private static void copyTrackedFiles(Path root, Path copy) throws IOException, InterruptedException {
		Process files = new ProcessBuilder("git", "ls-files", "-z").directory(root.toFile()).start();
		byte[] listing = files.getInputStream().readAllBytes();
		assertThat(files.waitFor(1, TimeUnit.MINUTES)).isTrue();
		for (String name : new String(listing, StandardCharsets.UTF_8).split("\0")) {
			Path from = root.resolve(name);
			if (name.isEmpty() || !Files.isRegularFile(from)) {
				continue;
			}
			Path to = copy.resolve(name);
			Files.createDirectories(to.getParent());
			Files.copy(from, to);
			if (Files.isExecutable(from)) {
				to.toFile().setExecutable(true);
			}
		}
	}

}
