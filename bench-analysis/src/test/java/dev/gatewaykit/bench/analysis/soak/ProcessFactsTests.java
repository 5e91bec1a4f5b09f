package dev.gatewaykit.bench.analysis.soak;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import dev.gatewaykit.bench.model.BadInputException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class ProcessFactsTests {

	@TempDir
	Path proc;

	@Test
	void countsTheDescriptorsAndReadsTheThreadsLine() throws IOException {
		Path dir = Files.createDirectories(this.proc.resolve("4242/fd"));
		for (int fd = 0; fd < 5; fd++) {
			Files.createFile(dir.resolve(Integer.toString(fd)));
		}
		Files.writeString(this.proc.resolve("4242/status"),
				"Name:\tjava\nUmask:\t0022\nState:\tS (sleeping)\nTgid:\t4242\nThreads:\t57\nSigQ:\t0/31615\n");

		assertThat(ProcessFacts.read(this.proc, 4242)).isEqualTo(new ProcessFacts(5, 57));
	}

	@Test
	void saysWhenTheProcessIsGone() {
		assertThatExceptionOfType(BadInputException.class).isThrownBy(() -> ProcessFacts.read(this.proc, 99))
			.withMessageContaining("99");
	}

	@Test
	void refusesAStatusWithoutAThreadCount() {
		assertThatExceptionOfType(BadInputException.class)
			.isThrownBy(() -> ProcessFacts.threads("Name:\tjava\nState:\tS\n"))
			.withMessageContaining("Threads:");
		assertThatExceptionOfType(BadInputException.class).isThrownBy(() -> ProcessFacts.threads("Threads:\tmany\n"))
			.withMessageContaining("many");
	}

	@Test
	@EnabledOnOs(OS.LINUX)
	void seesADescriptorThisProcessOpensAndItsThreads() throws IOException {
		long self = ProcessHandle.current().pid();
		ProcessFacts before = ProcessFacts.read(ProcessFacts.PROC, self);
		Path file = Files.writeString(this.proc.resolve("held"), "x");

		try (InputStream held = Files.newInputStream(file)) {
			ProcessFacts open = ProcessFacts.read(ProcessFacts.PROC, self);

			assertThat(open.openFiles()).isGreaterThan(before.openFiles());
			// The kernel counts the JVM's own threads (GC, compiler) besides the Java
			// ones.
			assertThat(open.threads()).isGreaterThan(Thread.getAllStackTraces().size());
		}
	}

}
