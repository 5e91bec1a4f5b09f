package dev.gatewaykit.mall.product;

import java.math.BigDecimal;

/**
 * A product as stored under {@code kit:product:{id}} and returned by {@code GET
 * /products/{id}}.
 *
 * @param id the product's id, {@code 1..kit.mall.catalogue.size}
 * @param name display name
 * @param price unit price, two decimals
 * @param stock units in stock
 * @param description a sentence or two of text, so that a response has a realistic size
 */
public record Product(long id, String name, BigDecimal price, int stock, String description) {
}
