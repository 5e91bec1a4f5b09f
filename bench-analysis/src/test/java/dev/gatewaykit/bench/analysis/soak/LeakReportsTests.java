package dev.gatewaykit.bench.analysis.soak;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class LeakReportsTests {

	@TempDir
	Path dir;

	@Test
	void countsTheDetectorsReportsInEveryLog() throws IOException {
		Path first = Files.writeString(this.dir.resolve("gateway-1.log"),
				"""
						2026-11-24T05:20:01.120Z  INFO 4242 --- [main] d.g.gateway.GatewayApplication : Started
						2026-11-24T05:25:13.004Z ERROR 4242 --- [ctor-http-nio-2] io.netty.util.ResourceLeakDetector : \
						LEAK: ByteBuf.release() was not called before it's garbage-collected. See https://netty.io/wiki/reference-counted-objects.html for more information.
						Recent access records:\s
						#1:
							io.netty.buffer.AdvancedLeakAwareByteBuf.readBytes(AdvancedLeakAwareByteBuf.java:502)
						""");
		Path second = Files.writeString(this.dir.resolve("gateway-2.log"),
				"x ERROR [nio-3] io.netty.util.ResourceLeakDetector : LEAK: ByteBuf.release() was not called\n");

		LeakReports leaks = LeakReports.in(List.of(first, second, this.dir.resolve("missing.log")));

		assertThat(leaks.count()).isEqualTo(2);
		assertThat(leaks.first()).hasSize(2).allSatisfy((line) -> assertThat(line).contains("LEAK: ByteBuf.release()"));
	}

	@Test
	void aCleanLogHasNone() throws IOException {
		Path log = Files.writeString(this.dir.resolve("gateway-1.log"),
				"INFO leak detection level: PARANOID\nINFO Started GatewayApplication\n");

		assertThat(LeakReports.in(List.of(log))).isEqualTo(new LeakReports(0, List.of()));
	}

	@Test
	void readsALogWithBytesThatAreNotUtf8() throws IOException {
		Path log = this.dir.resolve("gateway-1.log");
		Files.write(log, new byte[] { 'a', (byte) 0xC3, (byte) 0x28, '\n', 'L', 'E', 'A', 'K', ':', ' ', 'x', '\n' });

		assertThat(LeakReports.in(List.of(log)).count()).isOne();
	}

}
