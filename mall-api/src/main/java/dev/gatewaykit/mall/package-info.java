/**
 * mall-api: the downstream service of the kit, a product catalogue in Redis served by
 * Spring MVC on Tomcat.
 */
@NullMarked
package dev.gatewaykit.mall;

import org.jspecify.annotations.NullMarked;
