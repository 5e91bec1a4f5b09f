package dev.gatewaykit.gatewaymvc;

import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

/** The contract in the {@code mvc-platform} mode: Tomcat's 200 platform threads. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ActiveProfiles("mvc-platform")
class MvcPlatformContractIntegrationTests extends MvcGatewayContractTests {

	@Autowired
	WebServerApplicationContext context;

	@Override
	String busyPool() {
		return "tomcat";
	}

	@Override
	@Nullable String idlePool() {
		return null;
	}

	@Override
	String expectedMode() {
		return "mvc-platform";
	}

	@Override
	@Nullable Integer expectedTomcatThreads() {
		return 200;
	}

	@Test
	void servesRequestsOnTomcatsPlatformThreads() {
		Object executor = ((TomcatWebServer) this.context.getWebServer()).getTomcat()
			.getConnector()
			.getProtocolHandler()
			.getExecutor();
		assertThat(executor).isInstanceOf(org.apache.tomcat.util.threads.ThreadPoolExecutor.class);
		assertThat(((org.apache.tomcat.util.threads.ThreadPoolExecutor) executor).getMaximumPoolSize()).isEqualTo(200);
	}

}
