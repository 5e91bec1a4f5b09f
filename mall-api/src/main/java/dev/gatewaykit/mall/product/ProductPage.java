package dev.gatewaykit.mall.product;

import java.util.List;

/**
 * One page of the catalogue, as returned by {@code GET /products}.
 *
 * @param page zero-based page number
 * @param size requested page size
 * @param total number of products in the catalogue
 * @param items the page's products in id order; empty past the last page
 */
public record ProductPage(int page, int size, long total, List<Product> items) {

	public ProductPage {
		items = List.copyOf(items);
	}

}
