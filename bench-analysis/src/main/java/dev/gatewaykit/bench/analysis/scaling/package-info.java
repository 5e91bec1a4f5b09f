/**
 * The scaling curve ({@code ./kit bench --gateways 1,2,4}): each mode's TPS against the
 * number of gateways behind one nginx, with the bound that binds each point.
 */
@NullMarked
package dev.gatewaykit.bench.analysis.scaling;

import org.jspecify.annotations.NullMarked;
