package dev.gatewaykit.compose;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The security findings on {@code docker-compose.yml} (issue 12), each a test that fails
 * on the file before the fix:
 * <ul>
 * <li>working secrets written in the file (Nacos's token key and server identity, and
 * services falling back to their dev-only defaults): now every secret is a required
 * variable, and the file does not start without them;</li>
 * <li>Redis without a password: now {@code requirepass}, and every service that talks to
 * Redis sends the same password;</li>
 * <li>Nacos with auth off: now on, and every service that registers logs in;</li>
 * <li>ports published besides nginx (Nacos's API and console, toxiproxy's API): now only
 * nginx publishes;</li>
 * <li>no way to make the secrets: {@code docker/compose-env.sh} writes every one the file
 * requires, with a working Ed25519 key pair, into an {@code .env} that neither git nor
 * the image builds pick up.</li>
 * </ul>
 */
class ComposeSecurityTests {

	private static final String MISSING = "run docker/compose-env.sh to write .env with fresh secrets";

	private final ComposeProject compose = ComposeProject.load();

	@Test
	void noSecretIsWrittenInTheFile() {
		assertThat(ComposeRules.writtenSecrets(this.compose)).isEmpty();
		ComposeProject broken = this.compose.copy();
		ComposeProject
			.map(ComposeProject.map(ComposeProject.map(broken.raw.get("services")).get("nacos")).get("environment"))
			.put("NACOS_AUTH_TOKEN", "ZGV2LW9ubHktbmFjb3MtdG9rZW4=");
		ComposeProject
			.map(ComposeProject.map(ComposeProject.map(broken.raw.get("services")).get("gateway")).get("environment"))
			.put("KIT_GATEWAY_MANAGEMENT_PASSWORD", "${GATEWAY_MANAGEMENT_PASSWORD:-admin}");
		assertThat(ComposeRules.writtenSecrets(broken)).containsExactly(
				"nacos: NACOS_AUTH_TOKEN is not a required variable (${NAME:?...}): ZGV2LW9ubHktbmFjb3MtdG9rZW4=",
				"gateway: KIT_GATEWAY_MANAGEMENT_PASSWORD is not a required variable (${NAME:?...}): "
						+ "${GATEWAY_MANAGEMENT_PASSWORD:-admin}");
	}

	@Test
	void everyServiceGetsTheSecretsItNeedsFromTheEnvironment() {
		// Without them the services would start on their dev-only defaults (a relay key
		// and a client secret everyone can read in the sources).
		Map<String, List<String>> needed = Map.of("auth-service", List.of("KIT_RELAY_SIGNING_PRIVATEKEY",
				"KIT_AUTH_GATEWAYCLIENT_SECRET", "SPRING_DATA_REDIS_PASSWORD", "SPRING_CLOUD_NACOS_PASSWORD"),
				"mall-api",
				List.of("KIT_RELAY_VERIFICATION_KEYS_KIT1", "SPRING_DATA_REDIS_PASSWORD",
						"SPRING_CLOUD_NACOS_PASSWORD"),
				"gateway", List.of("KIT_GATEWAY_AUTHSERVICE_CLIENTSECRET", "KIT_GATEWAY_MANAGEMENT_PASSWORD",
						"SPRING_DATA_REDIS_PASSWORD", "SPRING_CLOUD_NACOS_PASSWORD"));
		needed.forEach((service, variables) -> assertThat(rawEnvironment(service)).as(service)
			.containsKeys(variables.toArray(String[]::new))
			.allSatisfy((variable, value) -> {
				if (variables.contains(variable)) {
					assertThat(value).startsWith("${").contains(":?");
				}
			}));
		// One secret, two ends: what auth-service expects is what the gateway sends.
		assertThat(rawEnvironment("gateway").get("KIT_GATEWAY_AUTHSERVICE_CLIENTSECRET"))
			.isEqualTo(rawEnvironment("auth-service").get("KIT_AUTH_GATEWAYCLIENT_SECRET"));
		assertThat(ComposeProject.environment(this.compose.service("auth-service")))
			.containsEntry("KIT_RELAY_SIGNING_KEYID", "kit1");
	}

	@Test
	void composeRefusesToStartWithoutTheSecrets() {
		assertThat(ComposeProject.requiredVariables()).containsExactlyInAnyOrder("REDIS_PASSWORD", "NACOS_AUTH_TOKEN",
				"NACOS_IDENTITY_VALUE", "NACOS_PASSWORD", "RELAY_PRIVATE_KEY", "RELAY_PUBLIC_KEY",
				"GATEWAY_CLIENT_SECRET", "GATEWAY_MANAGEMENT_PASSWORD", "GRAFANA_ADMIN_PASSWORD");
		assertThatExceptionOfType(ComposeProject.MissingVariableException.class)
			.isThrownBy(() -> ComposeProject.loadStrict(Map.of()))
			.withMessageContaining(MISSING);
		// An empty value counts as missing (":?"), as an .env line "REDIS_PASSWORD="
		// would be.
		Map<String, String> empty = new LinkedHashMap<>();
		ComposeProject.requiredVariables().forEach((name) -> empty.put(name, "set"));
		empty.put("REDIS_PASSWORD", "");
		assertThatExceptionOfType(ComposeProject.MissingVariableException.class)
			.isThrownBy(() -> ComposeProject.loadStrict(empty))
			.satisfies((ex) -> assertThat(ex.variable).isEqualTo("REDIS_PASSWORD"));
	}

	@Test
	void redisAsksForAPasswordThatEveryClientSends() {
		Map<String, String> secrets = secrets();
		ComposeProject project = ComposeProject.loadStrict(secrets);
		List<Object> command = ComposeProject.list(project.service("redis").get("command"));
		assertThat(command).containsSequence("--requirepass", secrets.get("REDIS_PASSWORD"));
		// The healthcheck's redis-cli authenticates too, or it would see NOAUTH and no
		// PONG.
		assertThat(ComposeProject.environment(project.service("redis"))).containsEntry("REDISCLI_AUTH",
				secrets.get("REDIS_PASSWORD"));
		List<String> clients = new ArrayList<>();
		project.services().forEach((name, service) -> {
			Map<String, String> environment = ComposeProject.environment(service);
			if (environment.containsKey("SPRING_DATA_REDIS_HOST")) {
				clients.add(name);
				assertThat(environment).as(name)
					.containsEntry("SPRING_DATA_REDIS_PASSWORD", secrets.get("REDIS_PASSWORD"));
			}
		});
		assertThat(clients).containsExactlyInAnyOrder("auth-service", "mall-api", "gateway");
	}

	@Test
	void nacosRunsWithAuthAndEveryClientLogsIn() {
		Map<String, String> secrets = secrets();
		ComposeProject project = ComposeProject.loadStrict(secrets);
		Map<String, String> nacos = ComposeProject.environment(project.service("nacos"));
		assertThat(nacos).containsEntry("NACOS_AUTH_ENABLE", "true")
			.containsEntry("NACOS_AUTH_TOKEN", secrets.get("NACOS_AUTH_TOKEN"))
			.containsEntry("NACOS_AUTH_IDENTITY_VALUE", secrets.get("NACOS_IDENTITY_VALUE"));
		// The user the services log in as is the admin nacos-init creates.
		assertThat(ComposeProject.environment(project.service("nacos-init"))).containsEntry("NACOS_PASSWORD",
				secrets.get("NACOS_PASSWORD"));
		project.services().forEach((name, service) -> {
			Map<String, String> environment = ComposeProject.environment(service);
			if (environment.containsKey("SPRING_CLOUD_NACOS_SERVER_ADDR")) {
				assertThat(environment).as(name)
					.containsEntry("SPRING_CLOUD_NACOS_USERNAME", "nacos")
					.containsEntry("SPRING_CLOUD_NACOS_PASSWORD", secrets.get("NACOS_PASSWORD"));
				assertThat(ComposeProject.dependencies(service)).as(name).containsKey("nacos-init");
			}
		});
	}

	@Test
	void onlyNginxPublishesPorts() {
		assertThat(ComposeRules.portsOutsideTheWayIn(this.compose, Set.of("nginx"))).isEmpty();
		ComposeProject broken = this.compose.copy();
		broken.service("redis").put("ports", List.of("127.0.0.1:6379:6379"));
		assertThat(ComposeRules.portsOutsideTheWayIn(broken, Set.of("nginx")))
			.containsExactly("redis: publishes [127.0.0.1:6379:6379]; only [nginx] may");
	}

	@Test
	void composeEnvScriptWritesEverySecretTheFileRequires(@TempDir Path directory) throws Exception {
		Path env = directory.resolve("compose.env");
		Process process = new ProcessBuilder("bash",
				ComposeProject.repositoryRoot().resolve("docker/compose-env.sh").toString(), env.toString())
			.redirectErrorStream(true)
			.start();
		String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
		assertThat(process.exitValue()).as(output).isZero();
		Map<String, String> values = new LinkedHashMap<>();
		for (String line : Files.readAllLines(env)) {
			if (!line.startsWith("#") && line.contains("=")) {
				values.put(line.substring(0, line.indexOf('=')), line.substring(line.indexOf('=') + 1));
			}
		}
		assertThat(values.keySet()).containsExactlyInAnyOrderElementsOf(ComposeProject.requiredVariables());
		assertThat(values.values()).allSatisfy((value) -> assertThat(value).hasSizeGreaterThanOrEqualTo(32));
		assertThat(new HashSet<>(values.values())).hasSameSizeAs(values.values());
		assertThat(Files.getPosixFilePermissions(env)).containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ,
				PosixFilePermission.OWNER_WRITE);
		// Nacos wants at least 32 bytes, base64.
		assertThat(Base64.getDecoder().decode(values.get("NACOS_AUTH_TOKEN"))).hasSizeGreaterThanOrEqualTo(32);
		// The pair works as the relay tokens use it: auth-service signs, mall-api
		// verifies.
		KeyFactory ed25519 = KeyFactory.getInstance("Ed25519");
		PrivateKey privateKey = ed25519
			.generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(values.get("RELAY_PRIVATE_KEY"))));
		PublicKey publicKey = ed25519
			.generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(values.get("RELAY_PUBLIC_KEY"))));
		byte[] message = "relay".getBytes(StandardCharsets.UTF_8);
		Signature signer = Signature.getInstance("Ed25519");
		signer.initSign(privateKey);
		signer.update(message);
		byte[] signature = signer.sign();
		Signature verifier = Signature.getInstance("Ed25519");
		verifier.initVerify(publicKey);
		verifier.update(message);
		assertThat(verifier.verify(signature)).isTrue();
		// It never overwrites secrets by accident.
		Process again = new ProcessBuilder("bash",
				ComposeProject.repositoryRoot().resolve("docker/compose-env.sh").toString(), env.toString())
			.redirectErrorStream(true)
			.start();
		again.getInputStream().readAllBytes();
		assertThat(again.waitFor(30, TimeUnit.SECONDS)).isTrue();
		assertThat(again.exitValue()).isEqualTo(1);
	}

	@Test
	void theSecretsFileStaysOutOfGitAndOutOfTheImages() throws Exception {
		// The build stages copy the whole build context, and their layers stay in the
		// build cache.
		Path root = ComposeProject.repositoryRoot();
		assertThat(Files.readAllLines(root.resolve("docker/Dockerfile.dockerignore"))).contains(".env");
		assertThat(Files.readAllLines(root.resolve(".gitignore"))).contains(".env");
	}

	private Map<String, String> rawEnvironment(String service) {
		return ComposeProject
			.environment(ComposeProject.map(ComposeProject.map(this.compose.raw.get("services")).get(service)));
	}

	/** A distinct value per required variable, to follow each one to where it lands. */
	private static Map<String, String> secrets() {
		Map<String, String> secrets = new LinkedHashMap<>();
		ComposeProject.requiredVariables().forEach((name) -> secrets.put(name, "secret-of-" + name.toLowerCase()));
		return secrets;
	}

}
