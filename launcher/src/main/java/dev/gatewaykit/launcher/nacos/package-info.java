/**
 * rnacos (a Nacos server) and the one client of the Nacos open API the kit uses.
 */
@NullMarked
package dev.gatewaykit.launcher.nacos;

import org.jspecify.annotations.NullMarked;
