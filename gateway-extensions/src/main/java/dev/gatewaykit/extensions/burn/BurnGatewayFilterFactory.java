package dev.gatewaykit.extensions.burn;

import java.time.Duration;
import java.util.List;

import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

import org.springframework.boot.convert.DurationStyle;
import org.springframework.cloud.gateway.filter.GatewayFilter;
import org.springframework.cloud.gateway.filter.GatewayFilterChain;
import org.springframework.cloud.gateway.filter.factory.AbstractGatewayFilterFactory;
import org.springframework.cloud.gateway.support.GatewayToStringStyler;
import org.springframework.web.server.ServerWebExchange;

/**
 * Route filter {@code Burn}: spends its one argument, {@code cost}, of CPU time on the
 * thread that handles the request (an event loop in the reactive modes), before the
 * request goes on, for example {@code Burn=40us} on every route:
 * {@code spring.cloud.gateway.server.webflux.default-filters[0]=Burn=40us}. It is the
 * regression of known size the gate is checked with; it blocks nothing.
 * <p>
 * A cost that is not a duration, is negative, or is above {@link #MAX_COST} fails when
 * the route is built, with a message that says so.
 */
public class BurnGatewayFilterFactory extends AbstractGatewayFilterFactory<BurnGatewayFilterFactory.Config> {

	/**
	 * The most a request may be made to burn: beyond it the filter would be a load test
	 * of its own rather than a regression to detect.
	 */
	public static final Duration MAX_COST = Duration.ofMillis(10);

	private final CpuBurner burner;

	public BurnGatewayFilterFactory() {
		this(new CpuBurner());
	}

	BurnGatewayFilterFactory(CpuBurner burner) {
		super(Config.class);
		this.burner = burner;
	}

	@Override
	public List<String> shortcutFieldOrder() {
		return List.of("cost");
	}

	@Override
	public GatewayFilter apply(Config config) {
		Duration cost = cost(config.getCost());
		return new GatewayFilter() {

			@Override
			public Mono<Void> filter(ServerWebExchange exchange, GatewayFilterChain chain) {
				BurnGatewayFilterFactory.this.burner.burn(cost);
				return chain.filter(exchange);
			}

			@Override
			public String toString() {
				return GatewayToStringStyler.filterToStringCreator(BurnGatewayFilterFactory.this)
					.append("cost", DurationStyle.SIMPLE.print(cost))
					.toString();
			}

		};
	}

	/** The cost as written ({@code 40us}, {@code 1ms}), checked. */
	static Duration cost(@Nullable String text) {
		if (text == null || text.isBlank()) {
			throw new IllegalArgumentException("Burn needs a cost per request, for example Burn=40us");
		}
		Duration cost;
		try {
			cost = DurationStyle.detectAndParse(text.trim());
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalArgumentException(
					"Burn's cost '" + text + "' is not a duration; write it as 40us, 250us or 1ms", ex);
		}
		if (cost.isNegative() || cost.compareTo(MAX_COST) > 0) {
			throw new IllegalArgumentException(
					"Burn's cost " + text + " is outside 0.." + DurationStyle.SIMPLE.print(MAX_COST));
		}
		return cost;
	}

	/** Configuration of the {@code Burn} filter. */
	public static class Config {

		/** CPU time to spend per request, for example {@code 40us}. */
		private @Nullable String cost;

		public @Nullable String getCost() {
			return this.cost;
		}

		public void setCost(@Nullable String cost) {
			this.cost = cost;
		}

	}

}
