/**
 * Rendering report.html to a PNG in headless Chromium.
 */
@NullMarked
package dev.gatewaykit.bench.render;

import org.jspecify.annotations.NullMarked;
