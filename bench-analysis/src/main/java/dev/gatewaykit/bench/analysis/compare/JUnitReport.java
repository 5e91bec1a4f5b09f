package dev.gatewaykit.bench.analysis.compare;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

import org.jspecify.annotations.Nullable;

import dev.gatewaykit.bench.model.Numbers;

/**
 * The gate's verdict as JUnit XML, the one test-report format every CI shows: one
 * {@code <testcase classname="gate.<mode>" name="<metric>">} per mode and metric, failed
 * for a regression or an invalid mode, skipped when not measured or on one side only, and
 * a {@code gate/comparability} test case that fails when the runs are not comparable.
 */
public final class JUnitReport {

	public static final String SUITE = "gateway-perf-kit gate";

	private JUnitReport() {
	}

	public static void write(GateVerdict verdict, Path file) {
		Gate.createParent(file);
		try (Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
			write(verdict, writer);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot write " + file, ex);
		}
	}

	static void write(GateVerdict verdict, Writer writer) {
		List<TestCase> cases = cases(verdict);
		try {
			XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(writer);
			xml.writeStartDocument("UTF-8", "1.0");
			xml.writeCharacters("\n");
			xml.writeStartElement("testsuite");
			xml.writeAttribute("name", SUITE);
			xml.writeAttribute("tests", String.valueOf(cases.size()));
			xml.writeAttribute("failures", String.valueOf(count(cases, Outcome.FAILURE)));
			xml.writeAttribute("errors", "0");
			xml.writeAttribute("skipped", String.valueOf(count(cases, Outcome.SKIPPED)));
			xml.writeAttribute("time", "0");
			xml.writeCharacters("\n  ");
			xml.writeStartElement("properties");
			property(xml, "status", verdict.status().id());
			property(xml, "baseline", verdict.baseline().file());
			property(xml, "current", verdict.current().file());
			property(xml, "maxTpsDropPct", Numbers.trim(verdict.thresholds().maxTpsDropPct(), 3));
			property(xml, "maxP99RisePct", Numbers.trim(verdict.thresholds().maxP99RisePct(), 3));
			property(xml, "maxCpuRisePct", Numbers.trim(verdict.thresholds().maxCpuRisePct(), 3));
			xml.writeCharacters("\n  ");
			xml.writeEndElement();
			for (TestCase test : cases) {
				xml.writeCharacters("\n  ");
				xml.writeStartElement("testcase");
				xml.writeAttribute("classname", clean(test.classname()));
				xml.writeAttribute("name", clean(test.name()));
				xml.writeAttribute("time", "0");
				if (test.outcome() == Outcome.FAILURE) {
					xml.writeCharacters("\n    ");
					xml.writeStartElement("failure");
					xml.writeAttribute("message", clean(test.message()));
					xml.writeAttribute("type", clean(test.type()));
					xml.writeCharacters(clean(test.detail()));
					xml.writeEndElement();
				}
				else if (test.outcome() == Outcome.SKIPPED) {
					xml.writeCharacters("\n    ");
					xml.writeEmptyElement("skipped");
					xml.writeAttribute("message", clean(test.message()));
				}
				if (!test.detail().isEmpty() && test.outcome() != Outcome.FAILURE) {
					xml.writeCharacters("\n    ");
					xml.writeStartElement("system-out");
					xml.writeCharacters(clean(test.detail()));
					xml.writeEndElement();
				}
				xml.writeCharacters("\n  ");
				xml.writeEndElement();
			}
			xml.writeCharacters("\n");
			xml.writeEndElement();
			xml.writeCharacters("\n");
			xml.writeEndDocument();
			xml.flush();
			xml.close();
		}
		catch (XMLStreamException ex) {
			throw new UncheckedIOException(new IOException("cannot write the JUnit report: " + ex.getMessage(), ex));
		}
	}

	static List<TestCase> cases(GateVerdict verdict) {
		List<TestCase> cases = new ArrayList<>();
		cases.add(comparability(verdict));
		if (verdict.status() == GateVerdict.Status.NOTHING_COMPARED) {
			cases.add(new TestCase("gate", "modes in common", Outcome.FAILURE, verdict.summary(), "nothing-compared",
					""));
		}
		for (ModeComparison mode : verdict.modes()) {
			for (MetricComparison metric : mode.metrics()) {
				Verdict result = metric.verdict();
				Outcome outcome = switch (result.kind()) {
					case FAILURE -> Outcome.FAILURE;
					case SKIPPED -> Outcome.SKIPPED;
					case PASS -> Outcome.PASS;
				};
				String figures = "baseline " + MetricComparison.figure(metric.baseline(), metric.metric())
						+ ", current " + MetricComparison.figure(metric.current(), metric.metric()) + ", Δ median "
						+ MetricComparison.delta(metric.deltaPct()) + ": " + result.label() + ": " + metric.reason();
				cases.add(new TestCase("gate." + mode.mode(), metric.metric().id(), outcome,
						result.label() + ": " + metric.reason(), result.id(), figures));
			}
		}
		return cases;
	}

	private static TestCase comparability(GateVerdict verdict) {
		List<String> lines = new ArrayList<>();
		verdict.differences().forEach((difference) -> lines.add(difference.text()));
		if (verdict.status() == GateVerdict.Status.NOT_COMPARABLE) {
			return new TestCase("gate", "comparability", Outcome.FAILURE, verdict.summary(), "not-comparable",
					String.join("\n", lines));
		}
		List<String> out = new ArrayList<>();
		if (verdict.forced()) {
			out.add("compared despite (--force): " + String.join(", ", lines));
		}
		if (!verdict.allowedDifferences().isEmpty()) {
			out.add("allowed differences (change under test, bookkeeping): "
					+ String.join(", ", verdict.allowedDifferences().stream().map(Difference::text).toList()));
		}
		return new TestCase("gate", "comparability", Outcome.PASS, "", "", String.join("\n", out));
	}

	private static void property(XMLStreamWriter xml, String name, @Nullable String value) throws XMLStreamException {
		xml.writeCharacters("\n    ");
		xml.writeEmptyElement("property");
		xml.writeAttribute("name", name);
		xml.writeAttribute("value", clean((value != null) ? value : ""));
	}

	private static long count(List<TestCase> cases, Outcome outcome) {
		return cases.stream().filter((test) -> test.outcome() == outcome).count();
	}

	/**
	 * The text without the characters XML 1.0 cannot hold even escaped (control
	 * characters other than tab and line breaks): a mode name or a gateway argument comes
	 * from a file, and one stray byte must not make the whole report unreadable.
	 */
	static String clean(String text) {
		StringBuilder out = new StringBuilder(text.length());
		text.codePoints().forEach((c) -> {
			boolean allowed = c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF)
					|| (c >= 0xE000 && c <= 0xFFFD) || (c >= 0x10000 && c <= 0x10FFFF);
			out.appendCodePoint(allowed ? c : '?');
		});
		return out.toString();
	}

	enum Outcome {

		PASS, FAILURE, SKIPPED

	}

	/** One test case of the report. */
	record TestCase(String classname, String name, Outcome outcome, String message, String type, String detail) {
	}

}
