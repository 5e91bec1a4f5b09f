/**
 * The JSON error body of every answer that is not a success, from handlers and from the
 * container alike.
 */
@NullMarked
package dev.gatewaykit.mall.web;

import org.jspecify.annotations.NullMarked;
