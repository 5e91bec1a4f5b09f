package dev.gatewaykit.bench.analysis.littleslaw;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.common.diagnostics.GatewaySecond;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class PoolBoundTests {

	@Test
	void aPoolOf500With95LentOutAt2000PerSecondHoldsEach47MsAndCouldCarry10526() {
		PoolBound bound = PoolBound.lowest(List.of(
				second(Map.of("auth-service", new GatewaySecond.Pool(90, 60, 0, 500), "mall-api",
						new GatewaySecond.Pool(25, 80, 0, 1000))),
				second(Map.of("auth-service", new GatewaySecond.Pool(100, 50, 0, 500), "mall-api",
						new GatewaySecond.Pool(25, 80, 0, 1000)))),
				2000);

		// mall-api: 1000 × 2000 / 25 = 80000, not the lowest.
		assertThat(bound.pool()).isEqualTo("auth-service");
		assertThat(bound.heldMs()).isCloseTo(47.5, within(1e-9));
		assertThat(bound.tps()).isCloseTo(10526.3, within(0.1));
		assertThat(bound.formula()).isEqualTo("auth-service pool 500 / 47.5 ms = 10526");
	}

	@Test
	void twoGatewaysEachWithItsPoolCarryTwiceAsMuchAndHoldAsLong() {
		// The first gateway's gauges at its half of 2000 a second: 500 × 1000 / 95.
		PoolBound one = PoolBound
			.lowest(List.of(second(Map.of("auth-service", new GatewaySecond.Pool(95, 60, 0, 500)))), 1000);

		PoolBound both = one.across(2);

		assertThat(both.heldMs()).isCloseTo(95, within(1e-9));
		assertThat(both.tps()).isCloseTo(2 * 500 * 1000 / 95.0, within(1e-9));
		assertThat(both.formula()).isEqualTo("auth-service pool 1000 / 95 ms = 10526");
	}

	@Test
	void aSecondWithoutThePoolCountsAsNoneLentOut() {
		PoolBound bound = PoolBound
			.lowest(List.of(second(Map.of("mall-api", new GatewaySecond.Pool(10, 0, 0, 100))), second(Map.of())), 100);

		// 5 on average: held 50 ms, 100 / 50 ms = 2000.
		assertThat(bound.tps()).isCloseTo(2000, within(1e-9));
	}

	@Test
	void noBoundWithoutASizeAnIdlePoolOrRequests() {
		List<GatewaySecond> unsized = List.of(second(Map.of("mall-api", new GatewaySecond.Pool(10, 0, 0))));
		List<GatewaySecond> idle = List.of(second(Map.of("mall-api", new GatewaySecond.Pool(0, 8, 0, 1000))));
		List<GatewaySecond> busy = List.of(second(Map.of("mall-api", new GatewaySecond.Pool(10, 0, 0, 1000))));

		assertThat(PoolBound.lowest(unsized, 2000)).isNull();
		assertThat(PoolBound.lowest(idle, 2000)).isNull();
		assertThat(PoolBound.lowest(busy, 0)).isNull();
		assertThat(PoolBound.lowest(List.of(), 2000)).isNull();
	}

	@Test
	void aLowerBoundTakesThePredictionsPlaceAndAHigherOneIsNamedBesideIt() {
		Prediction cpu = new Prediction(2201.0, "2 cores / 909 µs CPU of 7 processes = 2201", Prediction.CPU, 5000.0,
				null);

		Prediction beside = new PoolBound("auth-service", 500, 47.5, 10526.3).bind(cpu);
		assertThat(beside.tps()).isEqualTo(2201.0);
		assertThat(beside.boundBy()).isEqualTo(Prediction.CPU);
		assertThat(beside.formula())
			.isEqualTo("2 cores / 909 µs CPU of 7 processes = 2201; auth-service pool 500 / 47.5 ms = 10526");
		assertThat(beside.threadBound()).isEqualTo(5000.0);

		Prediction instead = new PoolBound("auth-service", 50, 47.5, 1052.6).bind(cpu);
		assertThat(instead.tps()).isEqualTo(1052.6);
		assertThat(instead.boundBy()).isEqualTo(Prediction.POOL);
		assertThat(instead.formula()).isEqualTo("auth-service pool 50 / 47.5 ms = 1053");
	}

	private static GatewaySecond second(Map<String, GatewaySecond.Pool> pools) {
		return new GatewaySecond(0, null, 0, pools, null, Map.of());
	}

}
