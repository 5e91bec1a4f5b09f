package dev.gatewaykit.launcher.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.Optional;

import org.junit.jupiter.api.Test;

class GatewaySelectionTests {

	@Test
	void aProfileAloneKeepsItsOwnMode() {
		assertThat(GatewaySelection.parse("naive"))
			.isEqualTo(new GatewaySelection(Optional.of("naive"), Optional.empty()));
	}

	@Test
	void aModeAloneRunsTheDefaultProfile() {
		assertThat(GatewaySelection.parse("bounded-elastic"))
			.isEqualTo(new GatewaySelection(Optional.empty(), Optional.of("bounded-elastic")));
	}

	@Test
	void aProfileWithAModeChangesOnlyTheMode() {
		assertThat(GatewaySelection.parse("fixed:blocking"))
			.isEqualTo(new GatewaySelection(Optional.of("fixed"), Optional.of("blocking")));
	}

	@Test
	void rejectsWhatIsNeitherAProfileNorAMode() {
		assertThatIllegalArgumentException().isThrownBy(() -> GatewaySelection.parse("fast"))
			.withMessageContaining("unknown profile or mode 'fast'");
		assertThatIllegalArgumentException().isThrownBy(() -> GatewaySelection.parse("fixed:quick"))
			.withMessageContaining("unknown execution mode 'quick'");
		assertThatIllegalArgumentException().isThrownBy(() -> GatewaySelection.parse("reactive:blocking"))
			.withMessageContaining("unknown profile or mode");
	}

}
