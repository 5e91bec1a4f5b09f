/**
 * nginx from the kit's templates: rendering, checking, starting.
 */
@NullMarked
package dev.gatewaykit.launcher.nginx;

import org.jspecify.annotations.NullMarked;
