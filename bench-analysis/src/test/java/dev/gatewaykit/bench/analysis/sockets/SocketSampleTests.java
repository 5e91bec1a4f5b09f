package dev.gatewaykit.bench.analysis.sockets;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class SocketSampleTests {

	@Test
	void isWrittenAsOneCompactLineAndReadBack() {
		SocketSample sample = new SocketSample(1_700_000_000_123L, 40, 3, 2,
				List.of("127.0.0.1:54321", "[0:0:0:0:0:0:0:1]:40002", "10.0.0.5:50000"));
		StringBuilder line = new StringBuilder();

		sample.appendJson(line);

		assertThat(line).hasToString("{\"t\":1700000000123,\"open\":40,\"unread\":3,\"acceptQueue\":2,\"waiting\":"
				+ "[\"127.0.0.1:54321\",\"[0:0:0:0:0:0:0:1]:40002\",\"10.0.0.5:50000\"]}");
		assertThat(SocketSample.parse(line.toString())).isEqualTo(sample);
	}

	@Test
	void aLineWrittenBeforeTheAcceptQueueWasSampledHasNoneWaitingThere() {
		SocketSample sample = SocketSample.parse("{\"t\":1000,\"open\":5,\"unread\":1,\"waiting\":[\"10.0.0.1:1\"]}");

		assertThat(sample).isEqualTo(new SocketSample(1000, 5, 1, 0, List.of("10.0.0.1:1")));
	}

	@Test
	void anAcceptQueueThatIsNotAWholeNumberIsAnError() {
		assertThatIllegalArgumentException()
			.isThrownBy(
					() -> SocketSample.parse("{\"t\":1000,\"open\":5,\"unread\":1,\"acceptQueue\":-1,\"waiting\":[]}"))
			.withMessageContaining("\"acceptQueue\"");
		assertThatIllegalArgumentException().isThrownBy(
				() -> SocketSample.parse("{\"t\":1000,\"open\":5,\"unread\":1,\"acceptQueue\":null,\"waiting\":[]}"))
			.withMessageContaining("\"acceptQueue\"");
	}

}
