package dev.gatewaykit.k8s;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * deploy/k8s as an operator deploys it, in a throwaway copy: its secrets written by
 * {@code deploy/k8s/secrets.sh} (none is committed, and kustomize stops without them),
 * then {@code kustomize build} of an overlay. The copy lives under the module's
 * {@code target/}; the secrets in it are fresh random ones that nothing ever uses.
 */
final class K8sDeployment {

	/** The namespace base/kustomization.yaml puts everything in. */
	static final String NAMESPACE = "gateway-kit";

	/** The kit's own images: {@code gateway-perf-kit/<module>:<project version>}. */
	static final String KIT_IMAGE_PREFIX = "gateway-perf-kit/";

	/** The env file the base's secretGenerator reads, relative to deploy/k8s. */
	static final String SECRETS_FILE = "base/secrets.env";

	/**
	 * The distributed bench's kustomization, relative to deploy/k8s, applied on its own.
	 */
	static final String LOAD = "load";

	/** The start instant the load kustomization reads, written for each run. */
	static final String WINDOW_FILE = LOAD + "/window.env";

	/** The demo users the load kustomization reads, copied from a stack for each run. */
	static final String DEMO_USERS_FILE = LOAD + "/demo-users.csv";

	/**
	 * What an operator writes before deploying, git-ignored: never copied from the
	 * repository.
	 */
	private static final List<String> LOCAL_FILES = List.of(SECRETS_FILE, WINDOW_FILE, DEMO_USERS_FILE);

	/** A throwaway start instant (2027-01-15), for rendering only. */
	static final long WINDOW_START_EPOCH_MS = 1_800_000_000_000L;

	private static Manifests renderedLoad;

	private static final Map<Variant, Manifests> RENDERED = new ConcurrentHashMap<>();

	private static K8sDeployment shared;

	/** The copy's deploy/k8s. */
	final Path root;

	private K8sDeployment(Path root) {
		this.root = root;
	}

	/**
	 * The ways deploy/k8s is deployed: each overlay, and the template with the optional
	 * observability component, on its own and with Nacos. The observability ones are
	 * overlays of an overlay, written into the copy as docs/kubernetes.md says to write
	 * them. The load-test ones (a bench cluster's, for the distributed bench) are each a
	 * production overlay with components/load-test.
	 */
	enum Variant {

		FIXED("fixed", false), NAIVE("naive", false), FIXED_NACOS("fixed-nacos", false),
		FIXED_OBSERVABILITY("fixed", true), FIXED_NACOS_OBSERVABILITY("fixed-nacos", true),
		FIXED_LOAD_TEST("fixed-load-test", false), NAIVE_LOAD_TEST("naive-load-test", false);

		/** The suffix of the load-test overlays' directories. */
		static final String LOAD_TEST = "-load-test";

		final String overlay;

		final boolean observability;

		Variant(String overlay, boolean observability) {
			this.overlay = overlay;
			this.observability = observability;
		}

		String directory() {
			return "overlays/" + this.overlay + (this.observability ? "-observability" : "");
		}

		boolean nacos() {
			return this.overlay.endsWith("nacos");
		}

		/** Whether this is a bench cluster's: components/load-test on top of another. */
		boolean loadTest() {
			return this.overlay.endsWith(LOAD_TEST);
		}

		/**
		 * The production variant a load-test one adds components/load-test to; a
		 * production variant is its own.
		 */
		Variant production() {
			return loadTest() ? valueOf(name().substring(0, name().length() - "_LOAD_TEST".length())) : this;
		}

	}

	/** The repository's deploy/k8s, unchanged, rendered once per variant and JVM. */
	static Manifests rendered(Variant variant) {
		return RENDERED.computeIfAbsent(variant, (key) -> shared().render(key));
	}

	static synchronized K8sDeployment shared() {
		if (shared == null) {
			shared = copy();
		}
		return shared;
	}

	/** A fresh copy of the repository's deploy/k8s, with fresh secrets, to change. */
	static K8sDeployment copy() {
		try {
			Path source = repositoryRoot().resolve("deploy/k8s");
			Path target = Files
				.createTempDirectory(Files.createDirectories(Path.of("target", "k8s").toAbsolutePath()), "deploy-")
				.resolve("k8s");
			try (Stream<Path> files = Files.walk(source)) {
				for (Path file : (Iterable<Path>) files::iterator) {
					Path relative = source.relativize(file);
					// A developer's own secrets, instant and users stay where they are.
					if (LOCAL_FILES.contains(relative.toString())) {
						continue;
					}
					Path copy = target.resolve(relative.toString());
					if (Files.isDirectory(file)) {
						Files.createDirectories(copy);
					}
					else {
						Files.copy(file, copy, StandardCopyOption.COPY_ATTRIBUTES);
					}
				}
			}
			K8sDeployment deployment = new K8sDeployment(target);
			deployment.writeSecrets();
			deployment.writeLoadInputs();
			return deployment;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** The repository's deploy/k8s/secrets.sh, writing this copy's env file. */
	private void writeSecrets() {
		KubernetesTools.Result result = KubernetesTools
			.run(List.of("bash", repositoryRoot().resolve("deploy/k8s/secrets.sh").toString(),
					this.root.resolve(SECRETS_FILE).toString()), this.root);
		assertThat(result.status()).as("deploy/k8s/secrets.sh: %s", result).isZero();
	}

	/**
	 * What docs/kubernetes.md has the operator write before applying the load
	 * kustomization: the start instant, and the demo users (here one made-up line).
	 */
	private void writeLoadInputs() {
		write(WINDOW_FILE, "BENCH_WINDOW_START_EPOCH_MS=" + WINDOW_START_EPOCH_MS + "\n");
		write(DEMO_USERS_FILE, "user0001,not-a-password\n");
	}

	/** The repository's load kustomization, unchanged, rendered once per JVM. */
	static synchronized Manifests renderedLoad() {
		if (renderedLoad == null) {
			renderedLoad = shared().renderLoad();
		}
		return renderedLoad;
	}

	/**
	 * {@code kustomize build} of the load kustomization, failing the test if it does not
	 * build.
	 */
	Manifests renderLoad() {
		KubernetesTools.Result result = buildLoad();
		assertThat(result.status()).as("kustomize build %s: %s", LOAD, result).isZero();
		return Manifests.parse(result.out());
	}

	KubernetesTools.Result buildLoad() {
		return KubernetesTools.build(this.root.resolve(LOAD));
	}

	/** {@code kustomize build} of a variant, failing the test if it does not build. */
	Manifests render(Variant variant) {
		KubernetesTools.Result result = build(variant);
		assertThat(result.status()).as("kustomize build %s: %s", variant.directory(), result).isZero();
		return Manifests.parse(result.out());
	}

	KubernetesTools.Result build(Variant variant) {
		Path directory = this.root.resolve(variant.directory());
		if (variant.observability && !Files.isDirectory(directory)) {
			write(variant.directory() + "/kustomization.yaml", observabilityOverlay(variant.overlay));
		}
		return KubernetesTools.build(directory);
	}

	/**
	 * An overlay that adds the observability component to another overlay: the one
	 * docs/kubernetes.md shows.
	 */
	static String observabilityOverlay(String overlay) {
		return """
				apiVersion: kustomize.config.k8s.io/v1beta1
				kind: Kustomization
				namespace: gateway-kit
				resources:
				  - ../%s
				components:
				  - ../../components/observability
				""".formatted(overlay);
	}

	Path file(String relative) {
		return this.root.resolve(relative);
	}

	String read(String relative) {
		try {
			return Files.readString(file(relative));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	void write(String relative, String content) {
		try {
			Files.createDirectories(file(relative).getParent());
			Files.writeString(file(relative), content);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Replaces one exact, unique piece of a file, so that a test breaks what it means to.
	 */
	void replace(String relative, String old, String replacement) {
		String content = read(relative);
		assertThat(content).as("%s contains what the test replaces", relative).containsOnlyOnce(old);
		write(relative, content.replace(old, replacement));
	}

	static Path repositoryRoot() {
		String root = System.getProperty("kit.repository.root");
		if (root == null) {
			return fail("system property kit.repository.root is not set (the module's surefire configuration sets it)");
		}
		return Path.of(root).toAbsolutePath().normalize();
	}

}
