/**
 * The login session shared by auth-service (which writes it) and the gateway (which reads
 * it): the record and its Redis key layout.
 */
@NullMarked
package dev.gatewaykit.common.session;

import org.jspecify.annotations.NullMarked;
