/**
 * The gateway's execution modes, named once for the gateway, its actuator endpoint, its
 * configuration and the bench's reports.
 */
@NullMarked
package dev.gatewaykit.common.mode;

import org.jspecify.annotations.NullMarked;
