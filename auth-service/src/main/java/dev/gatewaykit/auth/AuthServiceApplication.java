package dev.gatewaykit.auth;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * The kit's identity provider: logs users in against Redis (with lockout), stores opaque
 * sessions that the gateway reads, and signs the short-lived relay tokens the gateway
 * forwards to mall-api.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class AuthServiceApplication {

	public static void main(String[] args) {
		SpringApplication.run(AuthServiceApplication.class, args);
	}

}
