package dev.gatewaykit.k8s;

import java.util.List;
import java.util.Map;
import java.util.Objects;

import dev.gatewaykit.k8s.Manifests.Workload;

/**
 * What the rendered NetworkPolicies let through, evaluated as the API defines them: a pod
 * no policy of a direction selects is open in that direction; a pod some policies select
 * takes only what one of their rules allows; a connection needs the sender's egress and
 * the receiver's ingress. Pods are the workloads' templates, plus "outside" for anything
 * beyond the namespace. An {@code ipBlock} peer is taken to match every pod, so a
 * too-wide rule shows up as allowing too much.
 */
final class NetworkPolicies {

	/** A client beyond the namespace: another namespace, a node, the internet. */
	static final Pod OUTSIDE = new Pod("outside", Map.of(), Map.of(), "elsewhere");

	private final List<Map<String, Object>> policies;

	NetworkPolicies(Manifests manifests) {
		this.policies = manifests.ofKind("NetworkPolicy");
	}

	/**
	 * A pod to evaluate flows of.
	 *
	 * @param name its workload's name
	 * @param labels its labels
	 * @param ports its containers' ports by name
	 * @param namespace its namespace
	 */
	record Pod(String name, Map<String, String> labels, Map<String, Integer> ports, String namespace) {

		static Pod of(Workload workload) {
			return new Pod(workload.name(), workload.podLabels(), workload.ports(), K8sDeployment.NAMESPACE);
		}

	}

	/** Whether {@code from} may open a TCP connection to {@code to} on {@code port}. */
	boolean allows(Pod from, Pod to, int port) {
		return direction(from, "Egress", "egress", "to", to, port)
				&& direction(to, "Ingress", "ingress", "from", from, port);
	}

	/**
	 * One side's view: the policies that select {@code subject} for this direction, and
	 * whether one of their rules names {@code peer} and the destination port.
	 */
	private boolean direction(Pod subject, String type, String rulesKey, String peersKey, Pod peer, int port) {
		if (Objects.equals(subject, OUTSIDE)) {
			// Policies here say nothing about a pod elsewhere.
			return true;
		}
		Pod destination = type.equals("Egress") ? peer : subject;
		List<Map<String, Object>> selecting = this.policies.stream()
			.filter((policy) -> selects(Manifests.at(policy, "spec", "podSelector"), subject.labels())
					&& types(policy).contains(type))
			.toList();
		if (selecting.isEmpty()) {
			return true;
		}
		for (Map<String, Object> policy : selecting) {
			for (Object rule : Manifests.list(Manifests.at(policy, "spec", rulesKey))) {
				Map<String, Object> settings = Manifests.map(rule);
				List<Object> peers = Manifests.list(settings.get(peersKey));
				boolean peerMatches = peers.isEmpty() || peers.stream().anyMatch((entry) -> matches(entry, peer));
				List<Object> ports = Manifests.list(settings.get("ports"));
				boolean portMatches = ports.isEmpty()
						|| ports.stream().anyMatch((entry) -> portMatches(entry, destination, port));
				if (peerMatches && portMatches) {
					return true;
				}
			}
		}
		return false;
	}

	/**
	 * policyTypes, or what the API defaults it to: Ingress, and Egress if there are
	 * rules.
	 */
	private static List<Object> types(Map<String, Object> policy) {
		List<Object> types = Manifests.list(Manifests.at(policy, "spec", "policyTypes"));
		if (!types.isEmpty()) {
			return types;
		}
		return (Manifests.at(policy, "spec", "egress") != null) ? List.of("Ingress", "Egress") : List.of("Ingress");
	}

	private static boolean matches(Object entry, Pod pod) {
		Map<String, Object> peer = Manifests.map(entry);
		if (peer.containsKey("ipBlock")) {
			return true;
		}
		Object namespaceSelector = peer.get("namespaceSelector");
		Object podSelector = peer.get("podSelector");
		boolean namespaceMatches = (namespaceSelector != null)
				? selects(namespaceSelector, Map.of("kubernetes.io/metadata.name", pod.namespace()))
				: K8sDeployment.NAMESPACE.equals(pod.namespace());
		boolean podMatches = podSelector == null || selects(podSelector, pod.labels());
		return namespaceMatches && podMatches;
	}

	private static boolean portMatches(Object entry, Pod destination, int port) {
		Map<String, Object> settings = Manifests.map(entry);
		if (!"TCP".equals(settings.getOrDefault("protocol", "TCP"))) {
			return false;
		}
		Object value = settings.get("port");
		if (value == null) {
			return true;
		}
		if (value instanceof Number number) {
			return number.intValue() == port;
		}
		return Integer.valueOf(port).equals(destination.ports().get(value.toString()));
	}

	/** A label selector: matchLabels and matchExpressions; an empty one selects all. */
	static boolean selects(Object selector, Map<String, String> labels) {
		Map<String, Object> settings = Manifests.map(selector);
		if (!labels.entrySet().containsAll(Manifests.strings(settings.get("matchLabels")).entrySet())) {
			return false;
		}
		for (Object expression : Manifests.list(settings.get("matchExpressions"))) {
			Map<String, Object> requirement = Manifests.map(expression);
			String value = labels.get(String.valueOf(requirement.get("key")));
			List<Object> values = Manifests.list(requirement.get("values"));
			boolean holds = switch (String.valueOf(requirement.get("operator"))) {
				case "In" -> value != null && values.contains(value);
				case "NotIn" -> value == null || !values.contains(value);
				case "Exists" -> value != null;
				case "DoesNotExist" -> value == null;
				default -> false;
			};
			if (!holds) {
				return false;
			}
		}
		return true;
	}

}
