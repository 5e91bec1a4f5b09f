/**
 * The product catalogue: its Redis layout, its deterministic demo data, and the REST API
 * over it.
 */
@NullMarked
package dev.gatewaykit.mall.product;

import org.jspecify.annotations.NullMarked;
