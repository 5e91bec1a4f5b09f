package dev.gatewaykit.bench.model;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class CaseFactsTests {

	@TempDir
	Path run;

	@Test
	void aCaseReadsBackWhatTheKitWrote() throws Exception {
		Path dir = Files.createDirectories(this.run.resolve("fixed~mode_2"));
		CaseFacts written = new CaseFacts(CaseFacts.SCHEMA, CaseFacts.Kind.ABLATION, "fixed~mode", "fixed", 2, "kit",
				Map.of("mode", "naive"), new CaseFacts.Links(25, 3));

		written.write(dir);

		assertThat(CaseFacts.read(dir)).isEqualTo(written);
		assertThat(Files.readString(dir.resolve(CaseFacts.FILE))).contains("\"kind\" : \"ablation\"");
	}

	@Test
	void theCaseFileWinsOverTheDirectorysName() throws Exception {
		Path dir = Files.createDirectories(this.run.resolve("naive_7"));
		new CaseFacts(CaseFacts.SCHEMA, CaseFacts.Kind.SWEEP_POINT, "reactive", "reactive", 1, "kit", Map.of(),
				new CaseFacts.Links(0, 50))
			.write(dir);

		CaseFacts facts = CaseFacts.read(dir);

		assertThat(facts.kind()).isEqualTo(CaseFacts.Kind.SWEEP_POINT);
		assertThat(facts.mode()).isEqualTo("reactive");
		assertThat(facts.links().authMs()).isEqualTo(50);
	}

	@Test
	void aRunSavedBeforeCaseFilesIsReadFromItsDirectoryNames() {
		assertThat(CaseFacts.fromLegacyName("fixed")).extracting(CaseFacts::kind, CaseFacts::mode, CaseFacts::repeat)
			.containsExactly(CaseFacts.Kind.MODE, "fixed", 1);
		assertThat(CaseFacts.fromLegacyName("bounded-elastic_3"))
			.extracting(CaseFacts::kind, CaseFacts::mode, CaseFacts::repeat)
			.containsExactly(CaseFacts.Kind.MODE, "bounded-elastic", 3);
		assertThat(CaseFacts.fromLegacyName("blocking@12.5ms"))
			.extracting(CaseFacts::kind, CaseFacts::mode, (facts) -> facts.links().authMs())
			.containsExactly(CaseFacts.Kind.SWEEP_POINT, "blocking", 12.5);
		assertThat(CaseFacts.fromLegacyName("naive~keepalive_0"))
			.extracting(CaseFacts::kind, CaseFacts::name, CaseFacts::mode, CaseFacts::repeat)
			.containsExactly(CaseFacts.Kind.ABLATION, "naive~keepalive", "naive", 0);
	}

	@Test
	void aLongNumberAfterAnUnderscoreIsPartOfTheNameNotARepeat() {
		assertThat(CaseFacts.fromLegacyName("run_1764115200000"))
			.extracting(CaseFacts::kind, CaseFacts::name, CaseFacts::repeat)
			.containsExactly(CaseFacts.Kind.MODE, "run_1764115200000", 1);
	}

	@Test
	void aCaseFileWithoutItsLinksOrFromANewerKitIsBadInput() throws Exception {
		Path dir = Files.createDirectories(this.run.resolve("fixed"));
		Files.writeString(dir.resolve(CaseFacts.FILE),
				"{\"schema\": 1, \"kind\": \"mode\", \"name\": \"fixed\", \"mode\": \"fixed\", \"repeat\": 1, "
						+ "\"build\": \"kit\"}");
		assertThatExceptionOfType(BadInputException.class).isThrownBy(() -> CaseFacts.read(dir))
			.withMessageContaining("links");

		Files.writeString(dir.resolve(CaseFacts.FILE), "{\"schema\": 9}");
		assertThatExceptionOfType(BadInputException.class).isThrownBy(() -> CaseFacts.read(dir))
			.withMessageContaining("newer kit");
	}

	@Test
	void aMalformedCaseFileIsBadInput() throws Exception {
		Path dir = Files.createDirectories(this.run.resolve("fixed"));
		Files.writeString(dir.resolve(CaseFacts.FILE), "{\"kind\": \"nonsense\"");

		assertThatExceptionOfType(BadInputException.class).isThrownBy(() -> CaseFacts.read(dir))
			.withMessageContaining(CaseFacts.FILE);
	}

}
