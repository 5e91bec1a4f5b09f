package dev.gatewaykit.auth.config;

import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

import dev.gatewaykit.auth.user.PasswordHasher;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;

/**
 * BCrypt and the threads it runs on.
 */
@Configuration(proxyBeanMethods = false)
public class PasswordHashingConfiguration {

	/**
	 * Tasks each hashing thread may have waiting. At cost 10 a 2-core box checks roughly
	 * 30 passwords a second, so 64 waiting per thread is a few seconds of backlog; past
	 * that a login fails fast with 503 rather than queueing into unbounded memory and
	 * answering after the client has given up.
	 */
	static final int QUEUED_TASKS_PER_THREAD = 64;

	/**
	 * One thread per core and no more: BCrypt is pure CPU, so extra threads would only
	 * time-slice the same cores (and steal them from the event loops). A bounded-elastic
	 * scheduler rather than a parallel one, because its queue is bounded and its threads
	 * are not marked non-blocking.
	 */
	@Bean(destroyMethod = "dispose")
	public Scheduler passwordHashingScheduler() {
		int threads = Runtime.getRuntime().availableProcessors();
		return Schedulers.newBoundedElastic(threads, QUEUED_TASKS_PER_THREAD, "bcrypt", 60, true);
	}

	@Bean
	PasswordHasher passwordHasher(AuthProperties properties, Scheduler passwordHashingScheduler) {
		return new PasswordHasher(new BCryptPasswordEncoder(properties.bcryptCost()), passwordHashingScheduler);
	}

}
