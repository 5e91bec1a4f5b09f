package dev.gatewaykit.mall.product;

/** Thrown when no product is stored under the requested id; answered with 404. */
public class ProductNotFoundException extends RuntimeException {

	public ProductNotFoundException(long id) {
		// No stack trace: a miss is an expected outcome on the hot path, not a bug worth
		// the cost of filling one.
		super("product " + id + " does not exist", null, false, false);
	}

}
