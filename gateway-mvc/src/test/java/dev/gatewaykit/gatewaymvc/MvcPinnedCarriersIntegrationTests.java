package dev.gatewaykit.gatewaymvc;

import org.springframework.test.context.TestPropertySource;

/**
 * The deliberately pinning variant ({@code kit.gateway.pin-carriers=true}): the same
 * contract on virtual threads, and JFR sees every identity call pin its carrier.
 */
@TestPropertySource(properties = "kit.gateway.pin-carriers=true")
class MvcPinnedCarriersIntegrationTests extends MvcVirtualContractIntegrationTests {

	@Override
	boolean pinsCarriers() {
		return true;
	}

}
