package dev.gatewaykit.bench.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class ToolVersionsTests {

	@Test
	void readsToolVersionsFromTheirOwnWords() {
		assertThat(ToolVersions.parseVersion("nginx version: nginx/1.22.1\n")).isEqualTo("1.22.1");
		assertThat(ToolVersions.parseVersion("Redis server v=7.0.15 sha=00000000:0 malloc=jemalloc-5.3.0 bits=64"))
			.isEqualTo("7.0.15");
		assertThat(ToolVersions.parseVersion("toxiproxy-server version 2.9.0")).isEqualTo("2.9.0");
		assertThat(ToolVersions.parseVersion("no version here")).isNull();
	}

	@Test
	void aGoBinaryWithoutAReleaseVersionIsDatedByItsEmbeddedBuildInformation(@TempDir Path dir) throws IOException {
		// What `go install github.com/Shopify/toxiproxy/v2/cmd/server@v2.12.0` embeds (go
		// version -m shows it); the binary itself prints "toxiproxy-server version git".
		Path binary = dir.resolve("toxiproxy-server");
		Files.write(binary,
				("\0\u00ffgo1.26.8\0path\tgithub.com/Shopify/toxiproxy/v2/cmd/server\n"
						+ "mod\tgithub.com/Shopify/toxiproxy/v2\tv2.12.0\th1:d1x++lYZg/zijXPP=\n"
						+ "dep\tgithub.com/beorn7/perks\tv1.0.1\th1:Vlb=\n")
					.getBytes(StandardCharsets.ISO_8859_1));

		assertThat(ToolVersions.goModuleVersion(binary)).isEqualTo("2.12.0");
		assertThat(ToolVersions.goModuleVersion(dir.resolve("missing"))).isNull();
	}

	@Test
	void asksToxiproxyWithItsOwnFlagAndFallsBackToTheBuildInformation(@TempDir Path dir) throws IOException {
		Path script = dir.resolve("toxiproxy-server");
		// Answers only the flag toxiproxy has; the build information follows the exit, as
		// data.
		Files.writeString(script, "#!/bin/sh\n[ \"$1\" = -version ] && echo 'toxiproxy-server version git' && exit 0\n"
				+ "exit 2\nmod\tgithub.com/Shopify/toxiproxy/v2\tv2.12.0\th1:x\n");
		script.toFile().setExecutable(true);

		assertThat(ToolVersions.toolVersion(dir, "toxiproxy-server", script.toString())).isEqualTo("2.12.0");
	}

	@Test
	void recordsRnacosAmongTheTools() {
		assertThat(ToolVersions.defaultTools()).containsKeys("nginx", "redis-server", "toxiproxy-server", "rnacos");
	}

	@Test
	void recordsTheJdkGatlingAndGitAndSaysWhenAToolIsMissing() {
		Map<String, String> versions = ToolVersions.versions(Map.of("toxiproxy-server", "/nonexistent/toxiproxy"),
				Path.of("."));

		assertThat(versions.get("jdk")).contains(System.getProperty("java.runtime.version"));
		assertThat(versions.get("gatling")).matches("\\d+\\.\\d+\\.\\d+");
		assertThat(versions.get("git")).matches("[0-9a-f]{40}");
		assertThat(versions.get("toxiproxy-server")).isEqualTo("not found");
	}

}
