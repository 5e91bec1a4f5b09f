package dev.gatewaykit.bench.knee;

import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.gatewaykit.bench.drive.LoadRequests;
import dev.gatewaykit.bench.drive.OpenModelDriver;
import dev.gatewaykit.bench.probe.SocketSampler;
import dev.gatewaykit.launcher.nginx.NginxConfig;
import dev.gatewaykit.launcher.nginx.NginxServer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The cold start's clients connect to a real tuned nginx before the first request, with
 * no gateway behind it yet: a second of the load's connections, however fast nginx
 * answers its own health (holding the answers back instead opened 568 to 800 of 900 in
 * the runs of 2026-11-29).
 */
class ColdStartClientsNginxIntegrationTests {

	@TempDir
	Path prefix;

	@Test
	void aSecondOfTheLoadsConnectionsOpenBeforeItsFirstRequest() throws Exception {
		int nobody;
		try (ServerSocket socket = new ServerSocket(0)) {
			nobody = socket.getLocalPort();
		}
		try (NginxServer nginx = NginxServer.start("nginx-cold-clients",
				Path.of(EdgeTimesNginxIntegrationTests.nginx()), NginxConfig.Variant.TUNED, Path.of("../nginx"),
				List.of(new NginxConfig.Upstream("127.0.0.1", nobody)), this.prefix);
				OpenModelDriver load = new OpenModelDriver(nginx.url(), LoadRequests.plain(LoadRequests.PLAIN_PATH),
						Duration.ofSeconds(5))) {
			assertThat(KneeRun.connect(load, nginx, 899.5)).isEqualTo(900);
			assertThat(load.takeRecords()).as("none of the load's requests sent").isEmpty();
			// Still open once answered, idle in the load's pool (the kernel's table,
			// nginx's side; its own readiness check may hold one more).
			assertThat(new SocketSampler(nginx.port(), Duration.ofSeconds(1)).sample().open()).isBetween(900, 901);
		}
	}

}
