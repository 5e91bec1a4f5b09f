/**
 * The gateway's answers when it does not proxy: the JSON error body, the HTTP status of
 * each refusal, and the handler for errors that escape the filters.
 */
@NullMarked
package dev.gatewaykit.gateway.web;

import org.jspecify.annotations.NullMarked;
