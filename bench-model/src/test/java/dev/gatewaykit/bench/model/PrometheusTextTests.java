package dev.gatewaykit.bench.model;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.gatewaykit.bench.model.PrometheusText.Sample;

import static org.assertj.core.api.Assertions.assertThat;

class PrometheusTextTests {

	@Test
	void readsNameLabelsAndValueAndAMetricWithoutLabels() {
		PrometheusText scrape = PrometheusText.parse("""
				jvm_memory_used_bytes{area="heap",id="G1 Eden Space"} 2.5165824E7
				process_uptime_seconds 12.5
				""");

		assertThat(scrape.samples()).containsExactly(
				new Sample("jvm_memory_used_bytes", Map.of("area", "heap", "id", "G1 Eden Space"), 2.5165824E7),
				new Sample("process_uptime_seconds", Map.of(), 12.5));
		assertThat(scrape.samples().get(0).labels()).containsExactly(Map.entry("area", "heap"),
				Map.entry("id", "G1 Eden Space"));
	}

	@Test
	void skipsHelpTypeOtherCommentsAndBlankLines() {
		PrometheusText scrape = PrometheusText.parse("""
				# HELP kit_requests_total Authenticated requests {not="a sample"} 1.0
				# TYPE kit_requests_total counter

				   # an indented comment
				kit_requests_total 1000.0
				\t
				""");

		assertThat(scrape.samples()).containsExactly(new Sample("kit_requests_total", Map.of(), 1000.0));
	}

	@Test
	void unescapesQuotesBackslashesAndNewlinesInLabelValues() {
		Sample sample = single("""
				build_info{path="C:\\\\kit\\\\gateway",quote="say \\"hi\\"",lines="one\\ntwo"} 1
				""");

		assertThat(sample.labels()).containsExactly(Map.entry("path", "C:\\kit\\gateway"),
				Map.entry("quote", "say \"hi\""), Map.entry("lines", "one\ntwo"));
	}

	@Test
	void aBraceACommaOrSpacesInsideALabelValueBelongToTheValue() {
		Sample sample = single("""
				resilience4j_circuitbreaker_state{name="relay, v2 }",state="open"} 1.0
				""");

		assertThat(sample.label("name")).hasValue("relay, v2 }");
		assertThat(sample.label("state")).hasValue("open");
		assertThat(sample.value()).isEqualTo(1.0);
	}

	@Test
	void readsNaNAndBothInfinities() {
		PrometheusText scrape = PrometheusText.parse("""
				a NaN
				b +Inf
				c -Inf
				d{le="+Inf"} 3
				""");

		assertThat(scrape.samples()).extracting(Sample::value)
			.containsExactly(Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 3.0);
	}

	@Test
	void dropsATimestampAfterTheValue() {
		PrometheusText scrape = PrometheusText.parse("""
				kit_requests_total 1000.0 1764115200000
				kit_thread_cpu_seconds_total{pool="event-loop"}\t10.0\t-1
				""");

		assertThat(scrape.samples()).extracting(Sample::value).containsExactly(1000.0, 10.0);
	}

	@Test
	void allowsBlanksAroundLabelsAndATrailingComma() {
		Sample sample = single("jvm_threads_states_threads { state = \"runnable\" , } 12\r\n");

		assertThat(sample).isEqualTo(new Sample("jvm_threads_states_threads", Map.of("state", "runnable"), 12));
	}

	@ParameterizedTest
	@ValueSource(strings = { "kit_requests_total", "kit_requests_total ", "kit_requests_total{pool=\"x\"",
			"kit_requests_total{pool=\"x} 1", "kit_requests_total{pool=x} 1", "kit_requests_total{pool=\"\\t\"} 1",
			"kit_requests_total{pool=\"a\" pool2=\"b\"} 1", "kit_requests_total{pool=\"a\",pool=\"b\"} 1",
			"kit_requests_total{1pool=\"a\"} 1", "kit_requests_total 1 2 3", "kit_requests_total 1 1.5",
			"kit_requests_total one", "kit_requests_total 1d", "kit_requests_total Infinity",
			"kit_requests_total 0x1p3", "kit_requests_total-1", "1kit_requests_total 1", "kit.requests 1",
			"{pool=\"x\"} 1" })
	void skipsAMalformedLineAndKeepsTheOthers(String malformed) {
		PrometheusText scrape = PrometheusText.parse("up 1\n" + malformed + "\nkit_requests_total 7\n");

		assertThat(scrape.samples()).extracting(Sample::name).containsExactly("up", "kit_requests_total");
		assertThat(scrape.sum("kit_requests_total")).hasValue(7);
	}

	@Test
	void namedMatchesTheWholeNameOnly() {
		PrometheusText scrape = PrometheusText.parse("""
				jvm_compilation_time_ms_total{compiler="c2"} 5
				jvm_compilation_time_ms_total_created{compiler="c2"} 1.7E9
				""");

		assertThat(scrape.named("jvm_compilation_time_ms_total")).extracting(Sample::value).containsExactly(5.0);
		assertThat(scrape.named("jvm_compilation_time_ms")).isEmpty();
	}

	@Test
	void sumAddsTheSamplesThatCarryTheLabelsAndIsEmptyWhenNoneDo() {
		PrometheusText scrape = PrometheusText.parse("""
				jvm_memory_used_bytes{area="heap",id="G1 Eden Space"} 24
				jvm_memory_used_bytes{area="heap",id="G1 Old Gen"} 40
				jvm_memory_used_bytes{area="nonheap",id="Metaspace"} 70
				""");

		assertThat(scrape.sum("jvm_memory_used_bytes", Map.of("area", "heap"))).hasValue(64);
		assertThat(scrape.sum("jvm_memory_used_bytes")).hasValue(134);
		assertThat(scrape.sum("jvm_memory_used_bytes", Map.of("area", "heap", "id", "G1 Old Gen"))).hasValue(40);
		assertThat(scrape.sum("jvm_memory_used_bytes", Map.of("area", "off-heap"))).isEmpty();
		assertThat(scrape.sum("jvm_buffer_memory_used_bytes")).isEmpty();
	}

	@Test
	void aLabelTheSampleDoesNotCarryIsEmpty() {
		Sample sample = single("kit_thread_cpu_seconds_total 3\n");

		assertThat(sample.label("pool")).isEmpty();
	}

	private static Sample single(String line) {
		PrometheusText scrape = PrometheusText.parse(line);
		assertThat(scrape.samples()).hasSize(1);
		return scrape.samples().get(0);
	}

}
