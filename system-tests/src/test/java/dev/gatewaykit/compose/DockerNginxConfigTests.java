package dev.gatewaykit.compose;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * The nginx configs compose mounts ({@code docker/nginx/<variant>.conf}): they make the
 * same choices as the kit's templates ({@code nginx/<variant>.conf.template}), and nginx
 * accepts them.
 * <p>
 * {@code nginx -t} runs on this machine's nginx, outside Docker, so two things are
 * substituted first and only those: the upstream {@code server gateway:8080 resolve;}
 * becomes {@code server 127.0.0.1:8080;} (the name {@code gateway} exists only in
 * Docker's DNS, and {@code resolve} needs nginx 1.27.3 or later, which the Debian nginx
 * CI installs predates), and the image's log, pid and temp paths move to a temporary
 * folder (they need root otherwise), as do the per-client limits compose mounts at
 * {@code /etc/nginx/limits/} (production's, or the load test's). What the substitution
 * hides, {@code resolve} with the {@code zone} and {@code resolver} it needs, is checked
 * as text by {@link ComposePortsTests}; it has not been run on nginx 1.28 here.
 */
class DockerNginxConfigTests {

	private static final String UPSTREAM = "server gateway:8080 resolve;";

	/** Where compose mounts {@code docker/nginx/limits/<set>/}. */
	private static final String LIMITS = "/etc/nginx/limits/";

	/** The template's per-client limits, which the docker configs take from the mount. */
	private static final Pattern LIMIT_PLACEHOLDER = Pattern
		.compile("\\$\\{(LOGIN_RATE|LOGIN_BURST|CONNECTIONS_PER_CLIENT)}");

	@TempDir
	Path prefix;

	@ParameterizedTest(name = "docker/nginx/{0}.conf with the {1} limits passes nginx -t")
	@MethodSource("variantsAndLimits")
	void passesNginxTest(String variant, String limits) throws Exception {
		String config = dockerConfig(variant);
		assertThat(config.split(Pattern.quote(UPSTREAM), -1)).as("one %s", UPSTREAM).hasSize(2);
		assertThat(nginxTest(config, grafanaConfig(), limits)).isEqualTo("ok");
	}

	static Stream<Arguments> variantsAndLimits() {
		return Stream.of("naive", "tuned")
			.flatMap((variant) -> Stream.of(Arguments.of(variant, "production"), Arguments.of(variant, "load-test")));
	}

	@ParameterizedTest(name = "docker/nginx/{0}.conf overwrites X-Forwarded-For and is hardened")
	@ValueSource(strings = { "naive", "tuned" })
	void overwritesTheClientsAddressAndIsHardened(String variant) throws Exception {
		List<String> directives = directives(dockerConfig(variant));

		assertThat(directives).contains("proxy_set_header X-Forwarded-For $remote_addr;", "server_tokens off;",
				"client_header_timeout 10s;", "client_body_timeout 10s;", "send_timeout 10s;",
				"client_max_body_size 1m;", "limit_conn_zone $binary_remote_addr zone=per_client:10m;",
				"include /etc/nginx/limits/http.conf;", "include /etc/nginx/limits/login.conf;");
		assertThat(directives).noneMatch((directive) -> directive.contains("$proxy_add_x_forwarded_for"))
			.noneMatch((directive) -> directive.startsWith("set_real_ip_from"));
	}

	@ParameterizedTest(name = "docker/nginx/{0}.conf serves Grafana on its own port")
	@ValueSource(strings = { "naive", "tuned" })
	void includesTheGrafanaServer(String variant) throws Exception {
		assertThat(dockerConfig(variant)).contains("include /etc/nginx/kit.d/*.conf;");
		assertThat(grafanaConfig()).contains("listen 3000;").contains("proxy_pass $grafana;");
		// nginx -t reads the included file: a broken one fails the variant.
		assertThat(nginxTest(dockerConfig(variant), grafanaConfig().replace("proxy_pass $grafana;", "proxy_pass")))
			.contains("[emerg]")
			.contains("grafana.conf");
	}

	@ParameterizedTest(name = "nginx -t rejects a broken docker/nginx/{0}.conf")
	@ValueSource(strings = { "naive", "tuned" })
	void nginxTestCanFail(String variant) throws Exception {
		String broken = dockerConfig(variant).replace("proxy_pass http://backend;", "proxy_pass http://backend");
		assertThat(nginxTest(broken)).contains("[emerg]").contains("\"proxy_pass\"");
	}

	@ParameterizedTest(name = "docker/nginx/{0}.conf with the {1} limits makes the choices of nginx/{0}.conf.template")
	@MethodSource("variantsAndLimits")
	void followsTheKitsTemplate(String variant, String limits) throws Exception {
		Path root = ComposeProject.repositoryRoot();
		List<String> docker = directives(withLimits(dockerConfig(variant), limits));
		List<String> missing = new ArrayList<>();
		for (String directive : directives(Files.readString(root.resolve("nginx/" + variant + ".conf.template")))) {
			// The template's prefix paths are the image's /var/log/nginx in the
			// container.
			String expected = directive.replace("${PREFIX}/logs/", "/var/log/nginx/");
			// The limits are numbers of the mounted set's own.
			Matcher limit = LIMIT_PLACEHOLDER.matcher(expected);
			if (limit.find()) {
				String pattern = LIMIT_PLACEHOLDER.splitAsStream(expected)
					.map(Pattern::quote)
					.reduce((before, after) -> before + "\\d+" + after)
					.orElseThrow();
				String withNumbers = expected.endsWith("}") ? pattern + "\\d+" : pattern;
				if (docker.stream().noneMatch((line) -> line.matches(withNumbers))) {
					missing.add(expected);
				}
				continue;
			}
			boolean placeOrPath = expected.contains("${") || expected.startsWith("pid ")
					|| expected.matches("\\w+_temp_path .*");
			if (!placeOrPath && !docker.contains(expected)) {
				missing.add(expected);
			}
		}
		assertThat(missing).as("directives of the template missing from the docker config").isEmpty();
	}

	/** The config with the mounted limits' files in place of their includes. */
	private static String withLimits(String config, String limits) throws IOException {
		Path directory = ComposeProject.repositoryRoot().resolve("docker/nginx/limits/" + limits);
		String inlined = config;
		for (String file : List.of("http.conf", "login.conf")) {
			inlined = inlined.replace("include " + LIMITS + file + ";", Files.readString(directory.resolve(file)));
		}
		return inlined;
	}

	private String dockerConfig(String variant) throws IOException {
		return Files.readString(ComposeProject.repositoryRoot().resolve("docker/nginx/" + variant + ".conf"));
	}

	private static String grafanaConfig() throws IOException {
		return Files.readString(ComposeProject.repositoryRoot().resolve("docker/nginx/grafana.conf"));
	}

	/** "ok", or nginx's complaint. */
	private String nginxTest(String dockerConfig) throws Exception {
		return nginxTest(dockerConfig, grafanaConfig());
	}

	private String nginxTest(String dockerConfig, String grafanaConfig) throws Exception {
		return nginxTest(dockerConfig, grafanaConfig, "production");
	}

	private String nginxTest(String dockerConfig, String grafanaConfig, String limits) throws Exception {
		Path logs = Files.createDirectories(this.prefix.resolve("logs"));
		Files.createDirectories(this.prefix.resolve("temp"));
		// The servers compose adds (Grafana's), checked with the variant that includes
		// them.
		Path servers = Files.createDirectories(this.prefix.resolve("kit.d"));
		Files.writeString(servers.resolve("grafana.conf"), grafanaConfig);
		Path limitFiles = Files.createDirectories(this.prefix.resolve("limits"));
		try (Stream<Path> files = Files
			.list(ComposeProject.repositoryRoot().resolve("docker/nginx/limits").resolve(limits))) {
			for (Path file : files.toList()) {
				Files.copy(file, limitFiles.resolve(file.getFileName()),
						java.nio.file.StandardCopyOption.REPLACE_EXISTING);
			}
		}
		String local = dockerConfig.replace(UPSTREAM, "server 127.0.0.1:8080;")
			.replace("/etc/nginx/kit.d/", servers + "/")
			.replace(LIMITS, limitFiles + "/")
			.replace("/var/log/nginx/", logs + "/")
			.replace("/var/run/nginx.pid", this.prefix.resolve("nginx.pid").toString())
			.replaceFirst("http \\{", "http {\n" + tempPaths());
		Path config = this.prefix.resolve("nginx.conf");
		Files.writeString(config, local);
		Process process = new ProcessBuilder(nginx(), "-t", "-q", "-p", this.prefix.toString(), "-c", config.toString(),
				"-e", logs.resolve("error.log").toString())
			.redirectErrorStream(true)
			.start();
		String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
		return (process.exitValue() == 0) ? "ok" : output;
	}

	private String tempPaths() {
		StringBuilder paths = new StringBuilder();
		for (String kind : List.of("client_body", "proxy", "fastcgi", "uwsgi", "scgi")) {
			paths.append("    ")
				.append(kind)
				.append("_temp_path ")
				.append(this.prefix.resolve("temp/" + kind))
				.append(";\n");
		}
		return paths.toString();
	}

	/**
	 * Each directive on one line, comments and blank lines gone, whitespace collapsed.
	 */
	private static List<String> directives(String config) {
		List<String> directives = new ArrayList<>();
		for (String line : config.split("\n")) {
			String directive = line.replaceAll("#.*$", "").trim().replaceAll("\\s+", " ");
			if (!directive.isEmpty()) {
				directives.add(directive);
			}
		}
		return directives;
	}

	/**
	 * nginx from the OS packages; fails (never skips) without it, as the gatling module's
	 * nginx tests do.
	 */
	private static String nginx() {
		for (String candidate : List.of("/usr/sbin/nginx", "/usr/bin/nginx", "/usr/local/sbin/nginx")) {
			if (Files.isExecutable(Path.of(candidate))) {
				return candidate;
			}
		}
		return fail("nginx is not installed: install it (apt-get install nginx-light, or nginx) to check "
				+ "docker/nginx/*.conf with nginx -t");
	}

}
