package dev.gatewaykit.bench.simulation;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.http.HttpRequestActionBuilder;
import org.jspecify.annotations.Nullable;

import dev.gatewaykit.bench.load.BenchSettings;
import dev.gatewaykit.bench.load.RelayTokens;
import dev.gatewaykit.common.IdentityHeaders;
import dev.gatewaykit.common.relay.RelayKeys;
import dev.gatewaykit.common.relay.RelayTokenSigner;

import static io.gatling.javaapi.http.HttpDsl.http;

/**
 * The original incident's load: logged-in users reading product details through nginx and
 * the gateway.
 * <p>
 * Setup: a pool of demo users log in through the gateway and their tokens are kept
 * ({@value TokenLogin#LOGIN} requests, reported apart). Then the load, measured by
 * {@link KitSimulation}: warm-up, then the measured window, then the tail. Against
 * {@code bench.target=ceiling} there is no login: the users send a relay token minted
 * here straight to mall-api through nginx, which measures what the bench can do without
 * the gateway; against {@code vanilla}, no token at all.
 * <p>
 * Every parameter is a {@code bench.*} system property; see {@link BenchSettings} and the
 * module's README.
 */
public class ProductBrowseSimulation extends KitSimulation {

	/** The measured requests' name. */
	static final String PRODUCT = "product";

	/**
	 * The vanilla target's request: mall-api's liveness through the gateway's plain
	 * route, an answer that needs no token.
	 */
	static final String VANILLA_PATH = "/vanilla/actuator/health/liveness";

	private final TokenPool tokens = new TokenPool();

	@Override
	protected List<MeasuredRequest> requests() {
		return List.of(MeasuredRequest.of(PRODUCT, this::product));
	}

	/**
	 * The gateway target's logins; the ceiling's relay tokens are minted here instead, no
	 * population needed.
	 */
	@Override
	protected @Nullable PopulationBuilder setup() {
		BenchSettings settings = settings();
		if (settings.target() == BenchSettings.Target.GATEWAY) {
			return new TokenLogin(settings, recorder(), this.tokens).demoUsers();
		}
		if (settings.target() == BenchSettings.Target.CEILING) {
			Duration validFor = Duration.ofSeconds(settings.totalSeconds() + 600);
			this.tokens.addAll(RelayTokens.mint(
					new RelayTokenSigner(settings.relayKeyId(), RelayKeys.privateKey(settings.relayPrivateKey())),
					settings.loginPool(), validFor, Clock.systemUTC()));
		}
		return null;
	}

	@Override
	protected String describe() {
		return settings().target().id();
	}

	/** A product id drawn uniformly from 1..{@code bench.productCount}. */
	private HttpRequestActionBuilder product(String name) {
		BenchSettings.Target target = settings().target();
		if (target == BenchSettings.Target.VANILLA) {
			return http(name).get(VANILLA_PATH);
		}
		String prefix = (target == BenchSettings.Target.CEILING) ? "/products/" : "/api/mall/products/";
		int products = settings().productCount();
		HttpRequestActionBuilder request = http(name)
			.get((session) -> prefix + ThreadLocalRandom.current().nextInt(1, products + 1));
		return (target == BenchSettings.Target.CEILING)
				? request.header(IdentityHeaders.RELAY_TOKEN, (session) -> this.tokens.forUser(session.userId()))
				: request.header("Authorization", (session) -> "Bearer " + this.tokens.forUser(session.userId()));
	}

}
