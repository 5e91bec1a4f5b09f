package dev.gatewaykit.kit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * The kit's installers (the launcher's {@code Tools}) on the path a fresh machine takes:
 * the kit's command line runs as a process, exactly as {@code ./kit} runs it once the
 * build is there, in a sandbox where every tool is missing. The sandbox is a PATH of
 * symbolic links to a few basic commands, plus stand-ins for {@code cargo}, {@code go},
 * {@code apt-get} and {@code id} that record how they were called and create what the
 * real ones would. KIT_TOOLS_BIN, CARGO_HOME, HOME and KIT_DIR are empty temporary
 * directories, and KIT_SBIN points at the sandbox so that an nginx in /usr/sbin does not
 * show through. Nothing is mocked inside the kit: what is checked is what it runs and the
 * files it leaves. ({@code ./kit} itself only adds "build if stale", which a test must
 * not trigger.)
 */
class KitProvisioningTests {

	/** What the kit runs, plus what the stand-ins below use themselves. */
	private static final List<String> BASIC_COMMANDS = List.of("bash", "sh", "env", "dirname", "basename", "date",
			"mkdir", "mktemp", "cp", "mv", "rm", "readlink", "awk", "cat", "tail", "head", "chmod", "sed", "grep");

	private static final String RNACOS_INSTALL = "cargo install rnacos --locked --version 0.8.8";

	private static final String TOXIPROXY_INSTALL = "go install github.com/Shopify/toxiproxy/v2/cmd/server@v2.12.0";

	private static final String ACTIONLINT_INSTALL = "go install github.com/rhysd/actionlint/cmd/actionlint@v1.7.12";

	private static final String KUSTOMIZE_INSTALL = "go install sigs.k8s.io/kustomize/kustomize/v5@v5.7.1";

	private static final String KUBERNETES_VALIDATE_INSTALL = "install kubernetes-validate==1.37.0";

	@TempDir
	Path tmp;

	private Path sandbox;

	private Path fakes;

	private Path calls;

	private Path tools;

	private Path cargoHome;

	@BeforeEach
	void sandbox() throws IOException {
		this.sandbox = Files.createDirectories(this.tmp.resolve("sandbox-bin"));
		this.fakes = Files.createDirectories(this.tmp.resolve("fake-bin"));
		this.calls = Files.createDirectories(this.tmp.resolve("calls"));
		this.tools = Files.createDirectories(this.tmp.resolve("tools"));
		this.cargoHome = Files.createDirectories(this.tmp.resolve("cargo-home"));
		for (String command : BASIC_COMMANDS) {
			Files.createSymbolicLink(this.sandbox.resolve(command), which(command));
		}
		Files.createSymbolicLink(this.sandbox.resolve("java"), Path.of(System.getProperty("java.home"), "bin", "java"));
	}

	// -------------------------------------------------------------------------------------------------
	// rnacos

	@Test
	void rnacosIsBuiltOnceWithCargoIntoCargoHomeAndCopiedIntoTheToolsCache() throws Exception {
		fakeCargo();

		Run first = kit("tools", "rnacos");

		assertThat(first.status()).as(first.toString()).isZero();
		assertThat(callsOf("cargo")).containsExactly("install rnacos --locked --version 0.8.8");
		assertThat(versionOf(this.cargoHome.resolve("bin/rnacos"))).isEqualTo("rnacos 0.8.8");
		assertThat(versionOf(this.tools.resolve("rnacos"))).isEqualTo("rnacos 0.8.8");

		Run second = kit("tools", "rnacos");

		assertThat(second.status()).as(second.toString()).isZero();
		assertThat(callsOf("cargo")).as("the second run builds nothing").hasSize(1);
	}

	@Test
	void anRnacosLeftInCargoHomeIsReusedNotRebuilt() throws Exception {
		fakeCargo();
		rnacos(this.cargoHome.resolve("bin"), "0.8.8");

		Run run = kit("tools", "rnacos");

		assertThat(run.status()).as(run.toString()).isZero();
		assertThat(callsOf("cargo")).isEmpty();
		assertThat(versionOf(this.tools.resolve("rnacos"))).isEqualTo("rnacos 0.8.8");
	}

	@Test
	void withoutCargoTheKitStopsAndNamesTheInstallCommand() throws Exception {
		Run run = kit("tools", "rnacos");

		assertThat(run.status()).as(run.toString()).isNotZero();
		assertThat(run.err()).contains(RNACOS_INSTALL, "https://rustup.rs");
		assertThat(this.tools.resolve("rnacos")).doesNotExist();
	}

	@Test
	void anRnacosOfAnotherVersionIsIgnoredAndThePinnedOneBuilt() throws Exception {
		fakeCargo();
		rnacos(this.tools, "0.8.7");
		rnacos(this.fakes, "0.8.6");

		Run run = kit("tools", "rnacos");

		assertThat(run.status()).as(run.toString()).isZero();
		assertThat(run.err()).contains("ignoring " + this.tools.resolve("rnacos") + ": rnacos 0.8.7",
				"ignoring " + this.fakes.resolve("rnacos") + ": rnacos 0.8.6");
		assertThat(callsOf("cargo")).containsExactly("install rnacos --locked --version 0.8.8");
		assertThat(versionOf(this.tools.resolve("rnacos"))).isEqualTo("rnacos 0.8.8");
	}

	// ----------------------------------------------------------------------------------------------
	// toxiproxy

	@Test
	void toxiproxyIsBuiltOnceWithGoInstallIntoTheToolsCache() throws Exception {
		script(this.fakes.resolve("go"),
				"echo \"$* GOBIN=$GOBIN\" >>" + this.calls.resolve("go") + "\n"
						+ "printf '#!/bin/sh\\necho toxiproxy-server version git\\n' >\"$GOBIN/server\"\n"
						+ "chmod +x \"$GOBIN/server\"\n");

		Run first = kit("tools", "toxiproxy");

		assertThat(first.status()).as(first.toString()).isZero();
		assertThat(callsOf("go")).hasSize(1)
			.first()
			.asString()
			.startsWith("install github.com/Shopify/toxiproxy/v2/cmd/server@v2.12.0 GOBIN=/");
		assertThat(this.tools.resolve("toxiproxy-server")).isExecutable();

		Run second = kit("tools", "toxiproxy");

		assertThat(second.status()).as(second.toString()).isZero();
		assertThat(callsOf("go")).as("the second run builds nothing").hasSize(1);
	}

	@Test
	void withoutGoTheKitStopsAndNamesTheInstallCommand() throws Exception {
		Run run = kit("tools", "toxiproxy");

		assertThat(run.status()).as(run.toString()).isNotZero();
		assertThat(run.err()).contains(TOXIPROXY_INSTALL);
		assertThat(this.tools.resolve("toxiproxy-server")).doesNotExist();
	}

	// ----------------------------------------------------------------------------------------------
	// actionlint

	@Test
	void actionlintIsBuiltOnceWithGoInstallIntoTheToolsCache() throws Exception {
		fakeGoBuildingActionlint("v1.7.12");

		Run first = kit("tools", "actionlint");

		assertThat(first.status()).as(first.toString()).isZero();
		assertThat(callsOf("go")).hasSize(1)
			.first()
			.asString()
			.startsWith("install github.com/rhysd/actionlint/cmd/actionlint@v1.7.12 GOBIN=/");
		assertThat(versionOf(this.tools.resolve("actionlint"), "-version")).isEqualTo("v1.7.12");

		Run second = kit("tools", "actionlint");

		assertThat(second.status()).as(second.toString()).isZero();
		assertThat(callsOf("go")).as("the second run builds nothing").hasSize(1);
	}

	@Test
	void anActionlintOfAnotherVersionIsIgnoredAndThePinnedOneBuilt() throws Exception {
		fakeGoBuildingActionlint("v1.7.12");
		actionlint(this.fakes, "v1.6.27");

		Run run = kit("tools", "actionlint");

		assertThat(run.status()).as(run.toString()).isZero();
		assertThat(run.err()).contains("ignoring " + this.fakes.resolve("actionlint") + ": actionlint v1.6.27");
		assertThat(callsOf("go")).hasSize(1);
		assertThat(versionOf(this.tools.resolve("actionlint"), "-version")).isEqualTo("v1.7.12");
	}

	@Test
	void aBuildThatIsNotThePinnedActionlintStopsTheKit() throws Exception {
		fakeGoBuildingActionlint("v1.7.11");

		Run run = kit("tools", "actionlint");

		assertThat(run.status()).as(run.toString()).isNotZero();
		assertThat(run.err()).contains("is not actionlint v1.7.12");
	}

	@Test
	void withoutGoTheKitStopsAndNamesTheActionlintInstallCommand() throws Exception {
		Run run = kit("tools", "actionlint");

		assertThat(run.status()).as(run.toString()).isNotZero();
		assertThat(run.err()).contains(ACTIONLINT_INSTALL, "ACTIONLINT_BIN");
		assertThat(this.tools.resolve("actionlint")).doesNotExist();
	}

	@Test
	void theBenchToolsDefaultLeavesActionlintOut() throws Exception {
		fakeCargo();
		fakeGoBuildingActionlint("v1.7.12");
		script(this.tools.resolve("toxiproxy-server"), "exit 0\n");

		Run run = kit("tools");

		assertThat(run.status()).as(run.toString()).isZero();
		assertThat(callsOf("go")).isEmpty();
		assertThat(this.tools.resolve("actionlint")).doesNotExist();
	}

	// ------------------------------------------------------------------------------------------
	// kustomize and kubernetes-validate

	@Test
	void kustomizeIsBuiltOnceWithGoInstallUnderItsCommandsName() throws Exception {
		script(this.fakes.resolve("go"),
				"echo \"$* GOBIN=$GOBIN\" >>" + this.calls.resolve("go") + "\n"
						+ "printf '#!/bin/sh\\n[ \"$1\" = version ] && echo v5.7.1\\n' >\"$GOBIN/kustomize\"\n"
						+ "chmod +x \"$GOBIN/kustomize\"\n");

		Run first = kit("tools", "kustomize");

		assertThat(first.status()).as(first.toString()).isZero();
		assertThat(callsOf("go")).hasSize(1).first().asString().startsWith(KUSTOMIZE_INSTALL.substring(3) + " GOBIN=/");
		assertThat(versionOf(this.tools.resolve("kustomize"), "version")).isEqualTo("v5.7.1");

		Run second = kit("tools", "kustomize");

		assertThat(second.status()).as(second.toString()).isZero();
		assertThat(callsOf("go")).as("the second run builds nothing").hasSize(1);
	}

	@Test
	void withoutGoTheKitStopsAndNamesTheKustomizeInstallCommand() throws Exception {
		Run run = kit("tools", "kustomize");

		assertThat(run.status()).as(run.toString()).isNotZero();
		assertThat(run.err()).contains(KUSTOMIZE_INSTALL, "KUSTOMIZE_BIN");
	}

	@Test
	void kubernetesValidateIsInstalledOnceWithPipIntoAVirtualEnvironmentNextToTheTools() throws Exception {
		fakePython();
		Path venv = this.tmp.resolve("venv-kubernetes-validate");

		Run first = kit("tools", "kubernetes-validate");

		assertThat(first.status()).as(first.toString()).isZero();
		assertThat(callsOf("python3")).containsExactly("-m venv " + venv);
		assertThat(callsOf("pip")).containsExactly("install --disable-pip-version-check kubernetes-validate==1.37.0");
		assertThat(versionOf(venv.resolve("bin/kubernetes-validate"))).isEqualTo("1.37.0");

		Run second = kit("tools", "kubernetes-validate");

		assertThat(second.status()).as(second.toString()).isZero();
		assertThat(callsOf("pip")).as("the second run installs nothing").hasSize(1);
	}

	@Test
	void withoutPythonTheKitStopsAndNamesThePipInstallCommand() throws Exception {
		Run run = kit("tools", "kubernetes-validate");

		assertThat(run.status()).as(run.toString()).isNotZero();
		assertThat(run.err()).contains(KUBERNETES_VALIDATE_INSTALL, "python3 -m venv", "KUBERNETES_VALIDATE_BIN");
	}

	// ------------------------------------------------------------------------------------------
	// OS packages

	@Test
	void asRootTheTestProvisioningUpdatesOnceAndInstallsTheMissingPackagesTogether() throws Exception {
		fakeId(0);
		fakeAptGet();
		rnacos(this.tools, "0.8.8");
		script(this.tools.resolve("toxiproxy-server"), "exit 0\n");
		actionlint(this.tools, "v1.7.12");
		kustomize(this.tools);
		kubernetesValidate(this.tmp.resolve("venv-kubernetes-validate/bin"));

		Run first = kit("test", "--provision-only");

		assertThat(first.status()).as(first.toString()).isZero();
		assertThat(callsOf("apt-get")).containsExactly("update -qq",
				"install -y -qq redis-server nginx curl chromium shellcheck");
		assertThat(first.err()).contains("OS packages (redis-server nginx curl chromium shellcheck): done in",
				"rnacos 0.8.8: done in", "toxiproxy v2.12.0: done in", "actionlint v1.7.12: done in",
				"kustomize v5.7.1: done in", "kubernetes-validate 1.37.0: done in");

		Run second = kit("test", "--provision-only");

		assertThat(second.status()).as(second.toString()).isZero();
		assertThat(callsOf("apt-get")).as("nothing is missing the second time").hasSize(2);
	}

	@Test
	void withoutRootTheKitStopsAndNamesTheAptGetCommand() throws Exception {
		fakeId(1000);
		fakeAptGet();
		rnacos(this.tools, "0.8.8");

		Run run = kit("test", "--provision-only");

		assertThat(run.status()).as(run.toString()).isNotZero();
		assertThat(run.err()).contains("sudo apt-get install -y redis-server nginx curl chromium shellcheck");
		assertThat(callsOf("apt-get")).isEmpty();
	}

	@Test
	void testHasHelp() throws Exception {
		Run run = kit("test", "--help");

		assertThat(run.status()).as(run.toString()).isZero();
		assertThat(run.out()).contains("Usage: ./kit test", "--provision-only", RNACOS_INSTALL.substring(6),
				ACTIONLINT_INSTALL, "ACTIONLINT_BIN", KUSTOMIZE_INSTALL, "KUSTOMIZE_BIN", KUBERNETES_VALIDATE_INSTALL,
				"KUBERNETES_VALIDATE_BIN");
	}

	// -----------------------------------------------------------------------------------------------
	// helpers

	/**
	 * Records its arguments and, like cargo install, puts the binary into
	 * {@code $CARGO_HOME/bin}.
	 */
	private void fakeCargo() throws IOException {
		script(this.fakes.resolve("cargo"), "echo \"$*\" >>" + this.calls.resolve("cargo") + "\n"
				+ "mkdir -p \"$CARGO_HOME/bin\"\n"
				+ "printf '#!/bin/sh\\n[ \"$1\" = --version ] && echo \"rnacos 0.8.8\"\\n' >\"$CARGO_HOME/bin/rnacos\"\n"
				+ "chmod +x \"$CARGO_HOME/bin/rnacos\"\n");
	}

	/**
	 * Records its arguments; {@code install} puts a stand-in for each named package's
	 * command on PATH.
	 */
	private void fakeAptGet() throws IOException {
		Path installed = Files.createDirectories(this.tmp.resolve("installed-bin"));
		script(this.fakes.resolve("apt-get"),
				"echo \"$*\" >>" + this.calls.resolve("apt-get") + "\n" + "[ \"$1\" = install ] || exit 0\n"
						+ "for package in \"$@\"; do\n" + "  case \"$package\" in -*|install) continue ;; esac\n"
						+ "  printf '#!/bin/sh\\nexit 0\\n' >" + installed + "/\"$package\"\n" + "  chmod +x "
						+ installed + "/\"$package\"\n" + "done\n");
	}

	/**
	 * Records its arguments and, like go install, puts an actionlint that reports
	 * {@code version} into {@code $GOBIN}.
	 */
	private void fakeGoBuildingActionlint(String version) throws IOException {
		script(this.fakes.resolve("go"),
				"echo \"$* GOBIN=$GOBIN\" >>" + this.calls.resolve("go") + "\n"
						+ "printf '#!/bin/sh\\n[ \"$1\" = -version ] && echo " + version
						+ "\\n' >\"$GOBIN/actionlint\"\n" + "chmod +x \"$GOBIN/actionlint\"\n");
	}

	/**
	 * Records its arguments and, like {@code python3 -m venv DIR}, creates DIR/bin/pip,
	 * which records its own and, like pip, puts a kubernetes-validate into DIR/bin.
	 */
	private void fakePython() throws IOException {
		script(this.fakes.resolve("python3"), "echo \"$*\" >>" + this.calls.resolve("python3") + "\n"
				+ "mkdir -p \"$3/bin\"\n" + "cat >\"$3/bin/pip\" <<'PIP'\n" + "#!/bin/sh\n" + "echo \"$*\" >>"
				+ this.calls.resolve("pip") + "\n" + "bin=$(dirname \"$0\")\n"
				+ "printf '#!/bin/sh\\n[ \"$1\" = --version ] && echo 1.37.0\\n' >\"$bin/kubernetes-validate\"\n"
				+ "chmod +x \"$bin/kubernetes-validate\"\n" + "PIP\n" + "chmod +x \"$3/bin/pip\"\n");
	}

	private static void kustomize(Path dir) throws IOException {
		script(dir.resolve("kustomize"), "[ \"$1\" = version ] && echo v5.7.1\n");
	}

	private static void kubernetesValidate(Path dir) throws IOException {
		Files.createDirectories(dir);
		script(dir.resolve("kubernetes-validate"), "[ \"$1\" = --version ] && echo 1.37.0\n");
	}

	private void fakeId(int uid) throws IOException {
		script(this.fakes.resolve("id"), "echo " + uid + "\n");
	}

	private static void rnacos(Path dir, String version) throws IOException {
		Files.createDirectories(dir);
		script(dir.resolve("rnacos"), "[ \"$1\" = --version ] && echo \"rnacos " + version + "\"\n");
	}

	private static void actionlint(Path dir, String version) throws IOException {
		script(dir.resolve("actionlint"), "[ \"$1\" = -version ] && echo " + version + "\n");
	}

	private static void script(Path file, String body) throws IOException {
		Files.writeString(file, "#!/bin/sh\n" + body, StandardCharsets.UTF_8);
		Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
	}

	private List<String> callsOf(String command) throws IOException {
		Path file = this.calls.resolve(command);
		return Files.exists(file) ? Files.readAllLines(file) : List.of();
	}

	private static String versionOf(Path binary) throws Exception {
		return versionOf(binary, "--version");
	}

	private static String versionOf(Path binary, String flag) throws Exception {
		assertThat(binary).isExecutable();
		Process process = new ProcessBuilder(binary.toString(), flag).redirectErrorStream(true).start();
		assertThat(process.waitFor(10, TimeUnit.SECONDS)).isTrue();
		return new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
	}

	/**
	 * The kit's command line with {@code ARGS}, as {@code ./kit} starts it, with nothing
	 * of this machine's environment but the sandbox.
	 */
	private Run kit(String... args) throws Exception {
		Path root = repository();
		List<String> command = new ArrayList<>(List.of(
				Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Dkit.repository.root=" + root,
				"-cp", root.resolve("bench/target/lib") + "/*:" + root.resolve("bench/target/classes"),
				"dev.gatewaykit.bench.cli.KitCli"));
		command.addAll(List.of(args));
		ProcessBuilder builder = new ProcessBuilder(command).directory(repository().toFile());
		Map<String, String> env = builder.environment();
		env.clear();
		Map<String, String> sandboxEnv = new LinkedHashMap<>();
		sandboxEnv.put("PATH", this.fakes + ":" + this.tmp.resolve("installed-bin") + ":" + this.sandbox);
		sandboxEnv.put("KIT_SBIN", this.sandbox.toString());
		sandboxEnv.put("HOME", Files.createDirectories(this.tmp.resolve("home")).toString());
		sandboxEnv.put("TMPDIR", Files.createDirectories(this.tmp.resolve("tmpdir")).toString());
		sandboxEnv.put("KIT_DIR", this.tmp.resolve("kit-dir").toString());
		sandboxEnv.put("KIT_TOOLS_BIN", this.tools.toString());
		sandboxEnv.put("CARGO_HOME", this.cargoHome.toString());
		env.putAll(sandboxEnv);
		Path out = Files.createTempFile(this.tmp, "kit-", ".out");
		Path err = Files.createTempFile(this.tmp, "kit-", ".err");
		Process process = builder.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
		if (!process.waitFor(60, TimeUnit.SECONDS)) {
			process.destroyForcibly();
			fail("./kit " + String.join(" ", args) + " did not finish within 60 s; stderr: " + Files.readString(err));
		}
		return new Run(String.join(" ", args), process.exitValue(), Files.readString(out), Files.readString(err));
	}

	private static Path repository() {
		String root = System.getProperty("kit.repository.root");
		assertThat(root).as("system property kit.repository.root (set by the module's surefire configuration)")
			.isNotNull();
		return Path.of(root).toAbsolutePath().normalize();
	}

	/** The real command, from this JVM's PATH or the usual directories. */
	private static Path which(String command) {
		List<String> dirs = new ArrayList<>(List.of(System.getenv().getOrDefault("PATH", "").split(":")));
		dirs.addAll(List.of("/usr/bin", "/bin"));
		for (String dir : dirs) {
			Path candidate = Path.of(dir.isEmpty() ? "." : dir, command);
			if (Files.isExecutable(candidate)) {
				return candidate;
			}
		}
		return fail("no " + command + " on PATH or in /usr/bin, /bin: the kit's scripts need it");
	}

	private record Run(String args, int status, String out, String err) {

		@Override
		public String toString() {
			return "./kit " + this.args + " exited " + this.status + "\nstdout:\n" + this.out + "\nstderr:\n"
					+ this.err;
		}

	}

}
