package dev.gatewaykit.bench.analysis.compare;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import dev.gatewaykit.bench.analysis.run.RunSummary;

import static dev.gatewaykit.bench.analysis.compare.GateFixtures.MACHINE;
import static dev.gatewaykit.bench.analysis.compare.GateFixtures.mode;
import static dev.gatewaykit.bench.analysis.compare.GateFixtures.params;
import static dev.gatewaykit.bench.analysis.compare.GateFixtures.run;
import static dev.gatewaykit.bench.analysis.compare.GateFixtures.summary;
import static dev.gatewaykit.bench.analysis.compare.GateFixtures.tps;
import static dev.gatewaykit.bench.analysis.compare.GateFixtures.versions;
import static org.assertj.core.api.Assertions.assertThat;

class JUnitReportTests {

	@TempDir
	Path dir;

	@Test
	void aTestCasePerModeAndMetricWithFailuresAndSkipsCounted() throws Exception {
		GateVerdict verdict = judge(summary("a", tps("fixed", 950, 1000, 1050), tps("naive", 75)),
				summary("b", tps("fixed", 800, 850, 900), tps("reactive", 1100)), GateOptions.DEFAULT);

		Element suite = parse(verdict).getDocumentElement();

		assertThat(suite.getTagName()).isEqualTo("testsuite");
		assertThat(suite.getAttribute("name")).isEqualTo("gateway-perf-kit gate");
		// comparability + 3 modes × 3 metrics
		assertThat(suite.getAttribute("tests")).isEqualTo("10");
		// fixed TPS
		assertThat(suite.getAttribute("failures")).isEqualTo("1");
		// fixed CPU/req, naive × 3, reactive × 3
		assertThat(suite.getAttribute("skipped")).isEqualTo("7");
		assertThat(suite.getAttribute("errors")).isEqualTo("0");
		List<Element> cases = children(suite, "testcase");
		assertThat(cases).hasSize(10);
		assertThat(cases).extracting((test) -> test.getAttribute("classname") + "/" + test.getAttribute("name"))
			.containsExactly("gate/comparability", "gate.naive/tps", "gate.naive/p99Ms", "gate.naive/gatewayCpuMicros",
					"gate.reactive/tps", "gate.reactive/p99Ms", "gate.reactive/gatewayCpuMicros", "gate.fixed/tps",
					"gate.fixed/p99Ms", "gate.fixed/gatewayCpuMicros");
		assertThat(cases.stream().mapToInt((test) -> children(test, "failure").size()).sum()).isEqualTo(1);
		assertThat(cases.stream().mapToInt((test) -> children(test, "skipped").size()).sum()).isEqualTo(7);
		Element failure = children(cases.get(7), "failure").get(0);
		assertThat(failure.getAttribute("message")).isEqualTo("REGRESSION: TPS dropped 15.0 % (limit 10 %), "
				+ "outside the measured spread: base 950–1050, current 800–900");
		assertThat(failure.getAttribute("type")).isEqualTo("regression");
		assertThat(failure.getTextContent()).contains("baseline 1000 [950–1050] n=3", "current 850 [800–900] n=3");
		assertThat(children(cases.get(1), "skipped").get(0).getAttribute("message"))
			.isEqualTo("only in baseline: not in the current run");
	}

	@Test
	void anInvalidModeFailsEveryMetric() throws Exception {
		GateVerdict verdict = judge(summary("a", tps("fixed", 1000)),
				summary("b", mode("fixed", GateFixtures.invalid(1000, 200))), GateOptions.DEFAULT);

		Element suite = parse(verdict).getDocumentElement();

		assertThat(suite.getAttribute("tests")).isEqualTo("4");
		assertThat(suite.getAttribute("failures")).isEqualTo("3");
		assertThat(suite.getAttribute("skipped")).isEqualTo("0");
	}

	@Test
	void aNotComparableRunIsOneFailingComparabilityTestCase() throws Exception {
		Map<String, Object> fewer = params();
		fewer.put("users", 100);

		GateVerdict verdict = judge(summary("a", tps("fixed", 1000)),
				summary("b", fewer, MACHINE, versions(), tps("fixed", 1000)), GateOptions.DEFAULT);
		Element suite = parse(verdict).getDocumentElement();

		assertThat(suite.getAttribute("tests")).isEqualTo("1");
		assertThat(suite.getAttribute("failures")).isEqualTo("1");
		Element test = children(suite, "testcase").get(0);
		assertThat(test.getAttribute("classname")).isEqualTo("gate");
		assertThat(test.getAttribute("name")).isEqualTo("comparability");
		Element failure = children(test, "failure").get(0);
		assertThat(failure.getAttribute("message")).contains("NOT COMPARABLE: params.users: 200 → 100");
		assertThat(failure.getTextContent()).isEqualTo("params.users: 200 → 100");
	}

	@Test
	void aForcedComparisonSaysWhatDiffersInTheComparabilityTestCase() throws Exception {
		Map<String, Object> fewer = params();
		fewer.put("users", 100);

		GateVerdict verdict = judge(summary("a", tps("fixed", 1000)),
				summary("b", fewer, MACHINE, versions(), tps("fixed", 1000)),
				new GateOptions(Thresholds.DEFAULT, true, null, null));
		Element suite = parse(verdict).getDocumentElement();

		assertThat(suite.getAttribute("tests")).isEqualTo("4");
		assertThat(suite.getAttribute("failures")).isEqualTo("0");
		Element comparability = children(suite, "testcase").get(0);
		assertThat(children(comparability, "system-out").get(0).getTextContent())
			.isEqualTo("compared despite (--force): params.users: 200 → 100");
	}

	@Test
	void runsWithNoModeInCommonFailTheReport() throws Exception {
		GateVerdict verdict = judge(summary("a", tps("naive", 75)), summary("b", tps("fixed", 1000)),
				GateOptions.DEFAULT);

		Element suite = parse(verdict).getDocumentElement();

		assertThat(suite.getAttribute("failures")).isEqualTo("1");
		assertThat(children(suite, "testcase").get(1).getAttribute("name")).isEqualTo("modes in common");
	}

	@Test
	void markupAndControlCharactersInNamesAndReasonsStayReadable() throws Exception {
		String odd = "fast<&\"'>\u0001mode";
		GateVerdict verdict = judge(summary("a", mode(odd, run(1000, 200))), summary("b", mode(odd, run(500, 200))),
				GateOptions.DEFAULT);

		Element suite = parse(verdict).getDocumentElement();

		Element test = children(suite, "testcase").get(1);
		assertThat(test.getAttribute("classname")).isEqualTo("gate.fast<&\"'>?mode");
		assertThat(children(test, "failure").get(0).getTextContent()).contains("TPS dropped 50.0 %");
	}

	private GateVerdict judge(RunSummary baseline, RunSummary current, GateOptions options) {
		PrintStream sink = new PrintStream(new ByteArrayOutputStream());
		return Gate.judge(baseline, this.dir.resolve("a.json"), current, this.dir.resolve("b.json"), options, sink,
				sink);
	}

	private Document parse(GateVerdict verdict) throws Exception {
		Path file = this.dir.resolve("out/verdict.xml");
		JUnitReport.write(verdict, file);
		return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile());
	}

	private static List<Element> children(Element parent, String tag) {
		List<Element> elements = new ArrayList<>();
		NodeList nodes = parent.getChildNodes();
		for (int i = 0; i < nodes.getLength(); i++) {
			if (nodes.item(i) instanceof Element element && element.getTagName().equals(tag)) {
				elements.add(element);
			}
		}
		return elements;
	}

}
