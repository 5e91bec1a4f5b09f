package dev.gatewaykit.extensions.audit;

import reactor.core.publisher.Mono;

/**
 * Where the {@code Audit} filter writes its entry for each request. The filter depends on
 * this interface only; each {@link AuditStyle} is one implementation, and both send
 * exactly the same Redis commands — {@code LPUSH} of the entry onto
 * {@link AuditProperties#key()}, then {@code LTRIM} to
 * {@link AuditProperties#maxEntries()} — so that they differ in threading alone.
 */
public interface AuditLog {

	/**
	 * Appends one entry, newest first, and trims the log to its bound. The returned
	 * {@code Mono} completes once Redis has both; it fails if Redis cannot answer within
	 * the client's command timeout.
	 * @param entry one line, for example
	 * {@code 2026-11-03T10:15:30.123Z GET /api/mall/products/1}
	 */
	Mono<Void> append(String entry);

}
