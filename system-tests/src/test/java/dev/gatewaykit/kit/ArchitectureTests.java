package dev.gatewaykit.kit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The layout keeps the architecture: no package of any module depends on a package that
 * depends back on it, and the bench's pure modules (model, analysis, report) start no
 * process and talk to no service. Maven keeps the modules apart; these rules keep the
 * packages inside them apart. They read each module's compiled classes, which a build
 * from the root has made before this module's tests run.
 */
class ArchitectureTests {

	private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");

	@TestFactory
	List<DynamicTest> noModuleHasAPackageCycle() throws IOException {
		return modules().stream()
			.map((module) -> DynamicTest.dynamicTest(module,
					() -> slices().matching("dev.gatewaykit.(**)")
						.should()
						.beFreeOfCycles()
						.allowEmptyShould(true)
						.check(classes(module))))
			.toList();
	}

	@Test
	void theBenchsAnalysisAndReportStartNoProcessAndTalkToNoService() {
		JavaClasses pure = new ClassFileImporter().importPaths(compiled("bench-model"), compiled("bench-analysis"),
				compiled("bench-report"));
		noClasses().should()
			.dependOnClassesThat()
			.belongToAnyOf(ProcessBuilder.class, ProcessHandle.class, java.net.http.HttpClient.class,
					java.net.Socket.class)
			.orShould()
			.dependOnClassesThat()
			.resideInAnyPackage("dev.gatewaykit.launcher..", "dev.gatewaykit.bench.cli..", "dev.gatewaykit.bench.run..")
			.because("the analysis is files in, results out; only the command line's orchestration starts things")
			.check(pure);
	}

	@Test
	void exitCodesAreTheCommandLinesAlone() {
		JavaClasses bench = classes("bench");
		noClasses().that()
			.resideOutsideOfPackage("dev.gatewaykit.bench.cli..")
			.should()
			.dependOnClassesThat()
			.haveFullyQualifiedName("dev.gatewaykit.bench.cli.ExitCodes")
			.because("a step returns what it found; the command line decides what that means for the process")
			.check(bench);
	}

	private static List<String> modules() throws IOException {
		Matcher matcher = MODULE.matcher(Files.readString(KitChild.repository().resolve("pom.xml")));
		List<String> modules = matcher.results().map((result) -> result.group(1)).toList();
		assertThat(modules).as("the root pom's modules").contains("bench", "gateway", "system-tests");
		return modules;
	}

	private static JavaClasses classes(String module) {
		return new ClassFileImporter().importPath(compiled(module));
	}

	private static Path compiled(String module) {
		Path classes = KitChild.repository().resolve(module).resolve("target/classes");
		if (module.equals("system-tests")) {
			classes = KitChild.repository().resolve(module).resolve("target/test-classes");
		}
		assertThat(classes).as("%s is compiled (build from the root: ./mvnw verify)", module).isDirectory();
		return classes;
	}

}
