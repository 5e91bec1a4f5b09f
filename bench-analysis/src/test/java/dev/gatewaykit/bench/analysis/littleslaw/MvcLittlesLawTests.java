package dev.gatewaykit.bench.analysis.littleslaw;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.gatewaykit.bench.model.BenchJson;
import dev.gatewaykit.bench.model.Workload;
import dev.gatewaykit.common.mode.MvcMode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

/**
 * gateway-mvc's two modes under Little's law: Tomcat's platform threads bind like the
 * blocking mode's loops, virtual threads like the reactive mode (offered load, then CPU).
 */
class MvcLittlesLawTests {

	/**
	 * What gateway-mvc's {@code GET /actuator/kit} answers in mvc-platform (abridged).
	 */
	private static final String PLATFORM_JSON = """
			{"mode":"mvc-platform","publicPathsMatcher":"path-pattern","publicPaths":["/api/mall/health"],
			 "availableProcessors":2,"sessionTimeoutMs":500,"relayTimeoutMs":2000,
			 "tomcatThreads":200,"carrierThreads":2}
			""";

	private static final String VIRTUAL_JSON = """
			{"mode":"mvc-virtual","publicPathsMatcher":"path-pattern","availableProcessors":2,
			 "tomcatThreads":null,"carrierThreads":2}
			""";

	/** One of the WebFlux gateway's, from before gateway-mvc existed. */
	private static final String WEBFLUX_JSON = """
			{"mode":"blocking","profile":"naive","eventLoopThreads":4,"parallelThreads":2,
			 "boundedElasticThreads":20,"publicPathsMatcher":"ant","logStyle":"naive"}
			""";

	/** Two scrapes of mvc-platform: 55 ms in the calls and 2 ms of Tomcat CPU each. */
	private static final String START = """
			kit_requests_total 1000.0
			kit_blocking_calls_seconds_sum{call="session"} 3.0
			kit_blocking_calls_seconds_sum{call="relay"} 52.0
			kit_thread_cpu_seconds_total{pool="tomcat"} 4.0
			kit_thread_cpu_seconds_total{pool="carrier"} 0.0
			""";

	private static final String END = """
			kit_requests_total 4000.0
			kit_blocking_calls_seconds_sum{call="session"} 12.0
			kit_blocking_calls_seconds_sum{call="relay"} 208.0
			kit_thread_cpu_seconds_total{pool="tomcat"} 10.0
			kit_thread_cpu_seconds_total{pool="carrier"} 0.0
			""";

	@TempDir
	Path dir;

	@Test
	void readsTomcatAndCarrierThreads() throws Exception {
		GatewayFacts platform = read(PLATFORM_JSON);
		GatewayFacts virtual = read(VIRTUAL_JSON);

		assertThat(platform.mode()).isEqualTo("mvc-platform");
		assertThat(platform.tomcatThreads()).isEqualTo(200);
		assertThat(platform.carrierThreads()).isEqualTo(2);
		assertThat(platform.eventLoopThreads()).isZero();
		assertThat(platform.profile()).isNull();
		assertThat(virtual.tomcatThreads()).isNull();
		assertThat(virtual.carrierThreads()).isEqualTo(2);
	}

	@Test
	void aWebFluxGatewayJsonWithoutThemStillReads() throws Exception {
		assertThat(read(WEBFLUX_JSON))
			.isEqualTo(new GatewayFacts("blocking", "naive", 4, 2, 20, "ant", "naive", null, null))
			.isEqualTo(new GatewayFacts("blocking", "naive", 4, 2, 20, "ant", "naive"));
	}

	@Test
	void theHoldTimeOfAPlatformRequestIsItsCallsPlusTomcatsCpu() {
		HoldTime hold = hold(MvcMode.PLATFORM);

		assertThat(hold.pool()).isEqualTo(GatewayMeters.TOMCAT);
		assertThat(hold.blockedMs()).isCloseTo(55.0, within(1e-9));
		assertThat(hold.cpuMs()).isCloseTo(2.0, within(1e-9));
		assertThat(hold.describe()).isEqualTo("55 ms blocked + 2 ms Tomcat CPU");
		assertThat(HoldTime.poolOf(MvcMode.VIRTUAL)).isEqualTo(GatewayMeters.CARRIER);
	}

	@Test
	void mvcPlatformIsBoundByTomcatsThreadsOverTheMeasuredHoldTime() throws Exception {
		Prediction prediction = LittlesLaw.predict(MvcMode.PLATFORM, read(PLATFORM_JSON), new LinkLatencies(1, 50, 0),
				Workload.closed(1000), hold(MvcMode.PLATFORM), 1);

		assertThat(prediction.tps()).isCloseTo(200 / 0.057, within(1e-9));
		assertThat(prediction.formula()).isEqualTo("200 Tomcat threads / (55 ms blocked + 2 ms Tomcat CPU) = 3509");
		assertThat(prediction.boundBy()).isEqualTo(Prediction.THREADS);
	}

	/** 150 users, not 200 threads, bind first: the threads are then not the bound. */
	@Test
	void fewerUsersThanTomcatThreadsBindFirst() throws Exception {
		Prediction prediction = LittlesLaw.predict(MvcMode.PLATFORM, read(PLATFORM_JSON), new LinkLatencies(1, 50, 0),
				Workload.closed(150), hold(MvcMode.PLATFORM), 1);

		assertThat(prediction.boundBy()).isEqualTo(Prediction.OFFERED_LOAD);
		assertThat(prediction.threadBound()).isCloseTo(200 / 0.057, within(1e-9));
	}

	@Test
	void mvcVirtualIsNotThreadBound() throws Exception {
		Prediction open = LittlesLaw.predict(MvcMode.VIRTUAL, read(VIRTUAL_JSON), new LinkLatencies(1, 50, 0),
				Workload.open(500), hold(MvcMode.VIRTUAL), 1);
		Prediction closed = LittlesLaw.predict(MvcMode.VIRTUAL, read(VIRTUAL_JSON), new LinkLatencies(1, 50, 0),
				Workload.closed(150), null, 1);

		assertThat(open.boundBy()).isEqualTo(Prediction.OFFERED_LOAD);
		assertThat(open.threadBound()).isNull();
		assertThat(closed.threadBound()).isNull();
		assertThat(closed.formula()).isEqualTo("150 users / 52 ms = 2885");
	}

	@Test
	void aVirtualGatewayNeedsNoFactsAPlatformOneDoes() {
		assertThat(LittlesLaw.predict(MvcMode.VIRTUAL, null, new LinkLatencies(1, 50, 0), Workload.closed(150), null, 1)
			.boundBy()).isEqualTo(Prediction.OFFERED_LOAD);
		assertThat(
				LittlesLaw.predict(MvcMode.PLATFORM, null, new LinkLatencies(1, 50, 0), Workload.closed(150), null, 1)
					.formula())
			.isEqualTo("thread counts unknown (no gateway.json)");
	}

	/** Facts of a virtual-thread gateway for the platform mode: no pool to divide. */
	@Test
	void refusesAPlatformPredictionWithoutTomcatThreads() throws Exception {
		GatewayFacts virtual = read(VIRTUAL_JSON);

		assertThatIllegalArgumentException()
			.isThrownBy(() -> LittlesLaw.predict(MvcMode.PLATFORM, virtual, new LinkLatencies(1, 50, 0),
					Workload.closed(150), null, 1))
			.withMessage("gateway.json reports 0 Tomcat threads for mode mvc-platform; expected at least 1");
	}

	private GatewayFacts read(String json) throws Exception {
		Path file = this.dir.resolve("gateway.json");
		Files.writeString(file, json);
		return BenchJson.read(file, GatewayFacts.class);
	}

	private static HoldTime hold(MvcMode mode) {
		return HoldTime.between(GatewayMeters.parse(START), GatewayMeters.parse(END), HoldTime.poolOf(mode),
				HoldTime.WINDOW);
	}

}
