package dev.gatewaykit.compose;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
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
 * folder (they need root otherwise). What the substitution hides, {@code resolve} with
 * the {@code zone} and {@code resolver} it needs, is checked as text by
 * {@link ComposePortsTests}; it has not been run on nginx 1.28 here.
 */
class DockerNginxConfigTests {

	private static final String UPSTREAM = "server gateway:8080 resolve;";

	@TempDir
	Path prefix;

	@ParameterizedTest(name = "docker/nginx/{0}.conf passes nginx -t")
	@ValueSource(strings = { "naive", "tuned" })
	void passesNginxTest(String variant) throws Exception {
		String config = dockerConfig(variant);
		assertThat(config.split(java.util.regex.Pattern.quote(UPSTREAM), -1)).as("one %s", UPSTREAM).hasSize(2);
		assertThat(nginxTest(config)).isEqualTo("ok");
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

	@ParameterizedTest(name = "docker/nginx/{0}.conf makes the choices of nginx/{0}.conf.template")
	@ValueSource(strings = { "naive", "tuned" })
	void followsTheKitsTemplate(String variant) throws Exception {
		Path root = ComposeProject.repositoryRoot();
		List<String> docker = directives(Files.readString(root.resolve("docker/nginx/" + variant + ".conf")));
		List<String> missing = new ArrayList<>();
		for (String directive : directives(Files.readString(root.resolve("nginx/" + variant + ".conf.template")))) {
			// The template's prefix paths are the image's /var/log/nginx in the
			// container.
			String expected = directive.replace("${PREFIX}/logs/", "/var/log/nginx/");
			boolean placeOrPath = expected.contains("${") || expected.startsWith("pid ")
					|| expected.matches("\\w+_temp_path .*");
			if (!placeOrPath && !docker.contains(expected)) {
				missing.add(expected);
			}
		}
		assertThat(missing).as("directives of the template missing from the docker config").isEmpty();
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
		Path logs = Files.createDirectories(this.prefix.resolve("logs"));
		Files.createDirectories(this.prefix.resolve("temp"));
		// The servers compose adds (Grafana's), checked with the variant that includes
		// them.
		Path servers = Files.createDirectories(this.prefix.resolve("kit.d"));
		Files.writeString(servers.resolve("grafana.conf"), grafanaConfig);
		String local = dockerConfig.replace(UPSTREAM, "server 127.0.0.1:8080;")
			.replace("/etc/nginx/kit.d/", servers + "/")
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
