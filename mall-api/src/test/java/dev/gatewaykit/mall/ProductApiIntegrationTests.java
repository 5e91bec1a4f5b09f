package dev.gatewaykit.mall;

import java.util.List;
import java.util.stream.LongStream;

import dev.gatewaykit.mall.product.DemoProducts;
import dev.gatewaykit.mall.product.Product;
import dev.gatewaykit.mall.product.ProductPage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.http.MediaType;

import static org.assertj.core.api.Assertions.assertThat;

class ProductApiIntegrationTests extends AbstractMallApiIntegrationTests {

	@Test
	void returnsSeededProduct() {
		Product product = get("/products/{id}", 17).expectStatus()
			.isOk()
			.expectHeader()
			.contentTypeCompatibleWith(MediaType.APPLICATION_JSON)
			.expectBody(Product.class)
			.returnResult()
			.getResponseBody();
		assertThat(product).isEqualTo(DemoProducts.forId(17));
		assertThat(product.name()).isEqualTo("Light Backpack 17");
		assertThat(product.price()).isEqualByComparingTo("348.23");
	}

	@Test
	void servesTheLastProductOfTheCatalogue() {
		get("/products/{id}", CATALOGUE_SIZE).expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.id")
			.isEqualTo(CATALOGUE_SIZE);
	}

	@Test
	void answersNotFoundForMissingProduct() {
		get("/products/{id}", CATALOGUE_SIZE + 1).expectStatus().isNotFound().expectBody().json("""
				{"status":404,"error":"not_found","message":"product 201 does not exist"}""");
	}

	@ParameterizedTest(name = "/products/{0} → {1}")
	@CsvSource(delimiter = '|', textBlock = """
			abc                  | id must be an integer
			1.5                  | id must be an integer
			99999999999999999999 | id must be an integer
			0                    | id must be a positive integer
			-3                   | id must be a positive integer
			""")
	void rejectsBadProductId(String id, String message) {
		get("/products/" + id).expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.status")
			.isEqualTo(400)
			.jsonPath("$.error")
			.isEqualTo("bad_request")
			.jsonPath("$.message")
			.isEqualTo(message)
			.jsonPath("$.trace")
			.doesNotExist();
	}

	@Test
	void returnsRequestedPage() {
		ProductPage page = get("/products?page=2&size=30").expectStatus()
			.isOk()
			.expectBody(ProductPage.class)
			.returnResult()
			.getResponseBody();
		assertThat(page.page()).isEqualTo(2);
		assertThat(page.size()).isEqualTo(30);
		assertThat(page.total()).isEqualTo(CATALOGUE_SIZE);
		assertThat(page.items()).extracting(Product::id).containsExactlyElementsOf(range(61, 90));
		assertThat(page.items().get(0)).isEqualTo(DemoProducts.forId(61));
	}

	@Test
	void defaultsToFirstPageOfTwenty() {
		ProductPage page = get("/products").expectStatus()
			.isOk()
			.expectBody(ProductPage.class)
			.returnResult()
			.getResponseBody();
		assertThat(page.page()).isZero();
		assertThat(page.size()).isEqualTo(20);
		assertThat(page.items()).extracting(Product::id).containsExactlyElementsOf(range(1, 20));
	}

	@Test
	void returnsShortLastPage() {
		ProductPage page = get("/products?page=2&size=90").expectStatus()
			.isOk()
			.expectBody(ProductPage.class)
			.returnResult()
			.getResponseBody();
		assertThat(page.items()).extracting(Product::id).containsExactlyElementsOf(range(181, 200));
	}

	@Test
	void returnsEmptyPagePastTheEnd() {
		get("/products?page=7&size=100").expectStatus().isOk().expectBody().json("""
				{"page":7,"size":100,"total":200,"items":[]}""");
	}

	@ParameterizedTest(name = "{0} → {1}")
	@CsvSource(delimiter = '|', textBlock = """
			size=0                | size must be between 1 and 100
			size=101              | size must be between 1 and 100
			size=-1               | size must be between 1 and 100
			size=abc              | size must be an integer
			page=-1               | page must be 0 or greater
			page=abc              | page must be an integer
			page=99999999999      | page must be an integer
			""")
	void rejectsBadPagingParameter(String query, String message) {
		get("/products?" + query).expectStatus().isBadRequest().expectBody().json("""
				{"status":400,"error":"bad_request","message":"%s"}""".formatted(message));
	}

	private static List<Long> range(long first, long last) {
		return LongStream.rangeClosed(first, last).boxed().toList();
	}

}
