package dev.gatewaykit.auth.demo;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import io.lettuce.core.RedisCommandTimeoutException;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.util.retry.Retry;

import dev.gatewaykit.auth.config.AuthProperties;
import dev.gatewaykit.auth.user.PasswordHasher;
import dev.gatewaykit.auth.user.UserAccount;
import dev.gatewaykit.auth.user.UserRepository;
import dev.gatewaykit.common.Causes;
import dev.gatewaykit.common.demo.DemoValues;

import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.core.env.Environment;
import org.springframework.core.env.Profiles;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.stereotype.Component;

/**
 * Makes sure the demo users exist, at start-up, and writes their credentials to the CSV
 * the load tests read.
 * <p>
 * Idempotent: only users missing from Redis are hashed and written, so a restart against
 * the same Redis costs one {@code EXISTS} per user. The first run is slow by design,
 * since each password is a real BCrypt hash: 1000 users at cost 10 take on the order of
 * half a minute on 2 cores, hence the progress log. Hashing runs on the password hashing
 * scheduler, one thread per core. Runners run before the service reports itself ready, so
 * {@code /actuator/health} says UP only once the users and the CSV are there.
 */
@Component
public class DemoUserSeeder implements ApplicationRunner {

	private static final Logger logger = LoggerFactory.getLogger(DemoUserSeeder.class);

	/**
	 * How many {@code EXISTS} / {@code HSET} commands are in flight at once; Lettuce
	 * pipelines them.
	 */
	private static final int REDIS_CONCURRENCY = 64;

	/** How many times a seeding command that times out is tried in all. */
	static final int ATTEMPTS = 3;

	private final UserRepository users;

	private final PasswordHasher hasher;

	private final AuthProperties.DemoUsers settings;

	private final int bcryptCost;

	private final int hashingThreads;

	public DemoUserSeeder(UserRepository users, PasswordHasher hasher, AuthProperties properties,
			Environment environment) {
		this.users = users;
		this.hasher = hasher;
		this.settings = properties.demoUsers();
		this.bcryptCost = properties.bcryptCost();
		this.hashingThreads = properties.passwordChecks().concurrency();
		refuseOutsideDemo(this.settings, environment);
	}

	/**
	 * Fails the start-up if demo users are asked for outside the demo profile: their
	 * passwords follow from the seed, so they would be accounts anyone can log in to.
	 * Checked here, while the context is refreshed, so that the web server never opens.
	 * @throws DemoUsersOutsideDemoException naming the properties that are set
	 */
	static void refuseOutsideDemo(AuthProperties.DemoUsers settings, Environment environment) {
		if (environment.acceptsProfiles(Profiles.of(DemoValues.PROFILE))) {
			return;
		}
		List<String> set = new ArrayList<>();
		if (settings.count() > 0) {
			set.add("kit.auth.demo-users.count (" + settings.count() + ")");
		}
		if (settings.passwordSeed() != null) {
			set.add("kit.auth.demo-users.password-seed");
		}
		if (!set.isEmpty()) {
			throw new DemoUsersOutsideDemoException(set);
		}
	}

	@Override
	public void run(ApplicationArguments args) {
		if (this.settings.count() == 0) {
			logger.info("Demo users disabled (kit.auth.demo-users.count=0)");
			return;
		}
		long start = System.nanoTime();
		List<DemoUser> demoUsers = DemoUser.first(this.settings.count(), passwordSeed());
		SeedResult result = seed(demoUsers);
		DemoUsersCsv.write(this.settings.csv(), demoUsers);
		logger.info("Demo users: {} created, {} already present, in {} ms; credentials in {}", result.created(),
				result.present(), Duration.ofNanos(System.nanoTime() - start).toMillis(), csvPath());
	}

	/** Creates the configured demo users that are missing from Redis. */
	public SeedResult seed() {
		return seed(DemoUser.first(this.settings.count(), passwordSeed()));
	}

	private String passwordSeed() {
		// Never null with a count above 0: AuthProperties.DemoUsers refuses that.
		return Objects.requireNonNull(this.settings.passwordSeed(), "kit.auth.demo-users.password-seed");
	}

	/** Where the credentials CSV is written. */
	public Path csvPath() {
		return this.settings.csv().toAbsolutePath();
	}

	private SeedResult seed(List<DemoUser> demoUsers) {
		// Blocking is fine here: runners run on the main thread, and nothing can be
		// served before the users exist.
		List<DemoUser> missing = Flux.fromIterable(demoUsers)
			.flatMapSequential(
					(user) -> triedAgainOnTimeout(this.users.exists(user.username())).filter((exists) -> !exists)
						.map((absent) -> user),
					REDIS_CONCURRENCY)
			.collectList()
			.block();
		if (missing.isEmpty()) {
			return new SeedResult(0, demoUsers.size());
		}
		logger.info("Creating {} demo users (BCrypt cost {}), {} already present", missing.size(), this.bcryptCost,
				demoUsers.size() - missing.size());
		Progress progress = new Progress(missing.size());
		// Two hashes in flight per hashing thread keeps every core busy without queueing
		// the whole list (and within the hashing queue, which holds at least one task per
		// thread).
		int hashConcurrency = 2 * this.hashingThreads;
		Long created = Flux.fromIterable(missing)
			.flatMap(
					(user) -> this.hasher.hash(user.password())
						.map((hash) -> new UserAccount(user.id(), user.username(), hash, DemoUser.ROLES)),
					hashConcurrency)
			.flatMap((account) -> triedAgainOnTimeout(this.users.save(account)).thenReturn(account), REDIS_CONCURRENCY)
			.doOnNext((account) -> progress.step())
			.count()
			.block();
		return new SeedResult(created.intValue(), demoUsers.size() - created.intValue());
	}

	/**
	 * A seeding command tried again when it times out, up to {@link #ATTEMPTS} times in
	 * all: an auth-service starting beside other JVMs on a busy core can wait longer than
	 * a command's timeout (seen: the kit's stack on one core, an {@code EXISTS} timed out
	 * after 1 s and the start failed). Both commands can be repeated: one reads, the
	 * other writes the same fields again.
	 */
	private static <T> Mono<T> triedAgainOnTimeout(Mono<T> command) {
		return command.retryWhen(Retry.max(ATTEMPTS - 1).filter(DemoUserSeeder::timedOut));
	}

	static boolean timedOut(Throwable failure) {
		return Causes.anyIs(failure,
				List.of(TimeoutException.class, RedisCommandTimeoutException.class, QueryTimeoutException.class));
	}

	/**
	 * How a seeding went.
	 *
	 * @param created users that were missing and have been written
	 * @param present users that were already in Redis
	 */
	public record SeedResult(int created, int present) {
	}

	/**
	 * Logs every tenth of the way, for a first seed that takes a while; silent for a few
	 * users.
	 */
	private static final class Progress {

		private final int total;

		private final int step;

		private final AtomicInteger done = new AtomicInteger();

		Progress(int total) {
			this.total = total;
			this.step = (total >= 100) ? total / 10 : Integer.MAX_VALUE;
		}

		void step() {
			int now = this.done.incrementAndGet();
			if (now % this.step == 0 && now < this.total) {
				logger.info("Demo users: {}/{} created", now, this.total);
			}
		}

	}

}
