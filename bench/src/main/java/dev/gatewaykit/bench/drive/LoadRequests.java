package dev.gatewaykit.bench.drive;

import java.net.URI;
import java.net.http.HttpRequest;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;

/**
 * What each request of the kit's own load is, to a base URL: the next one of a sequence.
 */
@FunctionalInterface
public interface LoadRequests {

	/** The product page the kit's product reads fetch, by id. */
	String PRODUCT_PATH = "/api/mall/products/";

	/**
	 * The plain route's request: mall-api's liveness through the gateway's
	 * {@code vanilla} route, its one answer that needs no token.
	 */
	String PLAIN_PATH = "/vanilla/actuator/health/liveness";

	/** Request {@code sequence} (1, 2, …) to {@code base}, without its timeout. */
	HttpRequest.Builder next(URI base, long sequence);

	/**
	 * A product page chosen at random from {@code products}, as one of the logged-in
	 * users' tokens in turn (the tokens are read per request: a login may renew them).
	 */
	static LoadRequests products(Supplier<List<String>> tokens, int products) {
		return (base, sequence) -> {
			List<String> current = tokens.get();
			int product = ThreadLocalRandom.current().nextInt(1, products + 1);
			return HttpRequest.newBuilder(base.resolve(PRODUCT_PATH + product))
				.header("Authorization", "Bearer " + current.get((int) (sequence % current.size())))
				.GET();
		};
	}

	/** The same path every time, with no token. */
	static LoadRequests plain(String path) {
		return (base, sequence) -> HttpRequest.newBuilder(base.resolve(path)).GET();
	}

}
