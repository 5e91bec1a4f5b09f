package dev.gatewaykit.launcher;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The programs the kit runs, found or installed: OS packages (redis-server, nginx, curl;
 * chromium and shellcheck for the tests) from apt as root (otherwise a stop that names
 * the apt-get command), toxiproxy, actionlint and kustomize built once with
 * {@code go install}, kubernetes-validate installed once with pip into a virtual
 * environment of its own, rnacos built once with {@code cargo install} (the one build of
 * minutes, so it goes where cargo keeps what it installs, and is then copied into the
 * kit's tools directory). Every lookup goes through {@code PATH}, so a test can hide a
 * tool.
 * <p>
 * One instance per kit run: {@code apt-get update} runs at most once in it.
 */
public final class Tools {

	/** The toxiproxy release {@code go install} builds. */
	public static final String TOXIPROXY_VERSION = "v2.12.0";

	/** The Go package of toxiproxy's server command. */
	public static final String TOXIPROXY_PACKAGE = "github.com/Shopify/toxiproxy/v2/cmd/server";

	/**
	 * The actionlint release {@code go install} builds: the tests lint the CI example's
	 * workflows (.github/workflows) with it, and the linter's verdict depends on its
	 * version.
	 */
	public static final String ACTIONLINT_VERSION = "v1.7.12";

	/** The Go package of the actionlint command. */
	public static final String ACTIONLINT_PACKAGE = "github.com/rhysd/actionlint/cmd/actionlint";

	/**
	 * The kustomize release {@code go install} builds: the tests render deploy/k8s with
	 * it (v5.7.1 is the newest that builds with the Go of Debian's and Ubuntu's current
	 * releases).
	 */
	public static final String KUSTOMIZE_VERSION = "v5.7.1";

	/** The Go package of the kustomize command. */
	public static final String KUSTOMIZE_PACKAGE = "sigs.k8s.io/kustomize/kustomize/v5";

	/**
	 * The kubernetes-validate release (PyPI) pip installs: it validates objects against
	 * the Kubernetes API's JSON schemas, which it bundles (1.32 to 1.37 in this release),
	 * so the tests need no cluster and no network.
	 */
	public static final String KUBERNETES_VALIDATE_VERSION = "1.37.0";

	/**
	 * The Kubernetes version whose schemas deploy/k8s is validated against: a release
	 * every managed offering still runs (objects valid here are valid in the newer ones,
	 * which remove nothing deploy/k8s uses).
	 */
	public static final String KUBERNETES_VERSION = "1.35.0";

	/**
	 * rnacos: a Nacos server written in Rust (one binary, up in a second), for the nacos
	 * discovery mode.
	 */
	public static final String RNACOS_VERSION = "0.8.8";

	/**
	 * The OS packages a bench needs; each is also the name of the command it installs.
	 * Not chromium: it only takes report.png, the report's screenshot, which a bench
	 * without it skips with a note (a browser is a large install for one picture).
	 */
	public static final List<String> BENCH_PACKAGES = List.of("redis-server", "nginx", "curl");

	/**
	 * The OS packages only the tests need, each also the name of its command: chromium,
	 * in which the report tests render report.html, and shellcheck, which actionlint runs
	 * on the workflows' {@code run:} scripts when it is on PATH (and silently skips when
	 * it is not).
	 */
	public static final List<String> TEST_PACKAGES = List.of("chromium", "shellcheck");

	private static final Duration INSTALL_TIMEOUT = Duration.ofMinutes(45);

	private final Map<String, String> environment;

	private final Path toolsBin;

	private final Path logDir;

	private final Consumer<String> log;

	private boolean aptUpdated;

	/**
	 * @param environment the environment to read {@code PATH}, {@code KIT_TOOLS_BIN},
	 * {@code CARGO_HOME}, {@code RNACOS_BIN}, {@code ACTIONLINT_BIN},
	 * {@code KUSTOMIZE_BIN}, {@code KUBERNETES_VALIDATE_BIN} and {@code KIT_SBIN} from
	 * (the process's own, except in tests)
	 * @param logDir where build logs go
	 * @param log progress lines for the user
	 */
	public Tools(Map<String, String> environment, Path logDir, Consumer<String> log) {
		this.environment = environment;
		this.toolsBin = directory(environment, "KIT_TOOLS_BIN",
				Path.of(System.getProperty("user.home"), ".cache", "gateway-perf-kit", "bin"));
		this.logDir = logDir;
		this.log = log;
	}

	/** The tools of the process's own environment. */
	public static Tools fromEnvironment(Path logDir, Consumer<String> log) {
		return new Tools(System.getenv(), logDir, log);
	}

	/**
	 * The {@code java} of a JDK 21 or newer ({@link Jdks}, from this environment): what
	 * runs gateway-mvc, whose virtual threads the 17 baseline does not have.
	 * @throws ToolException naming what to install when there is none
	 */
	public Path java21() {
		return new Jdks(this.environment, Jdks.DEFAULT_JVM_ROOT).java21();
	}

	/**
	 * Where the kit keeps the tools it built ({@code KIT_TOOLS_BIN}, default
	 * ~/.cache/gateway-perf-kit/bin).
	 */
	public Path toolsBin() {
		return this.toolsBin;
	}

	/**
	 * Each command, installed from the OS package of the same name when missing: all
	 * missing ones in one {@code apt-get install}, then checked again (a package that
	 * installs but puts no such command on PATH would otherwise fail much later and less
	 * clearly).
	 */
	public void osPackages(List<String> commands) {
		List<String> missing = commands.stream().filter((command) -> find(command).isEmpty()).toList();
		if (missing.isEmpty()) {
			return;
		}
		aptInstall(missing);
		for (String command : missing) {
			if (find(command).isEmpty()) {
				throw new ToolException("the package " + command + " was installed but there is no " + command
						+ " on PATH (" + path() + ")");
			}
		}
	}

	/**
	 * An OS command (redis-server, nginx, curl, ...), installed with apt when missing.
	 */
	public Path osCommand(String command) {
		osPackages(List.of(command));
		return find(command).orElseThrow();
	}

	/**
	 * toxiproxy-server: the kit's cached build, one on PATH, or a new build with go
	 * install.
	 */
	public Path toxiproxy() {
		Path cached = this.toolsBin.resolve("toxiproxy-server");
		if (Files.isExecutable(cached)) {
			return cached;
		}
		Optional<Path> onPath = find("toxiproxy-server");
		if (onPath.isPresent()) {
			return onPath.get();
		}
		return goInstall("toxiproxy", TOXIPROXY_PACKAGE, TOXIPROXY_VERSION, cached,
				"(and put it on PATH as toxiproxy-server)");
	}

	/**
	 * actionlint of the pinned version from {@code $ACTIONLINT_BIN}, the kit's tools or
	 * PATH, in that order (installs nothing).
	 */
	public Optional<Path> findActionlint() {
		return findPinned("actionlint", "ACTIONLINT_BIN", this.toolsBin.resolve("actionlint"), ACTIONLINT_VERSION,
				this::actionlintVersion);
	}

	/**
	 * actionlint of the pinned version: found, or built once with go install into the
	 * kit's tools directory.
	 */
	public Path actionlint() {
		Optional<Path> found = findActionlint();
		if (found.isPresent()) {
			return found.get();
		}
		Path built = goInstall("actionlint", ACTIONLINT_PACKAGE, ACTIONLINT_VERSION,
				this.toolsBin.resolve("actionlint"), "(then put it on PATH or set ACTIONLINT_BIN)");
		if (!actionlintVersion(built).filter(ACTIONLINT_VERSION::equals).isPresent()) {
			throw new ToolException("go install reported success but " + built + " is not actionlint "
					+ ACTIONLINT_VERSION + "; see " + this.logDir.resolve("actionlint-build.log"));
		}
		return built;
	}

	/**
	 * kustomize of the pinned version from {@code $KUSTOMIZE_BIN}, the kit's tools or
	 * PATH, in that order (installs nothing).
	 */
	public Optional<Path> findKustomize() {
		return findPinned("kustomize", "KUSTOMIZE_BIN", this.toolsBin.resolve("kustomize"), KUSTOMIZE_VERSION,
				this::kustomizeVersion);
	}

	/**
	 * kustomize of the pinned version: found, or built once with go install into the
	 * kit's tools directory.
	 */
	public Path kustomize() {
		Optional<Path> found = findKustomize();
		if (found.isPresent()) {
			return found.get();
		}
		Path built = goInstall("kustomize", KUSTOMIZE_PACKAGE, KUSTOMIZE_VERSION, this.toolsBin.resolve("kustomize"),
				"(then put it on PATH or set KUSTOMIZE_BIN)");
		if (!kustomizeVersion(built).filter(KUSTOMIZE_VERSION::equals).isPresent()) {
			throw new ToolException("go install reported success but " + built + " is not kustomize "
					+ KUSTOMIZE_VERSION + "; see " + this.logDir.resolve("kustomize-build.log"));
		}
		return built;
	}

	/**
	 * The virtual environment kubernetes-validate lives in: next to the kit's tools
	 * directory ({@code ~/.cache/gateway-perf-kit/venv-kubernetes-validate} by default),
	 * so that it follows {@code KIT_TOOLS_BIN}.
	 */
	public Path kubernetesValidateVenv() {
		Path parent = this.toolsBin.toAbsolutePath().getParent();
		return ((parent != null) ? parent : this.toolsBin).resolve("venv-kubernetes-validate");
	}

	/**
	 * kubernetes-validate of the pinned version from {@code $KUBERNETES_VALIDATE_BIN},
	 * the kit's virtual environment or PATH, in that order (installs nothing).
	 */
	public Optional<Path> findKubernetesValidate() {
		return findPinned("kubernetes-validate", "KUBERNETES_VALIDATE_BIN",
				kubernetesValidateVenv().resolve("bin").resolve("kubernetes-validate"), KUBERNETES_VALIDATE_VERSION,
				(binary) -> firstLine(List.of(binary.toString(), "--version")));
	}

	/**
	 * kubernetes-validate of the pinned version: found, or installed once with pip into a
	 * virtual environment of its own ({@link #kubernetesValidateVenv()}), so that nothing
	 * of the machine's Python changes.
	 */
	public Path kubernetesValidate() {
		Optional<Path> found = findKubernetesValidate();
		if (found.isPresent()) {
			return found.get();
		}
		Path venv = kubernetesValidateVenv();
		String install = "python3 -m venv " + venv + " && " + venv.resolve("bin/pip") + " install kubernetes-validate=="
				+ KUBERNETES_VALIDATE_VERSION;
		Path python = find("python3").orElseThrow(() -> new ToolException("kubernetes-validate "
				+ KUBERNETES_VALIDATE_VERSION + " is missing and there is no python3 to install it with; install "
				+ "Python 3 (Debian: apt-get install python3 python3-venv) and run ./kit tools kubernetes-validate, "
				+ "or install it yourself with: " + install + " (or point KUBERNETES_VALIDATE_BIN at one)"));
		this.log.accept(
				"installing kubernetes-validate " + KUBERNETES_VALIDATE_VERSION + " with pip into " + venv + " (once)");
		Path installLog = this.logDir.resolve("kubernetes-validate-install.log");
		run(List.of(python.toString(), "-m", "venv", venv.toString()), Map.of(), installLog,
				"python3 -m venv " + venv + " failed (Debian: apt-get install python3-venv)");
		run(List.of(venv.resolve("bin").resolve("pip").toString(), "install", "--disable-pip-version-check",
				"kubernetes-validate==" + KUBERNETES_VALIDATE_VERSION), Map.of(), installLog, install + " failed");
		return findKubernetesValidate()
			.orElseThrow(() -> new ToolException("pip reported success but there is no kubernetes-validate "
					+ KUBERNETES_VALIDATE_VERSION + " in " + venv + "; see " + installLog));
	}

	/**
	 * The first candidate that reports the pinned version: {@code $VARIABLE}, the kit's
	 * own copy, then PATH. Any other version found is named and passed over.
	 */
	private Optional<Path> findPinned(String name, String variable, Path cached, String pinned,
			Function<Path, Optional<String>> versionOf) {
		Set<Path> candidates = new LinkedHashSet<>();
		String explicit = this.environment.get(variable);
		if (explicit != null && !explicit.isBlank()) {
			candidates.add(Path.of(explicit));
		}
		candidates.add(cached);
		find(name).ifPresent(candidates::add);
		for (Path candidate : candidates) {
			if (!Files.isExecutable(candidate)) {
				continue;
			}
			Optional<String> version = versionOf.apply(candidate);
			if (version.filter(pinned::equals).isPresent()) {
				return Optional.of(candidate);
			}
			this.log.accept("ignoring " + candidate + ": " + name + " " + version.orElse("of unknown version")
					+ ", the kit pins " + pinned);
		}
		return Optional.empty();
	}

	/**
	 * {@code go install PACKAGE@VERSION} into a scratch GOBIN, the binary then moved to
	 * {@code target}; without Go, a stop that names the command.
	 */
	private Path goInstall(String name, String goPackage, String version, Path target, String afterwards) {
		String install = "go install " + goPackage + "@" + version;
		Path go = find("go").orElseThrow(() -> new ToolException(target.getFileName() + " is missing and Go is not "
				+ "installed; install Go (https://go.dev/dl, or Debian: apt-get install golang-go) and run ./kit tools "
				+ name + ", or build it yourself with: " + install + " " + afterwards));
		this.log
			.accept("building " + name + " " + version + " with go install (once; cached in " + this.toolsBin + ")");
		Path scratch = temporaryDirectory();
		run(List.of(go.toString(), "install", goPackage + "@" + version), Map.of("GOBIN", scratch.toString()),
				this.logDir.resolve(name + "-build.log"), install + " failed");
		return moveInto(scratch.resolve(binaryName(goPackage)), target);
	}

	/**
	 * The name go install gives a package's binary: its last path element, or the one
	 * before a major version suffix ({@code sigs.k8s.io/kustomize/kustomize/v5} builds
	 * {@code kustomize}).
	 */
	static String binaryName(String goPackage) {
		String[] elements = goPackage.split("/");
		String last = elements[elements.length - 1];
		return (last.matches("v\\d+") && elements.length > 1) ? elements[elements.length - 2] : last;
	}

	/**
	 * rnacos of the pinned version from {@code $RNACOS_BIN}, the kit's tools, PATH or
	 * cargo's bin directory, in that order.
	 */
	public Optional<Path> findRnacos() {
		Set<Path> candidates = new LinkedHashSet<>();
		String explicit = this.environment.get("RNACOS_BIN");
		if (explicit != null && !explicit.isBlank()) {
			candidates.add(Path.of(explicit));
		}
		candidates.add(this.toolsBin.resolve("rnacos"));
		find("rnacos").ifPresent(candidates::add);
		candidates.add(cargoBin().resolve("rnacos"));
		for (Path candidate : candidates) {
			if (!Files.isExecutable(candidate)) {
				continue;
			}
			Optional<String> version = rnacosVersion(candidate);
			if (version.filter(RNACOS_VERSION::equals).isPresent()) {
				return Optional.of(candidate);
			}
			this.log.accept("ignoring " + candidate + ": rnacos " + version.orElse("of unknown version")
					+ ", the kit pins " + RNACOS_VERSION);
		}
		return Optional.empty();
	}

	/**
	 * rnacos of the pinned version, in the kit's tools directory; when there is none
	 * anywhere, cargo builds it into its own bin directory (where a later run, or another
	 * checkout, finds it again) and it is copied. No silent fallback to static discovery:
	 * without cargo this stops and says how to get rnacos.
	 */
	public Path rnacos() {
		Optional<Path> found = findRnacos();
		if (found.isPresent()) {
			return cache(found.get());
		}
		Path cargo = find("cargo").or(() -> Optional.of(cargoBin().resolve("cargo")).filter(Files::isExecutable))
			.orElseThrow(() -> new ToolException("rnacos " + RNACOS_VERSION + " is missing and cargo is not "
					+ "installed: install Rust (https://rustup.rs) and run ./kit tools, or build it yourself with: "
					+ "cargo install rnacos --locked --version " + RNACOS_VERSION
					+ " (then put rnacos on PATH or set RNACOS_BIN)"));
		this.log.accept("building rnacos " + RNACOS_VERSION + " with cargo install into " + cargoBin()
				+ " (once, several minutes)");
		Path buildLog = this.logDir.resolve("rnacos-build.log");
		run(List.of(cargo.toString(), "install", "rnacos", "--locked", "--version", RNACOS_VERSION), Map.of(), buildLog,
				"cargo install rnacos --locked --version " + RNACOS_VERSION + " failed");
		Path built = cargoBin().resolve("rnacos");
		if (!rnacosVersion(built).filter(RNACOS_VERSION::equals).isPresent()) {
			throw new ToolException("cargo install reported success but " + built + " is not rnacos " + RNACOS_VERSION
					+ " (is CARGO_INSTALL_ROOT set?); see " + buildLog);
		}
		return cache(built);
	}

	/**
	 * An executable on this environment's PATH, with {@code KIT_SBIN} (default /usr/sbin)
	 * appended.
	 */
	public Optional<Path> find(String executable) {
		return onPath(executable, path());
	}

	/** An executable on the process's PATH. */
	public static Optional<Path> onPath(String executable) {
		String path = System.getenv("PATH");
		return (path != null) ? onPath(executable, path) : Optional.empty();
	}

	private static Optional<Path> onPath(String executable, String path) {
		for (String dir : path.split(File.pathSeparator)) {
			if (dir.isEmpty()) {
				continue;
			}
			Path candidate = Path.of(dir, executable);
			if (Files.isExecutable(candidate) && !Files.isDirectory(candidate)) {
				return Optional.of(candidate);
			}
		}
		return Optional.empty();
	}

	/**
	 * PATH as the kit sees it: nginx installs into /usr/sbin, which a non-root user's
	 * PATH often lacks. {@code KIT_SBIN} stands in for /usr/sbin: the provisioning test
	 * points it at its sandbox, so that an nginx installed on the machine does not show
	 * through.
	 */
	public String path() {
		String sbin = this.environment.getOrDefault("KIT_SBIN", "/usr/sbin");
		return this.environment.getOrDefault("PATH", "") + File.pathSeparator + sbin;
	}

	/** Whether the process runs as root (apt needs it). */
	boolean isRoot() {
		Optional<Path> id = find("id");
		if (id.isEmpty()) {
			return false;
		}
		try {
			return "0".equals(output(List.of(id.get().toString(), "-u")).strip());
		}
		catch (ToolException ex) {
			return false;
		}
	}

	private void aptInstall(List<String> packages) {
		String names = String.join(" ", packages);
		if (!isRoot()) {
			throw new ToolException("missing: " + names + "; install as root (Debian/Ubuntu): sudo apt-get update && "
					+ "sudo apt-get install -y " + names + " — then run again");
		}
		Path aptGet = find("apt-get").orElseThrow(
				() -> new ToolException("missing: " + names + ", and there is no apt-get to install them with"));
		Map<String, String> noninteractive = Map.of("DEBIAN_FRONTEND", "noninteractive");
		Path aptLog = this.logDir.resolve("apt.log");
		if (!this.aptUpdated) {
			// A fresh machine has no package lists.
			this.log.accept("apt-get update");
			run(List.of(aptGet.toString(), "update", "-qq"), noninteractive, aptLog, "apt-get update failed");
			this.aptUpdated = true;
		}
		this.log.accept("installing from the OS packages: " + names);
		List<String> command = new ArrayList<>(List.of(aptGet.toString(), "install", "-y", "-qq"));
		command.addAll(packages);
		run(command, noninteractive, aptLog, "apt-get install -y " + names + " failed");
	}

	/**
	 * The binary copied into the tools directory (unless it is that file), so the tools
	 * live in one place.
	 */
	private Path cache(Path binary) {
		Path cached = this.toolsBin.resolve(binary.getFileName());
		try {
			if (Files.exists(cached) && Files.isSameFile(binary, cached)) {
				return cached;
			}
			this.log.accept("copying " + binary + " into " + this.toolsBin);
			Files.createDirectories(this.toolsBin);
			Path partial = cached.resolveSibling(cached.getFileName() + ".partial");
			Files.copy(binary, partial, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
			return Files.move(partial, cached, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("could not copy " + binary + " into " + this.toolsBin, ex);
		}
	}

	private Path moveInto(Path built, Path target) {
		try {
			Files.createDirectories(target.getParent());
			return Files.move(built, target, StandardCopyOption.REPLACE_EXISTING);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("could not move " + built + " to " + target, ex);
		}
	}

	private Path cargoBin() {
		return directory(this.environment, "CARGO_HOME", Path.of(System.getProperty("user.home"), ".cargo"))
			.resolve("bin");
	}

	/** The first line of {@code rnacos --version} is "rnacos 0.8.8". */
	private Optional<String> rnacosVersion(Path binary) {
		return firstLine(List.of(binary.toString(), "--version")).map((line) -> line.split("\\s+"))
			.filter((words) -> words.length >= 2)
			.map((words) -> words[1]);
	}

	/** The first line of {@code actionlint -version} is "v1.7.12". */
	private Optional<String> actionlintVersion(Path binary) {
		return firstLine(List.of(binary.toString(), "-version"));
	}

	/** {@code kustomize version} prints "v5.7.1" (built with go install). */
	private Optional<String> kustomizeVersion(Path binary) {
		return firstLine(List.of(binary.toString(), "version"));
	}

	private Optional<String> firstLine(List<String> command) {
		try {
			return output(command).strip().lines().findFirst().map(String::strip);
		}
		catch (ToolException ex) {
			return Optional.empty();
		}
	}

	private String output(List<String> command) {
		try {
			Process process = processBuilder(command, Map.of()).redirectErrorStream(true).start();
			String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
			if (!process.waitFor(10, TimeUnit.SECONDS)) {
				process.destroyForcibly();
				throw new ToolException(String.join(" ", command) + " did not finish in 10 s");
			}
			return output;
		}
		catch (IOException ex) {
			throw new ToolException(String.join(" ", command) + " could not run: " + ex.getMessage());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new ToolException("interrupted");
		}
	}

	/**
	 * Runs an installer with its output in {@code logFile}; on failure shows the log's
	 * tail in the error.
	 */
	private void run(List<String> command, Map<String, String> extraEnvironment, Path logFile, String failure) {
		try {
			Files.createDirectories(logFile.getParent());
			Process process = processBuilder(command, extraEnvironment).redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.appendTo(logFile.toFile()))
				.start();
			if (!process.waitFor(INSTALL_TIMEOUT.toMinutes(), TimeUnit.MINUTES)) {
				process.destroyForcibly();
				throw new ToolException(
						failure + ": still running after " + INSTALL_TIMEOUT.toMinutes() + " minutes; see " + logFile);
			}
			if (process.exitValue() != 0) {
				throw new ToolException(failure + " (exit " + process.exitValue() + "); the end of " + logFile + ":\n"
						+ tail(logFile, 30));
			}
		}
		catch (IOException ex) {
			throw new ToolException(failure + ": " + ex.getMessage());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new ToolException("interrupted");
		}
	}

	private ProcessBuilder processBuilder(List<String> command, Map<String, String> extraEnvironment) {
		ProcessBuilder builder = new ProcessBuilder(command);
		builder.environment().clear();
		builder.environment().putAll(this.environment);
		builder.environment().put("PATH", path());
		builder.environment().putAll(extraEnvironment);
		return builder;
	}

	private static String tail(Path file, int lines) {
		try {
			List<String> all = Files.readAllLines(file, StandardCharsets.UTF_8);
			return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
		}
		catch (IOException | UncheckedIOException ex) {
			return "(unreadable: " + ex.getMessage() + ")";
		}
	}

	private static Path temporaryDirectory() {
		try {
			return Files.createTempDirectory("kit-tool");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static Path directory(Map<String, String> environment, String variable, Path fallback) {
		String value = environment.get(variable);
		return (value != null && !value.isBlank()) ? Path.of(value) : fallback;
	}

	/** A tool is missing and cannot be installed here; the message says what to do. */
	public static final class ToolException extends RuntimeException {

		public ToolException(String message) {
			super(message);
		}

	}

}
