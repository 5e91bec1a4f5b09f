package dev.gatewaykit.gatewaymvc;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * The kit's gateway on Spring Cloud Gateway Server MVC: the WebFlux gateway's
 * authentication and relay-token filters over the same blocking calls, one request per
 * Tomcat thread — platform threads ({@code mvc-platform}) or virtual threads
 * ({@code mvc-virtual}, JDK 21+).
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class MvcGatewayApplication {

	public static void main(String[] args) {
		SpringApplication.run(MvcGatewayApplication.class, args);
	}

}
