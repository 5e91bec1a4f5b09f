/**
 * mall-api's properties and the beans that are not components.
 */
@NullMarked
package dev.gatewaykit.mall.config;

import org.jspecify.annotations.NullMarked;
