package dev.gatewaykit.k8s;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import dev.gatewaykit.k8s.K8sDeployment.Variant;
import dev.gatewaykit.launcher.Tools;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every way of deploying deploy/k8s renders with kustomize, and every object it renders
 * is valid for the Kubernetes version the kit pins ({@link Tools#KUBERNETES_VERSION}),
 * checked strictly and offline by kubernetes-validate against that version's API schemas:
 * a misspelt field, a wrong type or a missing required field fails here, not in
 * {@code kubectl apply} on somebody's cluster.
 */
class K8sSchemaTests {

	@TempDir
	Path tmp;

	@ParameterizedTest(name = "{0} renders and validates against Kubernetes " + Tools.KUBERNETES_VERSION)
	@EnumSource(Variant.class)
	void rendersAndEveryObjectValidatesAgainstThePinnedKubernetesSchemas(Variant variant) throws IOException {
		Manifests manifests = K8sDeployment.rendered(variant);
		assertThat(manifests.objects).extracting((object) -> object.get("kind"))
			.contains("Namespace", "Deployment", "StatefulSet", "Service", "Secret", "ConfigMap", "NetworkPolicy",
					"HorizontalPodAutoscaler", "PodDisruptionBudget");

		KubernetesTools.Result validation = KubernetesTools.validate(write(manifests.yaml));

		assertThat(validation.out() + validation.err()).as("what kubernetes-validate reports").isEmpty();
		assertThat(validation.status()).as("kubernetes-validate's exit status").isZero();
	}

	@Test
	void aMisspeltFieldFailsTheValidation() throws IOException {
		K8sDeployment broken = K8sDeployment.copy();
		broken.replace("base/gateway.yaml", "            readOnlyRootFilesystem: true",
				"            readOnlyRootFileSystem: true");

		KubernetesTools.Result validation = KubernetesTools.validate(write(broken.render(Variant.FIXED).yaml));

		assertThat(validation.status()).as(validation.toString()).isNotZero();
		assertThat(validation.out() + validation.err()).contains("deployment/gateway",
				"'readOnlyRootFileSystem' was unexpected");
	}

	@Test
	void aValueOfTheWrongTypeFailsTheValidation() throws IOException {
		K8sDeployment broken = K8sDeployment.copy();
		broken.replace("base/gateway.yaml", "  minReplicas: 2", "  minReplicas: two");

		KubernetesTools.Result validation = KubernetesTools.validate(write(broken.render(Variant.FIXED).yaml));

		assertThat(validation.status()).as(validation.toString()).isNotZero();
		assertThat(validation.out() + validation.err()).contains("horizontalpodautoscaler/gateway",
				"'two' is not of type 'integer'");
	}

	/**
	 * The compose rule, on Kubernetes: without the secrets deploy/k8s/secrets.sh writes,
	 * nothing deploys (kustomize names the missing file), rather than a stack with empty
	 * or default passwords.
	 */
	@Test
	void withoutTheGeneratedSecretsKustomizeRefusesToRender() throws IOException {
		K8sDeployment withoutSecrets = K8sDeployment.copy();
		Files.delete(withoutSecrets.file(K8sDeployment.SECRETS_FILE));

		KubernetesTools.Result build = withoutSecrets.build(Variant.FIXED);

		assertThat(build.status()).as(build.toString()).isNotZero();
		assertThat(build.err()).contains("secrets.env");
	}

	private Path write(String yaml) throws IOException {
		return Files.writeString(Files.createTempFile(this.tmp, "rendered-", ".yaml"), yaml);
	}

}
