package dev.gatewaykit.mall.product;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.PositiveOrZero;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The product endpoints. Parameters are checked by Spring MVC's built-in method
 * validation (the constraints on the parameters are enough; no {@code @Validated} proxy),
 * and every failure is turned into JSON by
 * {@link dev.gatewaykit.mall.web.ApiErrorAdvice}.
 */
@RestController
@RequestMapping("/products")
public class ProductController {

	/**
	 * Bounds one MGET and one response body: a client cannot ask for the whole catalogue
	 * in one request.
	 */
	static final int MAX_PAGE_SIZE = 100;

	private static final String SIZE_RANGE = "must be between 1 and " + MAX_PAGE_SIZE;

	private final ProductCatalogue catalogue;

	public ProductController(ProductCatalogue catalogue) {
		this.catalogue = catalogue;
	}

	@GetMapping("/{id}")
	public Product product(@PathVariable("id") @Positive(message = "must be a positive integer") long id) {
		return this.catalogue.find(id).orElseThrow(() -> new ProductNotFoundException(id));
	}

	/**
	 * A page of the catalogue; a page past the end answers 200 with no items (the total
	 * says where it ends).
	 */
	@GetMapping
	public ProductPage products(
			@RequestParam(name = "page", defaultValue = "0") @PositiveOrZero(message = "must be 0 or greater") int page,
			@RequestParam(name = "size", defaultValue = "20") @Min(value = 1,
					message = SIZE_RANGE) @Max(value = MAX_PAGE_SIZE, message = SIZE_RANGE) int size) {
		return this.catalogue.page(page, size);
	}

}
