package dev.gatewaykit.mall.product;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.stereotype.Component;

/**
 * Seeds the demo catalogue at start-up, before the application reports ready
 * ({@code /actuator/health} says {@code OUT_OF_SERVICE} until runners have run), so the
 * first benchmark request never finds an empty Redis. Idempotent: see
 * {@link ProductCatalogue#seed()}. If Redis is unreachable, start-up fails: a mall-api
 * without its catalogue has nothing to serve.
 */
@Component
public class CatalogueSeeder implements ApplicationRunner {

	private static final Logger logger = LoggerFactory.getLogger(CatalogueSeeder.class);

	private final ProductCatalogue catalogue;

	public CatalogueSeeder(ProductCatalogue catalogue) {
		this.catalogue = catalogue;
	}

	@Override
	public void run(ApplicationArguments args) {
		ProductCatalogue.SeedResult result = this.catalogue.seed();
		logger.info("Product catalogue seeded: {} created, {} already present, in {} ms", result.created(),
				result.present(), result.took().toMillis());
	}

}
