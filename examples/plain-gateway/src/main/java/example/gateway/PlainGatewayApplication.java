package example.gateway;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** A Spring Cloud Gateway with its routes in application.yml and nothing else. */
@SpringBootApplication
public class PlainGatewayApplication {

	public static void main(String[] args) {
		SpringApplication.run(PlainGatewayApplication.class, args);
	}

}
