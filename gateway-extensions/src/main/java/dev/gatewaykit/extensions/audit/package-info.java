/**
 * A sample extension: the {@code Audit} route filter, which records one entry per request
 * in Redis, in two styles behind one {@link dev.gatewaykit.extensions.audit.AuditLog}
 * interface — {@code blocking}, the mistake the kit exists to catch, and
 * {@code reactive}, its fix.
 */
@NullMarked
package dev.gatewaykit.extensions.audit;

import org.jspecify.annotations.NullMarked;
