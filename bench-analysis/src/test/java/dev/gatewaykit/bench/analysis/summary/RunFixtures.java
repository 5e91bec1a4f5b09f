package dev.gatewaykit.bench.analysis.summary;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;

/** The machine, versions and clock the tests' reports are made with. */
public final class RunFixtures {

	public static final MachineFacts MACHINE = new MachineFacts("AMD EPYC 7B13", 2, 24105,
			"Debian GNU/Linux 12 (bookworm)");

	public static final Map<String, String> VERSIONS = Map.of("jdk", "OpenJDK 17.0.15", "gatling", "3.15.1", "git",
			"0123456789abcdef0123456789abcdef01234567");

	public static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-21T12:00:00Z"), ZoneOffset.UTC);

	private RunFixtures() {
	}

}
