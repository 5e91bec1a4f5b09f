package dev.gatewaykit.launcher.stack;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ManagementAccessTests {

	@Test
	void generatesADifferentPasswordEachTime() {
		ManagementAccess first = ManagementAccess.generate();
		ManagementAccess second = ManagementAccess.generate();
		assertThat(first.username()).isEqualTo("kit-admin");
		assertThat(first.password()).hasSizeGreaterThanOrEqualTo(32).matches("[A-Za-z0-9_-]+");
		assertThat(first.password()).isNotEqualTo(second.password());
		assertThat(first.toString()).doesNotContain(first.password());
	}

	@Test
	void sendsHttpBasic() {
		ManagementAccess access = new ManagementAccess("kit-admin", "s3cret");
		String encoded = access.authorization().substring("Basic ".length());
		assertThat(new String(Base64.getDecoder().decode(encoded), StandardCharsets.UTF_8))
			.isEqualTo("kit-admin:s3cret");
	}

	@Test
	void readsThePasswordStackEnvRecords() {
		assertThat(ManagementAccess.fromEnvironment(Map.of(ManagementAccess.ENV, "p"))).map(ManagementAccess::password)
			.hasValue("p");
		assertThat(ManagementAccess.fromEnvironment(Map.of(ManagementAccess.ENV, " "))).isEmpty();
		assertThat(ManagementAccess.fromEnvironment(Map.of())).isEmpty();
	}

}
