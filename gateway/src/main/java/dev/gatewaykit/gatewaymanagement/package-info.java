/**
 * Configuration of the management port's own context. Outside
 * {@code dev.gatewaykit.gateway} on purpose: the application's component scan covers that
 * package, and a management-context configuration it found would be applied to the
 * gateway's main context as well; this one is imported only through
 * {@code META-INF/spring/...ManagementContextConfiguration.imports}.
 */
@NullMarked
package dev.gatewaykit.gatewaymanagement;

import org.jspecify.annotations.NullMarked;
