/**
 * The {@code demo} profile's rule: the values a service ships in its
 * {@code application-demo.yml} (secrets and keys anyone can read) work only while that
 * profile is active.
 */
@NullMarked
package dev.gatewaykit.common.demo;

import org.jspecify.annotations.NullMarked;
