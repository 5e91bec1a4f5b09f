/**
 * The contracts of the kit's three services: the identity headers the gateway forwards
 * and the signed relay token mall-api trusts. The other contracts live in sub-packages
 * named for their concept.
 */
@NullMarked
package dev.gatewaykit.common;

import org.jspecify.annotations.NullMarked;
