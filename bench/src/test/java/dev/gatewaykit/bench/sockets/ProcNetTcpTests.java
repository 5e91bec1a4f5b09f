package dev.gatewaykit.bench.sockets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.List;

import org.junit.jupiter.api.Test;

class ProcNetTcpTests {

	/** Port 8080 is 1F90; 127.0.0.1 is 0100007F; 10.0.0.5 is 0500000A. */
	static final String TCP = """
			  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
			   0: 00000000:1F90 00000000:0000 0A 00000000:00000003 00:00000000 00000000     0        0 1068 1 0000000000000000 100 0 0 10 0
			   1: 0100007F:1F90 0100007F:D431 01 00000000:000001C2 00:00000000 00000000     0        0 5573 1 0000000000000000 21 4 1 10 -1
			   2: 0100007F:1F90 0500000A:C350 01 00000000:00000000 00:00000000 00000000     0        0 5574 1 0000000000000000 21 4 1 10 -1
			   3: 0100007F:D431 0100007F:1F90 01 00000000:00000000 00:00000000 00000000     0        0 5575 1 0000000000000000 21 4 1 10 -1
			   4: 0100007F:1F90 0100007F:D432 06 00000000:00000000 03:00000F3A 00000000     0        0 0 3 0000000000000000
			   5: 0100007F:1F91 0100007F:D433 01 00000000:00000010 00:00000000 00000000     0        0 5576 1 0000000000000000 21 4 1 10 -1
			   6: 00000000:1F91 00000000:0000 0A 00000000:00000007 00:00000000 00000000     0        0 1069 1 0000000000000000 100 0 0 10 0
			""";

	/**
	 * A dual-stack listener (how Java listens by default): IPv4 peers appear as
	 * ::ffff:a.b.c.d.
	 */
	static final String TCP6 = """
			  sl  local_address                         remote_address                        st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
			   0: 00000000000000000000000000000000:1F90 00000000000000000000000000000000:0000 0A 00000000:00000002 00:00000000 00000000     0        0 2001 1 0000000000000000 100 0 0 10 0
			   1: 0000000000000000FFFF00000100007F:1F90 0000000000000000FFFF00000100007F:9C41 01 00000000:00000050 00:00000000 00000000     0        0 2002 1 0000000000000000 20 4 30 10 -1
			   2: 00000000000000000000000001000000:1F90 00000000000000000000000001000000:9C42 01 00000000:00000000 00:00000000 00000000     0        0 2003 1 0000000000000000 20 4 30 10 -1
			   3: 00000000000000000000000000000000:1F91 00000000000000000000000000000000:0000 0A 00000000:00000009 00:00000000 00000000     0        0 2004 1 0000000000000000 100 0 0 10 0
			""";

	@Test
	void keepsOnlyEstablishedConnectionsWhoseLocalPortIsTheServerPort() {
		assertThat(established(TCP, 8080)).containsExactly(new ProcNetTcp.Connection("127.0.0.1:54321", 450),
				new ProcNetTcp.Connection("10.0.0.5:50000", 0));
	}

	@Test
	void anIpv4PeerOfADualStackListenerHasTheSameIdAsInTheIpv4Table() {
		assertThat(established(TCP6, 8080)).containsExactly(new ProcNetTcp.Connection("127.0.0.1:40001", 80),
				new ProcNetTcp.Connection("[0:0:0:0:0:0:0:1]:40002", 0));
	}

	@Test
	void aListenRowsBacklogIsNotUnreadBytes() {
		assertThat(established(TCP, 8080)).noneMatch((c) -> c.remote().equals("0.0.0.0:0"));
	}

	@Test
	void theListenRowOfTheServerPortGivesItsAcceptQueueInEitherTable() {
		assertThat(ProcNetTcp.table(TCP, 8080).acceptQueue()).isEqualTo(3);
		assertThat(ProcNetTcp.table(TCP6, 8080).acceptQueue()).isEqualTo(2);
	}

	@Test
	void aListenRowCountsForItsOwnPortOnly() {
		assertThat(ProcNetTcp.table(TCP, 8081).acceptQueue()).isEqualTo(7);
		assertThat(ProcNetTcp.table(TCP6, 8081).acceptQueue()).isEqualTo(9);
		assertThat(ProcNetTcp.table(TCP, 9999).acceptQueue()).isZero();
	}

	@Test
	void severalListenRowsOnThePortAreSummed() {
		// SO_REUSEPORT: one listening socket, and one accept queue, per row.
		String text = TCP + "   7: 0100007F:1F90 00000000:0000 0A 00000000:00000004 00:00000000 00000000     0"
				+ "        0 1070 1 0000000000000000 100 0 0 10 0\n";

		ProcNetTcp.Table table = ProcNetTcp.table(text, 8080);

		assertThat(table.acceptQueue()).isEqualTo(7);
		assertThat(table.established()).hasSize(2);
	}

	@Test
	void anotherPortOrAHeaderOnlyTableHasNoConnections() {
		assertThat(established(TCP, 9999)).isEmpty();
		assertThat(ProcNetTcp.table(TCP.lines().findFirst().orElseThrow() + "\n", 8080))
			.isEqualTo(new ProcNetTcp.Table(List.of(), 0));
		assertThat(ProcNetTcp.table("", 8080)).isEqualTo(new ProcNetTcp.Table(List.of(), 0));
	}

	@Test
	void aMalformedRowIsAnErrorNamingItsLine() {
		String text = TCP + "   7: 0100007F:1F90 nothex:1F90 01 00000000:00000000\n";

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
