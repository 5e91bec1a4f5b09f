/**
 * What the MVC gateway tells the bench on its management port: {@code /actuator/kit} (the
 * mode, from the threads Tomcat really runs requests on) and the {@code kit.*} meters,
 * under the WebFlux gateway's names.
 */
@NullMarked
package dev.gatewaykit.gatewaymvc.actuate;

import org.jspecify.annotations.NullMarked;
