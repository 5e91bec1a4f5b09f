package dev.gatewaykit.mall.product;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * What mall-api serves.
 *
 * @param catalogue the product catalogue seeded into Redis at start-up
 */
@Validated
@ConfigurationProperties("kit.mall")
public record MallProperties(@DefaultValue @Valid Catalogue catalogue) {

	/**
	 * The demo catalogue: products {@code 1..size}, generated deterministically from
	 * their id.
	 *
	 * @param size number of products; also the {@code total} that {@code GET /products}
	 * reports
	 * @param seedBatchSize keys written per pipelined round trip while seeding; large
	 * enough to amortise the round trip, small enough not to hold a big reply buffer in
	 * Redis
	 */
	public record Catalogue(@DefaultValue("10000") @Min(1) int size,
			@DefaultValue("1000") @Min(1) @Max(100_000) int seedBatchSize) {
	}

}
