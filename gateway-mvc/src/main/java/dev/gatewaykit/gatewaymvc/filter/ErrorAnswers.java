package dev.gatewaykit.gatewaymvc.filter;

import java.nio.charset.StandardCharsets;

import dev.gatewaykit.common.error.ApiError;
import dev.gatewaykit.gateway.core.auth.BearerAuthentication;
import dev.gatewaykit.gateway.core.error.ErrorBodies;
import dev.gatewaykit.gateway.core.identity.IdentityUnavailableException;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.web.servlet.function.ServerRequest;
import org.springframework.web.servlet.function.ServerResponse;

/**
 * The kit's JSON error answers as {@link ServerResponse}s: the body and bytes are
 * {@link ErrorBodies}', the same as the WebFlux gateway's; a 5xx names the request id
 * (the servlet container's) in its message and in {@value ErrorBodies#REQUEST_ID_HEADER}.
 */
final class ErrorAnswers {

	private ErrorAnswers() {
	}

	/** 401 with {@code WWW-Authenticate: Bearer}. */
	static ServerResponse unauthorized(ServerRequest request, String message) {
		return answer(request, new ApiError(401, "unauthorized", message), BearerAuthentication.CHALLENGE);
	}

	/** 502 or 503, as {@link ErrorBodies#identityUnavailable} says. */
	static ServerResponse identityUnavailable(ServerRequest request, IdentityUnavailableException ex) {
		return answer(request, ErrorBodies.identityUnavailable(ex), null);
	}

	/** The id the container gives this request, named in a 5xx answer and the log. */
	static String requestId(ServerRequest request) {
		return request.servletRequest().getRequestId();
	}

	private static ServerResponse answer(ServerRequest request, ApiError error, @Nullable String challenge) {
		String id = requestId(request);
		ApiError answer = ErrorBodies.answered(error, id);
		ServerResponse.BodyBuilder response = ServerResponse.status(answer.status())
			.contentType(MediaType.APPLICATION_JSON);
		if (answer.status() >= 500) {
			response.header(ErrorBodies.REQUEST_ID_HEADER, id);
		}
		if (challenge != null) {
			response.header(HttpHeaders.WWW_AUTHENTICATE, challenge);
		}
		// Bytes, not a String: the body is UTF-8 whatever a String converter defaults to.
		return response.body(ErrorBodies.json(answer).getBytes(StandardCharsets.UTF_8));
	}

}
