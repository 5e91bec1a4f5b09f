package dev.gatewaykit.launcher.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.Optional;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.common.mode.MvcMode;

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
	void anMvcModeIsGatewayMvcsProfile() {
		GatewaySelection selection = GatewaySelection.parse("mvc-virtual");

		assertThat(selection).isEqualTo(new GatewaySelection(Optional.of("mvc-virtual"), Optional.empty()));
		assertThat(selection.mvcMode()).contains(MvcMode.VIRTUAL);
		assertThat(selection.module()).isEqualTo("gateway-mvc");
		assertThat(GatewaySelection.parse("mvc-platform").mvcMode()).contains(MvcMode.PLATFORM);
	}

	@Test
	void theWebFluxSelectionsRunTheWebFluxGateway() {
		for (String selector : new String[] { "naive", "fixed:blocking", "reactive" }) {
			GatewaySelection selection = GatewaySelection.parse(selector);
			assertThat(selection.mvcMode()).as(selector).isEmpty();
			assertThat(selection.module()).as(selector).isEqualTo("gateway");
		}
	}

	/** Tomcat's threads are fixed when it starts: there is no mode to change. */
	@Test
	void anMvcModeTakesNoExecutionMode() {
		assertThatIllegalArgumentException().isThrownBy(() -> GatewaySelection.parse("mvc-virtual:blocking"))
			.withMessageContaining("takes no execution mode");
	}

	@Test
	void rejectsWhatIsNeitherAProfileNorAMode() {
		assertThatIllegalArgumentException().isThrownBy(() -> GatewaySelection.parse("fast"))
			.withMessageContaining("unknown profile or mode 'fast'")
			.withMessageContaining("mvc-platform, mvc-virtual");
		assertThatIllegalArgumentException().isThrownBy(() -> GatewaySelection.parse("fixed:quick"))
			.withMessageContaining("unknown execution mode 'quick'");
		assertThatIllegalArgumentException().isThrownBy(() -> GatewaySelection.parse("reactive:blocking"))
			.withMessageContaining("unknown profile or mode");
	}

}
