package dev.gatewaykit.extensions.audit;

import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import reactor.core.publisher.Mono;

import org.springframework.cloud.gateway.filter.GatewayFilter;
import org.springframework.cloud.gateway.filter.GatewayFilterChain;
import org.springframework.cloud.gateway.filter.NettyWriteResponseFilter;
import org.springframework.cloud.gateway.filter.OrderedGatewayFilter;
import org.springframework.cloud.gateway.filter.factory.AbstractGatewayFilterFactory;
import org.springframework.cloud.gateway.support.GatewayToStringStyler;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.server.ServerWebExchange;

/**
 * Route filter {@code Audit}: records one entry per request in a Redis list — time,
 * method and path, for example {@code 2026-11-03T10:15:30.123Z GET /api/mall/products/1}
 * — before the request goes on. Its one argument, {@code style}, picks the
 * {@link AuditLog}: {@code blocking} ({@link BlockingAuditLog}, the mistake) or
 * {@code reactive} ({@link ReactiveAuditLog}, the fix, and the default). On every route:
 * {@code spring.cloud.gateway.server.webflux.default-filters[0]=Audit=blocking}; on one,
 * {@code - Audit=reactive} among its {@code filters}.
 * <p>
 * An unknown style fails when the route is built, with a message naming the allowed ones.
 */
public class AuditGatewayFilterFactory extends AbstractGatewayFilterFactory<AuditGatewayFilterFactory.Config> {

	/**
	 * Before the gateway's authentication filter (at
	 * {@code WRITE_RESPONSE_FILTER_ORDER - 1}), and so before every route filter (Spring
	 * Cloud Gateway orders those 1, 2, … by position): a request that authentication
	 * refuses is audited too, and the entry is written on the event loop that read the
	 * request, whichever execution mode the gateway is in.
	 */
	public static final int ORDER = NettyWriteResponseFilter.WRITE_RESPONSE_FILTER_ORDER - 2;

	private final Map<AuditStyle, AuditLog> logs;

	/**
	 * @param logs one log per {@link AuditStyle}
	 */
	public AuditGatewayFilterFactory(Map<AuditStyle, AuditLog> logs) {
		super(Config.class);
		for (AuditStyle style : AuditStyle.values()) {
			if (!logs.containsKey(style)) {
				throw new IllegalArgumentException("no AuditLog for style '" + style.id() + "'");
			}
		}
		this.logs = new EnumMap<>(logs);
	}

	@Override
	public List<String> shortcutFieldOrder() {
		return List.of("style");
	}

	@Override
	public GatewayFilter apply(Config config) {
		AuditStyle style = AuditStyle.of(config.getStyle());
		return new OrderedGatewayFilter(new AuditFilter(style, this.logs.get(style)), ORDER);
	}

	/** One line per request: time, method, path (as received, still percent-encoded). */
	static String entry(ServerHttpRequest request) {
		return Instant.now() + " " + request.getMethod().name() + " " + request.getPath().value();
	}

	private final class AuditFilter implements GatewayFilter {

		private final AuditStyle style;

		private final AuditLog log;

		AuditFilter(AuditStyle style, AuditLog log) {
			this.style = style;
			this.log = log;
		}

		@Override
		public Mono<Void> filter(ServerWebExchange exchange, GatewayFilterChain chain) {
			return this.log.append(entry(exchange.getRequest())).then(chain.filter(exchange));
		}

		@Override
		public String toString() {
			return GatewayToStringStyler.filterToStringCreator(AuditGatewayFilterFactory.this)
				.append("style", this.style.id())
				.toString();
		}

	}

	/** Configuration of the {@code Audit} filter. */
	public static class Config {

		/** How the entry is written: {@code blocking} or {@code reactive}. */
		private String style = AuditStyle.REACTIVE.id();

		public String getStyle() {
			return this.style;
		}

		public void setStyle(String style) {
			this.style = style;
		}

	}

}
