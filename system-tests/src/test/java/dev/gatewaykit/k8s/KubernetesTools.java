package dev.gatewaykit.k8s;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.gatewaykit.launcher.Tools;

import static org.assertj.core.api.Assertions.fail;

/**
 * The two programs the deploy/k8s tests run, each the version the kit pins: kustomize
 * ({@link Tools#KUSTOMIZE_VERSION}) and kubernetes-validate
 * ({@link Tools#KUBERNETES_VALIDATE_VERSION}), from {@code KUSTOMIZE_BIN} and
 * {@code KUBERNETES_VALIDATE_BIN} ({@code ./kit test} sets both), the kit's tools or
 * PATH. Either one missing fails the tests with the command that installs it, never skips
 * them: a skipped validation reads as a passed one.
 */
final class KubernetesTools {

	/** Rendering and validating take a second each; a minute means something hangs. */
	private static final Duration TIMEOUT = Duration.ofSeconds(60);

	private static final Tools TOOLS = Tools.fromEnvironment(Path.of("target"), (line) -> {
	});

	private KubernetesTools() {
	}

	static Path kustomize() {
		return TOOLS.findKustomize()
			.orElseGet(() -> fail("kustomize " + Tools.KUSTOMIZE_VERSION + " is not installed: run the tests with "
					+ "./kit test (it builds kustomize once), or ./kit tools kustomize, or go install "
					+ Tools.KUSTOMIZE_PACKAGE + "@" + Tools.KUSTOMIZE_VERSION + " and point KUSTOMIZE_BIN at it"));
	}

	static Path kubernetesValidate() {
		return TOOLS.findKubernetesValidate()
			.orElseGet(() -> fail("kubernetes-validate " + Tools.KUBERNETES_VALIDATE_VERSION + " is not installed: "
					+ "run the tests with ./kit test (it installs it once), or ./kit tools kubernetes-validate, or "
					+ "pip install kubernetes-validate==" + Tools.KUBERNETES_VALIDATE_VERSION
					+ " into a virtual environment and point KUBERNETES_VALIDATE_BIN at its bin/kubernetes-validate"));
	}

	/**
	 * Every object of a multi-document YAML file against the pinned Kubernetes version's
	 * schemas, strictly: a field the schema does not know fails as much as a wrong type.
	 */
	static Result validate(Path manifests) {
		return run(List.of(kubernetesValidate().toString(), "--kubernetes-version", Tools.KUBERNETES_VERSION,
				"--strict", "--quiet", manifests.toString()), manifests.getParent());
	}

	/** {@code kustomize build DIRECTORY}. */
	static Result build(Path kustomization) {
		return run(List.of(kustomize().toString(), "build", kustomization.toString()), kustomization);
	}

	/**
	 * A command's exit status and both its streams, each written to a file so that
	 * neither can fill a pipe and stall it; stopped and failed after {@link #TIMEOUT}.
	 */
	static Result run(List<String> command, Path directory) {
		try {
			Path out = Files.createTempFile("k8s-", ".out");
			Path err = Files.createTempFile("k8s-", ".err");
			try {
				Process process = new ProcessBuilder(new ArrayList<>(command)).directory(directory.toFile())
					.redirectOutput(out.toFile())
					.redirectError(err.toFile())
					.start();
				if (!process.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
					process.destroyForcibly();
					fail(String.join(" ", command) + " did not finish within " + TIMEOUT.toSeconds() + " s");
				}
				return new Result(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
						Files.readString(err, StandardCharsets.UTF_8));
			}
			finally {
				Files.deleteIfExists(out);
				Files.deleteIfExists(err);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * @param status the exit status
	 * @param out what it wrote to stdout
	 * @param err what it wrote to stderr
	 */
	record Result(int status, String out, String err) {

		@Override
		public String toString() {
			return "exit " + this.status + "\nstdout:\n" + this.out + "\nstderr:\n" + this.err;
		}

	}

}
