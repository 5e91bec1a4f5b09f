package dev.gatewaykit.bench.model;

/**
 * The simulations the kit ships. A run records its simulation's class; a run of the kit's
 * own scenario records none, so this is what an absent one means when two runs are
 * compared.
 */
public final class Simulations {

	/** The kit's scenario: browse products behind a login, the incident's traffic. */
	public static final String PRODUCT_BROWSE = "dev.gatewaykit.bench.simulation.ProductBrowseSimulation";

	private Simulations() {
	}

}
