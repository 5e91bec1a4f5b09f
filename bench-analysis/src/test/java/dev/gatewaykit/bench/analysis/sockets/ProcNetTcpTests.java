package dev.gatewaykit.bench.analysis.sockets;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ProcNetTcpTests {

	/** Port 8080 is 1F90; 127.0.0.1 is 0100007F; 10.0.0.5 is 0500000A. */

	/**
	 * A dual-stack listener (how Java listens by default): IPv4 peers appear as
	 * ::ffff:a.b.c.d.
	 */

	@Test
	void keepsOnlyEstablishedConnectionsWhoseLocalPortIsTheServerPort() {
		assertThat(established(ProcNetTcpFixtures.TCP, 8080)).containsExactly(
				new ProcNetTcp.Connection("127.0.0.1:54321", 450), new ProcNetTcp.Connection("10.0.0.5:50000", 0));
	}

	@Test
	void anIpv4PeerOfADualStackListenerHasTheSameIdAsInTheIpv4Table() {
		assertThat(established(ProcNetTcpFixtures.TCP6, 8080)).containsExactly(
				new ProcNetTcp.Connection("127.0.0.1:40001", 80),
				new ProcNetTcp.Connection("[0:0:0:0:0:0:0:1]:40002", 0));
	}

	@Test
	void aListenRowsBacklogIsNotUnreadBytes() {
		assertThat(established(ProcNetTcpFixtures.TCP, 8080)).noneMatch((c) -> c.remote().equals("0.0.0.0:0"));
	}

	@Test
	void theListenRowOfTheServerPortGivesItsAcceptQueueInEitherTable() {
		assertThat(ProcNetTcp.table(ProcNetTcpFixtures.TCP, 8080).acceptQueue()).isEqualTo(3);
		assertThat(ProcNetTcp.table(ProcNetTcpFixtures.TCP6, 8080).acceptQueue()).isEqualTo(2);
	}

	@Test
	void aListenRowCountsForItsOwnPortOnly() {
		assertThat(ProcNetTcp.table(ProcNetTcpFixtures.TCP, 8081).acceptQueue()).isEqualTo(7);
		assertThat(ProcNetTcp.table(ProcNetTcpFixtures.TCP6, 8081).acceptQueue()).isEqualTo(9);
		assertThat(ProcNetTcp.table(ProcNetTcpFixtures.TCP, 9999).acceptQueue()).isZero();
	}

	@Test
	void severalListenRowsOnThePortAreSummed() {
		// SO_REUSEPORT: one listening socket, and one accept queue, per row.
		String text = ProcNetTcpFixtures.TCP
				+ "   7: 0100007F:1F90 00000000:0000 0A 00000000:00000004 00:00000000 00000000     0"
				+ "        0 1070 1 0000000000000000 100 0 0 10 0\n";

		ProcNetTcp.Table table = ProcNetTcp.table(text, 8080);

		assertThat(table.acceptQueue()).isEqualTo(7);
		assertThat(table.established()).hasSize(2);
	}

	@Test
	void anotherPortOrAHeaderOnlyTableHasNoConnections() {
		assertThat(established(ProcNetTcpFixtures.TCP, 9999)).isEmpty();
		assertThat(ProcNetTcp.table(ProcNetTcpFixtures.TCP.lines().findFirst().orElseThrow() + "\n", 8080))
			.isEqualTo(new ProcNetTcp.Table(List.of(), 0));
		assertThat(ProcNetTcp.table("", 8080)).isEqualTo(new ProcNetTcp.Table(List.of(), 0));
	}

	@Test
	void theTwoTablesOfAPortAddTheirConnectionsAndAcceptQueues() {
		ProcNetTcp.Table both = ProcNetTcp.table(ProcNetTcpFixtures.TCP, 8080)
			.plus(ProcNetTcp.table(ProcNetTcpFixtures.TCP6, 8080));

		assertThat(both.established()).extracting(ProcNetTcp.Connection::remote)
			.containsExactly("127.0.0.1:54321", "10.0.0.5:50000", "127.0.0.1:40001", "[0:0:0:0:0:0:0:1]:40002");
		assertThat(both.acceptQueue()).isEqualTo(5);
	}

	@Test
	void aMalformedRowIsAnErrorNamingItsLine() {
		String text = ProcNetTcpFixtures.TCP + "   7: 0100007F:1F90 nothex:1F90 01 00000000:00000000\n";

		assertThatIllegalArgumentException().isThrownBy(() -> established(text, 8080))
			.withMessageContaining("line 9")
			.withMessageContaining("nothex:1F90");
	}

	@Test
	void aTruncatedRowIsAnErrorNamingItsLine() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> established("header\n   0: 0100007F:1F90 0100007F:D431\n", 8080))
			.withMessageContaining("line 2")
			.withMessageContaining("fewer than 5 fields");
	}

	private static List<ProcNetTcp.Connection> established(String text, int port) {
		return ProcNetTcp.table(text, port).established();
	}

}
