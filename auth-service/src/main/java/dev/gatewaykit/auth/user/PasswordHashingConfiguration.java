package dev.gatewaykit.auth.user;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.security.crypto.password.PasswordEncoder;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

import dev.gatewaykit.auth.config.AuthProperties;

/**
 * BCrypt and the threads it runs on, which are the global bound on password checks
 * ({@code kit.auth.password-checks}).
 */
@Configuration(proxyBeanMethods = false)
public class PasswordHashingConfiguration {

	/**
	 * As many threads as checks may run at once ({@code max-concurrent}, one per core by
	 * default) and no more: BCrypt is pure CPU, so extra threads would only time-slice
	 * the same cores (and steal them from the event loops). A bounded-elastic scheduler
	 * rather than a parallel one, because its queue is bounded ({@code max-queued},
	 * shared out among the threads; past it a check is refused at once, which the login
	 * answers with 503 rather than queueing into unbounded memory and answering after the
	 * client has given up) and its threads are not marked non-blocking.
	 */
	@Bean(destroyMethod = "dispose")
	public Scheduler passwordHashingScheduler(AuthProperties properties) {
		AuthProperties.PasswordChecks checks = properties.passwordChecks();
		int threads = checks.concurrency();
		int queuedPerThread = Math.max(1, (checks.maxQueued() + threads - 1) / threads);
		return Schedulers.newBoundedElastic(threads, queuedPerThread, "bcrypt", 60, true);
	}

	@Bean
	PasswordEncoder passwordEncoder(AuthProperties properties) {
		return new BCryptPasswordEncoder(properties.bcryptCost());
	}

	@Bean
	PasswordHasher passwordHasher(PasswordEncoder passwordEncoder, Scheduler passwordHashingScheduler,
			AuthProperties properties) {
		return new PasswordHasher(passwordEncoder, passwordHashingScheduler,
				properties.passwordChecks().acquireTimeout());
	}

}
