package dev.gatewaykit.gatewaymvc;

import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The contract in the {@code mvc-virtual} mode: a virtual thread per request. Runs on the
 * JDK 21+ the build's surefire forks (launcher's {@code Jdks}: {@code $KIT_JAVA21_HOME},
 * else the newest under /usr/lib/jvm, linked to target/jdk21); on an older one the
 * gateway refuses to start and this class fails saying which JDK to install.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ActiveProfiles("mvc-virtual")
class MvcVirtualContractIntegrationTests extends MvcGatewayContractTests {

	@Autowired
	WebServerApplicationContext context;

	@Override
	String busyPool() {
		return "carrier";
	}

	@Override
	@Nullable String idlePool() {
		return "tomcat";
	}

	@Override
	String expectedMode() {
		return "mvc-virtual";
	}

	@Override
	@Nullable Integer expectedTomcatThreads() {
		return null;
	}

	@Test
	void servesRequestsOnVirtualThreads() {
		Object executor = ((TomcatWebServer) this.context.getWebServer()).getTomcat()
			.getConnector()
			.getProtocolHandler()
			.getExecutor();
		assertThat(executor.getClass().getName()).contains("Virtual");
	}

}
