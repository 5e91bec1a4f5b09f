package dev.gatewaykit.bench.report;

import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

import dev.gatewaykit.bench.analysis.paired.GateCall;
import dev.gatewaykit.bench.analysis.paired.GateOutcome;
import dev.gatewaykit.bench.analysis.paired.MetricOutcome;
import dev.gatewaykit.bench.analysis.paired.PairedVerdict;
import dev.gatewaykit.common.diagnostics.BlockingCall;

/**
 * The A/B gate as JUnit XML, which every CI shows: a test case per gated metric (failed
 * on REGRESSION, skipped when UNSURE: not decided is not passed), one for blocking and
 * one for errors.
 */
final class GateJUnit {

	private GateJUnit() {
	}

	static String xml(GateOutcome outcome) {
		PairedVerdict verdict = outcome.verdict();
		List<String[]> cases = new ArrayList<>();
		for (MetricOutcome metric : verdict.metrics()) {
			if (!metric.gated()) {
				continue;
			}
			String message = metric.describe() + " against ±" + metric.limitPct() + " %, " + verdict.pairs().size()
					+ " pairs";
			String kind = (metric.call() == GateCall.REGRESSION) ? "failure"
					: (metric.call() == GateCall.UNSURE) ? "skipped" : "";
			cases.add(new String[] { metric.metric().id(), kind, message });
		}
		if (outcome.blockHound()) {
			cases.add(new String[] { "blocking", verdict.newBlocking().isEmpty() ? "" : "failure",
					String.join("; ", verdict.newBlocking().stream().map(BlockingCall::site).toList()) });
		}
		boolean errors = verdict.reasons().stream().anyMatch((reason) -> reason.startsWith("errors "));
		cases.add(new String[] { "errors", errors ? "failure" : "",
				"baseline " + verdict.baselineErrorPct() + " %, candidate " + verdict.candidateErrorPct() + " %" });
		StringWriter out = new StringWriter();
		try {
			XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(out);
			xml.writeStartDocument("UTF-8", "1.0");
			xml.writeCharacters("\n");
			xml.writeStartElement("testsuite");
			xml.writeAttribute("name", "gateway-perf-kit paired gate");
			xml.writeAttribute("tests", String.valueOf(cases.size()));
			xml.writeAttribute("failures",
					String.valueOf(cases.stream().filter((c) -> c[1].equals("failure")).count()));
			xml.writeAttribute("errors", "0");
			xml.writeAttribute("skipped", String.valueOf(cases.stream().filter((c) -> c[1].equals("skipped")).count()));
			xml.writeAttribute("time", String.valueOf(outcome.setupSeconds() + outcome.measuredSeconds()));
			for (String[] test : cases) {
				xml.writeCharacters("\n  ");
				xml.writeStartElement("testcase");
				xml.writeAttribute("classname", "gate");
				xml.writeAttribute("name", test[0]);
				xml.writeAttribute("time", "0");
				if (!test[1].isEmpty()) {
					xml.writeStartElement(test[1]);
					xml.writeAttribute("message", test[2]);
					xml.writeEndElement();
				}
				else {
					xml.writeStartElement("system-out");
					xml.writeCharacters(test[2]);
					xml.writeEndElement();
				}
				xml.writeEndElement();
			}
			xml.writeCharacters("\n");
			xml.writeEndElement();
			xml.writeEndDocument();
			xml.close();
		}
		catch (XMLStreamException ex) {
			throw new IllegalStateException("cannot write the gate's JUnit XML", ex);
		}
		return out.toString();
	}

}
