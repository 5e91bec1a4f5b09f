package dev.gatewaykit.mall.product;

import java.math.BigDecimal;
import java.util.List;

/**
 * Generates the demo catalogue: the same id always gives the same product, so a seeded
 * Redis can be checked and re-seeded without surprises, and a benchmark run is comparable
 * with the previous one.
 */
public final class DemoProducts {

	private static final List<String> ADJECTIVES = List.of("Sturdy", "Compact", "Classic", "Quiet", "Bright", "Light",
			"Rugged", "Smart", "Slim", "Deluxe", "Handy", "Modern");

	private static final List<String> NOUNS = List.of("Kettle", "Backpack", "Desk Lamp", "Headphones", "Umbrella",
			"Water Bottle", "Notebook", "Keyboard", "Teapot", "Blender", "Jacket", "Chair", "Toaster");

	private static final List<String> MATERIALS = List.of("recycled aluminium", "oak", "stainless steel",
			"organic cotton", "bamboo", "ceramic", "waxed canvas");

	private DemoProducts() {
	}

	/** The product with this id; prices are 1.00 to 999.99, stock 0 to 499. */
	public static Product forId(long id) {
		if (id < 1) {
			throw new IllegalArgumentException("product ids start at 1, was " + id);
		}
		String name = pick(ADJECTIVES, id) + " " + pick(NOUNS, id / ADJECTIVES.size()) + " " + id;
		// Multiplying by primes spreads neighbouring ids over the range instead of
		// counting up.
		BigDecimal price = BigDecimal.valueOf(100 + Math.floorMod(id * 7919, 99_900), 2);
		int stock = (int) Math.floorMod(id * 131, 500);
		String description = "The " + name.toLowerCase() + " is made of " + pick(MATERIALS, id * 31)
				+ " and ships within " + (1 + Math.floorMod(id, 5)) + " working days. Catalogue item #" + id + ".";
		return new Product(id, name, price, stock, description);
	}

	private static String pick(List<String> values, long seed) {
		return values.get((int) Math.floorMod(seed, values.size()));
	}

}
