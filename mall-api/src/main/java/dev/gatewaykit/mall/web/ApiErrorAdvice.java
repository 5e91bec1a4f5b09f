package dev.gatewaykit.mall.web;

import java.util.stream.Collectors;

import dev.gatewaykit.common.error.ApiError;
import dev.gatewaykit.mall.product.ProductNotFoundException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.MessageSourceResolvable;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ResponseEntity;
import org.springframework.web.ErrorResponse;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;

/**
 * Turns every exception a handler can throw into an {@link ApiError}. What happens before
 * a handler is chosen (the relay token filter, the container) is covered by
 * {@code RelayTokenFilter} and {@link JsonErrorAttributes}.
 */
@RestControllerAdvice
public class ApiErrorAdvice {

	private static final Logger logger = LoggerFactory.getLogger(ApiErrorAdvice.class);

	@ExceptionHandler
	ResponseEntity<ApiError> notFound(ProductNotFoundException ex) {
		return respond(HttpStatus.NOT_FOUND, ex.getMessage());
	}

	/** A constraint on a parameter failed: {@code "size must be between 1 and 100"}. */
	@ExceptionHandler
	ResponseEntity<ApiError> invalidParameter(HandlerMethodValidationException ex) {
		String message = ex.getParameterValidationResults()
			.stream()
			.flatMap((result) -> result.getResolvableErrors()
				.stream()
				.map(MessageSourceResolvable::getDefaultMessage)
				.map((text) -> result.getMethodParameter().getParameterName() + " " + text))
			.collect(Collectors.joining("; "));
		return respond(HttpStatus.BAD_REQUEST, message);
	}

	/**
	 * A parameter could not be converted: {@code /products/abc}, {@code ?size=abc}, a
	 * number beyond range.
	 */
	@ExceptionHandler
	ResponseEntity<ApiError> unconvertibleParameter(MethodArgumentTypeMismatchException ex) {
		return respond(HttpStatus.BAD_REQUEST, ex.getName() + " must be an integer");
	}

	/**
	 * Redis is unreachable or did not answer within {@code spring.data.redis.timeout}: a
	 * 503 tells the gateway and the load generator the failure is transient and not the
	 * request's fault. Logged without a stack trace: during an outage every request fails
	 * the same way and the log would drown.
	 */
	@ExceptionHandler({ DataAccessResourceFailureException.class, QueryTimeoutException.class })
	ResponseEntity<ApiError> storeUnavailable(Exception ex) {
		logger.warn("Product store unavailable: {}", ex.getMessage());
		return respond(HttpStatus.SERVICE_UNAVAILABLE, "the product store is unavailable, try again later");
	}

	/**
	 * Everything else: Spring MVC's own exceptions (unknown path, wrong method,
	 * unacceptable media type) keep their status; anything unexpected is a 500 whose
	 * details stay in the log.
	 */
	@ExceptionHandler
	ResponseEntity<ApiError> other(Exception ex) {
		if (ex instanceof ErrorResponse response) {
			HttpStatusCode status = response.getStatusCode();
			String detail = response.getBody().getDetail();
			return respond(status, (detail != null) ? detail : ApiErrors.code(status).replace('_', ' '));
		}
		logger.error("Unexpected error", ex);
		return respond(HttpStatus.INTERNAL_SERVER_ERROR, "unexpected error");
	}

	private static ResponseEntity<ApiError> respond(HttpStatusCode status, String message) {
		return ResponseEntity.status(status).body(ApiErrors.of(status, message));
	}

}
