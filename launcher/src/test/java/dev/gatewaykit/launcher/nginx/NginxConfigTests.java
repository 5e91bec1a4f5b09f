package dev.gatewaykit.launcher.nginx;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import dev.gatewaykit.bench.model.BadInputException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.fail;

class NginxConfigTests {

	/** The repository's templates; surefire runs in the module directory. */
	static final Path TEMPLATES = Path.of("../nginx");

	private static final List<NginxConfig.Upstream> TWO_GATEWAYS = NginxConfig.Upstream
		.parseList("127.0.0.1:18081,127.0.0.1:18082");

	/**
	 * The gateway's idle timeout (design.md): nginx must drop idle upstream connections
	 * before it does.
	 */
	private static final int GATEWAY_IDLE_TIMEOUT_SECONDS = 60;

	@TempDir
	Path prefix;

	@ParameterizedTest(name = "{0} renders to a config that nginx -t accepts")
	@EnumSource(NginxConfig.Variant.class)
	void rendersToAConfigThatNginxAccepts(NginxConfig.Variant variant) throws Exception {
		Path config = NginxConfig.write(variant, TEMPLATES, 18080, TWO_GATEWAYS, this.prefix, 1);

		assertThat(nginxTest(config)).contains("test is successful");
	}

	@ParameterizedTest(name = "{0} keeps every path under the prefix")
	@EnumSource(NginxConfig.Variant.class)
	void keepsEveryPathUnderThePrefix(NginxConfig.Variant variant) throws Exception {
		String config = Files.readString(NginxConfig.write(variant, TEMPLATES, 18080, TWO_GATEWAYS, this.prefix, 1));
		String root = this.prefix.toAbsolutePath().normalize().toString();

		Matcher paths = Pattern.compile("(?m)^\\s*(?:error_log|pid|access_log|\\w+_temp_path)\\s+(?!off;)(\\S+)")
			.matcher(config);
		int count = 0;
		while (paths.find()) {
			assertThat(paths.group(1)).startsWith(root + "/");
			count++;
		}
		assertThat(count).isEqualTo(8);
		for (String directory : NginxConfig.DIRECTORIES) {
			assertThat(this.prefix.resolve(directory)).isDirectory();
		}
	}

	@Test
	void listsEveryUpstreamInstance() throws IOException {
		String config = render(NginxConfig.Variant.TUNED);

		assertThat(config).contains("server 127.0.0.1:18081;\n        server 127.0.0.1:18082;");
		assertThat(config).contains("listen 127.0.0.1:18080");
	}

	@Test
	void anEdgeLimitCapsRequestsInProgressAtItsValueTimesTheInstancesAndNginxAcceptsIt() throws Exception {
		Path config = NginxConfig.write(NginxConfig.Variant.TUNED, TEMPLATES, 18080, TWO_GATEWAYS, this.prefix, 1,
				NginxConfig.ClientLimits.BENCH, Optional.of(new NginxConfig.EdgeLimit.InProgress(160)));
		String location = directives(Files.readString(config));

		assertThat(location).contains("limit_conn in_flight 320;", "limit_conn_status 503;",
				"limit_conn per_client " + NginxConfig.ClientLimits.BENCH.connections() + ";");
		nginxTest(config);
	}

	@Test
	void withoutAnEdgeLimitNothingCapsRequestsInProgressOrASecond() throws IOException {
		assertThat(directives(render(NginxConfig.Variant.TUNED))).doesNotContain("limit_conn in_flight",
				"limit_conn_status 503", "edge_rate", "limit_req_status 503");
	}

	@Test
	void anEdgeLimitFromAKneeIsWhatItHeldInProgressAtItsP99RoundedUp() {
		assertThat(NginxConfig.EdgeLimit.Kind.IN_PROGRESS.fromKnee(600, 145.8))
			.isEqualTo(new NginxConfig.EdgeLimit.InProgress(88));
		assertThat(NginxConfig.EdgeLimit.Kind.IN_PROGRESS.fromKnee(274, 78.9))
			.isEqualTo(new NginxConfig.EdgeLimit.InProgress(22));
		assertThat(NginxConfig.EdgeLimit.Kind.IN_PROGRESS.fromKnee(1, 1))
			.isEqualTo(new NginxConfig.EdgeLimit.InProgress(1));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> NginxConfig.EdgeLimit.Kind.IN_PROGRESS.fromKnee(600, Double.NaN))
			.withMessageContaining("rate and its p99");
		assertThatIllegalArgumentException().isThrownBy(() -> NginxConfig.EdgeLimit.Kind.IN_PROGRESS.fromKnee(0, 100));
	}

	@Test
	void anEdgeRateLimitsRequestsASecondWithABurstOfAFifthOfASecondAndNginxAcceptsIt() throws Exception {
		Path config = NginxConfig.write(NginxConfig.Variant.TUNED, TEMPLATES, 18080, TWO_GATEWAYS, this.prefix, 1,
				NginxConfig.ClientLimits.BENCH, Optional.of(new NginxConfig.EdgeLimit.Rate(356)));
		String rendered = directives(Files.readString(config));

		assertThat(rendered).contains("limit_req_zone $server_port zone=edge_rate:1m rate=712r/s;",
				"limit_req zone=edge_rate burst=144 nodelay;", "limit_req_status 503;");
		assertThat(rendered).as("no cap on requests in progress beside it").doesNotContain("limit_conn in_flight");
		nginxTest(config);
	}

	@Test
	void anEdgeRateFromAKneeIsItsRateInWholeRequests() {
		assertThat(NginxConfig.EdgeLimit.Kind.RATE.fromKnee(356.7, 103)).isEqualTo(new NginxConfig.EdgeLimit.Rate(356));
		assertThat(NginxConfig.EdgeLimit.Kind.RATE.fromKnee(0.5, 103)).isEqualTo(new NginxConfig.EdgeLimit.Rate(1));
		assertThat(new NginxConfig.EdgeLimit.Rate(1).burst()).isEqualTo(1);
		assertThat(new NginxConfig.EdgeLimit.Rate(424).burst()).isEqualTo(85);
		assertThatIllegalArgumentException().isThrownBy(() -> NginxConfig.EdgeLimit.Kind.RATE.fromKnee(0, 100));
		assertThatIllegalArgumentException().isThrownBy(() -> new NginxConfig.EdgeLimit.Rate(0))
			.withMessageContaining("at least 1");
	}

	@Test
	void anEdgeLimitBelowOneIsRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> new NginxConfig.EdgeLimit.InProgress(0))
			.withMessageContaining("at least 1");
	}

	@Test
	void naiveOpensOneUpstreamConnectionPerRequestWithDefaultLimits() throws IOException {
		String config = directives(render(NginxConfig.Variant.NAIVE));

		assertThat(config).contains("proxy_http_version 1.0;", "proxy_set_header Connection \"close\";",
				"worker_connections 1024;", "proxy_read_timeout 60s;");
		assertThat(config).doesNotContain("keepalive");
	}

	@Test
	void tunedKeepsUpstreamConnectionsAliveOverHttp11() throws IOException {
		String config = directives(render(NginxConfig.Variant.TUNED));

		assertThat(config).contains("proxy_http_version 1.1;", "proxy_set_header Connection \"\";", "keepalive 256;",
				"worker_rlimit_nofile 16384;");
		assertThat(intValue(config, "worker_connections")).isGreaterThan(1024);
	}

	@Test
	void tunedClosesIdleUpstreamConnectionsBeforeTheGatewayDoes() throws IOException {
		String config = directives(render(NginxConfig.Variant.TUNED));
		Matcher upstream = Pattern.compile("upstream backend \\{([^}]*)}").matcher(config);
		assertThat(upstream.find()).isTrue();

		int keepaliveTimeout = intValue(upstream.group(1), "keepalive_timeout");

		assertThat(keepaliveTimeout).isLessThan(GATEWAY_IDLE_TIMEOUT_SECONDS);
	}

	@Test
	void tunedKeepsNginxsDefaultSixtySecondReadTimeout() throws IOException {
		// The simulation's own timeout must stay longer (gatling's BenchSettingsTests
		// checks that side).
		int readTimeout = intValue(directives(render(NginxConfig.Variant.TUNED)), "proxy_read_timeout");

		assertThat(readTimeout * 1000).isEqualTo(60_000);
	}

	@ParameterizedTest(name = "every directive of {0} carries a comment saying why")
	@EnumSource(NginxConfig.Variant.class)
	void everyDirectiveIsCommented(NginxConfig.Variant variant) throws IOException {
		List<String> lines = Files.readAllLines(TEMPLATES.resolve(variant.templateName()));
		for (int i = 0; i < lines.size(); i++) {
			String line = lines.get(i).strip();
			// Contexts (events {, http {, server {) only group directives; the directives
			// are what need a reason.
			boolean directive = !line.isEmpty() && !line.startsWith("#") && !line.equals("}") && !line.endsWith("{")
					&& !line.startsWith("${");
			if (directive && !lines.get(i - 1).strip().startsWith("#") && !previousIsDirective(lines, i)) {
				fail(variant + " line " + (i + 1) + " has no comment above it: " + line);
			}
		}
	}

	@Test
	void rejectsAnUnknownPlaceholder() {
		assertThatExceptionOfType(BadInputException.class).isThrownBy(
				() -> NginxConfig.render("listen ${LISTEN_PORT}; root ${DOC_ROOT};", 80, TWO_GATEWAYS, this.prefix, 1))
			.withMessageContaining("${DOC_ROOT}");
	}

	@Test
	void leavesNginxVariablesAlone() {
		String config = NginxConfig.render("proxy_set_header Host $host; set $x ${LISTEN_PORT};", 81, TWO_GATEWAYS,
				this.prefix, 1);

		assertThat(config).isEqualTo("proxy_set_header Host $host; set $x 81;");
	}

	@Test
	void rejectsMalformedUpstreams() {
		assertThatIllegalArgumentException().isThrownBy(() -> NginxConfig.Upstream.parseList("localhost"))
			.withMessageContaining("'localhost' is not host:port");
		assertThatIllegalArgumentException().isThrownBy(() -> NginxConfig.Upstream.parseList("a:1,b:x"))
			.withMessageContaining("non-numeric port");
		assertThatIllegalArgumentException().isThrownBy(() -> NginxConfig.Upstream.parseList("a:70000"))
			.withMessageContaining("1..65535");
	}

	@Test
	void aMissingTemplateDirectoryIsBadInput() {
		assertThatExceptionOfType(BadInputException.class)
			.isThrownBy(() -> NginxConfig.write(NginxConfig.Variant.NAIVE, this.prefix.resolve("none"), 80,
					TWO_GATEWAYS, this.prefix, 1))
			.withMessageContaining("--templates");
	}

	/**
	 * nginx from the OS packages; the test fails (never skips) without it, since CI
	 * installs it.
	 */
	static String nginx() {
		for (String candidate : List.of("/usr/sbin/nginx", "/usr/bin/nginx", "/usr/local/sbin/nginx")) {
			if (Files.isExecutable(Path.of(candidate))) {
				return candidate;
			}
		}
		return fail("nginx is not installed: install it (apt-get install nginx-light, or nginx) to check the "
				+ "rendered configs with nginx -t");
	}

	private String render(NginxConfig.Variant variant) throws IOException {
		return Files.readString(NginxConfig.write(variant, TEMPLATES, 18080, TWO_GATEWAYS, this.prefix, 1));
	}

	/** The config without comments, so assertions see what nginx sees. */
	/** What {@code nginx -t} says of {@code config}, which it must accept. */
	private String nginxTest(Path config) throws Exception {
		Process process = new ProcessBuilder(nginx(), "-t", "-p", this.prefix.toString(), "-c", config.toString(), "-e",
				this.prefix.resolve("logs/error.log").toString())
			.redirectErrorStream(true)
			.start();
		String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
		assertThat(process.exitValue()).as(output).isZero();
		return output;
	}

	private static String directives(String config) {
		return config.replaceAll("(?m)#.*$", "");
	}

	private static int intValue(String config, String directive) {
		Matcher matcher = Pattern.compile("(?m)^\\s*" + directive + "\\s+(\\d+)s?;").matcher(config);
		assertThat(matcher.find()).as(directive + " is set").isTrue();
		return Integer.parseInt(matcher.group(1));
	}

	/**
	 * A run of related directives (proxy_temp_path after client_body_temp_path) shares
	 * the comment above it.
	 */
	private static boolean previousIsDirective(List<String> lines, int index) {
		String previous = lines.get(index - 1).strip();
		return !previous.isEmpty() && !previous.startsWith("#") && !previous.endsWith("{") && !previous.equals("}");
	}

}
