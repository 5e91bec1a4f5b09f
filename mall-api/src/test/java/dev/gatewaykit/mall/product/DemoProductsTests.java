package dev.gatewaykit.mall.product;

import java.math.BigDecimal;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class DemoProductsTests {

	@Test
	void generatesTheSameProductForTheSameId() {
		assertThat(DemoProducts.forId(4242)).isEqualTo(DemoProducts.forId(4242));
	}

	@Test
	void generatesKnownProduct() {
		Product product = DemoProducts.forId(17);
		assertThat(product.id()).isEqualTo(17);
		assertThat(product.name()).isEqualTo("Light Backpack 17");
		assertThat(product.price()).isEqualTo(new BigDecimal("348.23"));
		assertThat(product.stock()).isEqualTo(227);
		assertThat(product.description()).contains("light backpack 17").endsWith("Catalogue item #17.");
	}

	@Test
	void keepsValuesInRange() {
		LongStream.rangeClosed(1, 10_000).mapToObj(DemoProducts::forId).forEach((product) -> {
			assertThat(product.price()).isBetween(new BigDecimal("1.00"), new BigDecimal("999.99"));
			assertThat(product.price().scale()).isEqualTo(2);
			assertThat(product.stock()).isBetween(0, 499);
		});
	}

	@Test
	void givesEveryProductItsOwnName() {
		Set<String> names = new HashSet<>();
		LongStream.rangeClosed(1, 10_000).forEach((id) -> names.add(DemoProducts.forId(id).name()));
		assertThat(names).hasSize(10_000);
	}

	@Test
	void refusesIdsBelowOne() {
		assertThatIllegalArgumentException().isThrownBy(() -> DemoProducts.forId(0));
	}

}
