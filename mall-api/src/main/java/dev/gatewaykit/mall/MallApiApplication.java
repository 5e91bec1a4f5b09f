package dev.gatewaykit.mall;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * mall-api: the downstream service of the kit, a product catalogue served from Redis by
 * Spring MVC on Tomcat, reachable only with a relay token signed by auth-service.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class MallApiApplication {

	public static void main(String[] args) {
		SpringApplication.run(MallApiApplication.class, args);
	}

}
