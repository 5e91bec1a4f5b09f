package dev.gatewaykit.auth;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.ActiveProfiles;

/**
 * The one application context most integration tests share: the whole service on a random
 * port, against the {@link SharedRedis} process, with cheap BCrypt and a few demo users.
 * Every class that uses this annotation (and nothing else that changes the context) gets
 * the same cached context, so the suite starts Spring once. The {@code demo} profile
 * supplies the secrets, as it does when the kit starts the service.
 * <p>
 * Classes share Redis too, so each test works on its own demo users; see
 * {@link TestDemoUsers} for who is whose.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "kit.auth.bcrypt-cost=4", "kit.auth.demo-users.count=" + TestDemoUsers.COUNT,
				"kit.auth.demo-users.csv=target/test-kit/demo-users.csv" })
@AutoConfigureWebTestClient
@ActiveProfiles("demo")
@Import(SharedRedis.class)
public @interface AuthServiceIntegrationTest {

}
