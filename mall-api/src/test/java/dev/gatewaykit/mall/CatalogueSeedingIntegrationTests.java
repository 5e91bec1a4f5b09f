package dev.gatewaykit.mall;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.core.StringRedisTemplate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.gatewaykit.mall.product.DemoProducts;
import dev.gatewaykit.mall.product.Product;
import dev.gatewaykit.mall.product.ProductCatalogue.SeedResult;
import dev.gatewaykit.mall.product.ProductCatalogue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class CatalogueSeedingIntegrationTests extends AbstractMallApiIntegrationTests {

	@Autowired
	ProductCatalogue catalogue;

	@Autowired
	StringRedisTemplate redisTemplate;

	@Autowired
	JsonMapper json;

	@Test
	void seedsWholeCatalogueAtStartUp() {
		assertThat(redis.command("DBSIZE")).isEqualTo(":" + CATALOGUE_SIZE);
		assertThat(redis.command("EXISTS kit:product:1")).isEqualTo(":1");
		assertThat(redis.command("EXISTS kit:product:" + CATALOGUE_SIZE)).isEqualTo(":1");
		assertThat(redis.command("EXISTS kit:product:" + (CATALOGUE_SIZE + 1))).isEqualTo(":0");
	}

	@Test
	void storesProductsInTheDesignedJsonShape() {
		JsonNode stored = this.json.readTree(this.redisTemplate.opsForValue().get("kit:product:17"));
		assertThat(stored.propertyNames()).containsExactly("id", "name", "price", "stock", "description");
		assertThat(stored.get("id").isIntegralNumber()).isTrue();
		assertThat(stored.get("price").isNumber()).isTrue();
		assertThat(stored.get("stock").isIntegralNumber()).isTrue();
		assertThat(this.json.treeToValue(stored, Product.class)).isEqualTo(DemoProducts.forId(17));
	}

	@Test
	void secondRunCreatesNothing() {
		SeedResult again = this.catalogue.seed();
		assertThat(again.created()).isZero();
		assertThat(again.present()).isEqualTo(CATALOGUE_SIZE);
	}

	@Test
	void writesOnlyMissingKeysAndLeavesExistingOnesAlone() {
		String edited = this.json.writeValueAsString(new Product(7, "Edited by hand", null, 0, ""));
		String original = this.redisTemplate.opsForValue().get("kit:product:7");
		try {
			this.redisTemplate.delete(List.of("kit:product:5", "kit:product:65", "kit:product:200"));
			this.redisTemplate.opsForValue().set("kit:product:7", edited);

			SeedResult result = this.catalogue.seed();

			assertThat(result.created()).isEqualTo(3);
			assertThat(result.present()).isEqualTo(CATALOGUE_SIZE - 3);
			assertThat(this.catalogue.find(5)).contains(DemoProducts.forId(5));
			assertThat(this.catalogue.find(200)).contains(DemoProducts.forId(200));
			assertThat(this.redisTemplate.opsForValue().get("kit:product:7")).isEqualTo(edited);
		}
		finally {
			this.redisTemplate.opsForValue().set("kit:product:7", original);
		}
	}

	@Test
	void aBatchThatTimesOutIsWrittenAgain() {
		this.redisTemplate.delete(List.of("kit:product:3", "kit:product:150"));
		// Redis holds every write for 1.5 s: the first attempt at the first batch times
		// out (spring.data.redis.timeout, 1 s), the second is answered once the pause
		// ends.
		assertThat(redis.command("CLIENT PAUSE 1500 WRITE")).isEqualTo("+OK");

		SeedResult result = this.catalogue.seed();

		assertThat(result.took()).isGreaterThan(Duration.ofSeconds(1));
		assertThat(result.created() + result.present()).isEqualTo(CATALOGUE_SIZE);
		assertThat(this.catalogue.find(3)).contains(DemoProducts.forId(3));
		assertThat(this.catalogue.find(150)).contains(DemoProducts.forId(150));
	}

	@Test
	void aCatalogueThatTimesOutEveryTryFailsAfterTheLastOne() {
		// Writes held longer than every attempt's 1 s timeout together: the seed gives up
		// with the timeout rather than trying for ever.
		assertThat(redis.command("CLIENT PAUSE " + (ProductCatalogue.SEED_ATTEMPTS * 1000 + 1500) + " WRITE"))
			.isEqualTo("+OK");
		try {
			long started = System.nanoTime();
			assertThatExceptionOfType(DataAccessException.class).isThrownBy(this.catalogue::seed);
			assertThat(Duration.ofNanos(System.nanoTime() - started))
				.isGreaterThanOrEqualTo(Duration.ofSeconds(ProductCatalogue.SEED_ATTEMPTS));
		}
		finally {
			assertThat(redis.command("CLIENT UNPAUSE")).isEqualTo("+OK");
		}
	}

}
