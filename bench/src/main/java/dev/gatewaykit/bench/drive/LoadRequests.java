package dev.gatewaykit.bench.drive;

import java.net.URI;
import java.net.http.HttpRequest;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;

/**
 * What each request of the kit's own load is: the next one of a sequence, a path below
 * the target and its headers, whichever client sends it.
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

	/** Request {@code sequence} (1, 2, …). */
	Request next(long sequence);

	/**
	 * A product page chosen at random from {@code products}, as one of the logged-in
	 * users' tokens in turn (the tokens are read per request: a login may renew them).
	 */
	static LoadRequests products(Supplier<List<String>> tokens, int products) {
		return (sequence) -> {
			List<String> current = tokens.get();
			int product = ThreadLocalRandom.current().nextInt(1, products + 1);
			return new Request(PRODUCT_PATH + product,
					Map.of("Authorization", "Bearer " + current.get((int) (sequence % current.size()))));
		};
	}

	/** The same path every time, with no token. */
	static LoadRequests plain(String path) {
		Request request = new Request(path, Map.of());
		return (sequence) -> request;
	}

	/**
	 * One GET.
	 *
	 * @param path the path below the target, from its root
	 * @param headers what the request carries besides the client's own
	 */
	record Request(String path, Map<String, String> headers) {

		/**
		 * The same request for the JDK's client, to {@code base}, without its timeout.
		 */
		public HttpRequest.Builder jdk(URI base) {
			HttpRequest.Builder builder = HttpRequest.newBuilder(base.resolve(this.path)).GET();
			this.headers.forEach(builder::header);
			return builder;
		}

	}

}
