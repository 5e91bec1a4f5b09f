/**
 * The relay token check that guards every path but health.
 */
@NullMarked
package dev.gatewaykit.mall.security;

import org.jspecify.annotations.NullMarked;
