package dev.gatewaykit.auth;

import java.util.List;

import dev.gatewaykit.auth.demo.DemoUser;

/**
 * The demo users the integration tests log in as, with the passwords the service derives
 * for them.
 * <p>
 * Tests share one Redis, and lockout or failure-counter state of one test must not leak
 * into another, so each test class works with users of its own:
 * <ul>
 * <li>1–5: {@code LoginIntegrationTests}</li>
 * <li>6–12: {@code LockoutIntegrationTests}</li>
 * <li>13: {@code SessionKeysSecurityTests}</li>
 * <li>14: {@code LockoutSecurityTests}</li>
 * <li>15: {@code RelayTokenIntegrationTests}</li>
 * <li>16–19: {@code RevocationIntegrationTests}</li>
 * <li>20–28: {@code DemoUserSeedingIntegrationTests}</li>
 * <li>30: {@code AccessRulesIntegrationTests}</li>
 * <li>31–35: {@code LockoutIntegrationTests}</li>
 * </ul>
 */
public final class TestDemoUsers {

	/** How many demo users the shared context seeds. */
	public static final int COUNT = 36;

	/**
	 * The demo profile's {@code kit.auth.demo-users.password-seed}, which the tests do
	 * not change.
	 */
	public static final String SEED = "gateway-perf-kit-demo";

	private static final List<DemoUser> USERS = DemoUser.first(COUNT, SEED);

	private TestDemoUsers() {
	}

	/** Demo user number {@code number}, 1-based like the user names. */
	public static DemoUser user(int number) {
		return USERS.get(number - 1);
	}

	public static List<DemoUser> all() {
		return USERS;
	}

}
