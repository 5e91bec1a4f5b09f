/**
 * The gateway as a client of auth-service's relay-token endpoint. The endpoint and its
 * bodies are kit-common's ({@link dev.gatewaykit.common.relay}), shared with
 * auth-service, which answers.
 */
@NullMarked
package dev.gatewaykit.gateway.core.relay;

import org.jspecify.annotations.NullMarked;
