package dev.gatewaykit.gateway;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.netty.ReactorNetty;

import static org.assertj.core.api.Assertions.assertThat;

/** The gateway's start: the accepting thread it asks Reactor Netty for. */
class GatewayApplicationTests {

	private String before;

	@BeforeEach
	void saveTheProperty() {
		this.before = System.getProperty(ReactorNetty.IO_SELECT_COUNT);
	}

	@AfterEach
	void restoreTheProperty() {
		if (this.before == null) {
			System.clearProperty(ReactorNetty.IO_SELECT_COUNT);
		}
		else {
			System.setProperty(ReactorNetty.IO_SELECT_COUNT, this.before);
		}
	}

	@Test
	void asksForOneAcceptingThreadWhenNothingWasSaid() {
		System.clearProperty(ReactorNetty.IO_SELECT_COUNT);
		GatewayApplication.acceptOnAThreadOfItsOwn();
		assertThat(System.getProperty(ReactorNetty.IO_SELECT_COUNT)).isEqualTo("1");
	}

	@Test
	void keepsWhatTheCommandLineSaid() {
		System.setProperty(ReactorNetty.IO_SELECT_COUNT, "-1");
		GatewayApplication.acceptOnAThreadOfItsOwn();
		assertThat(System.getProperty(ReactorNetty.IO_SELECT_COUNT)).isEqualTo("-1");
	}

}
