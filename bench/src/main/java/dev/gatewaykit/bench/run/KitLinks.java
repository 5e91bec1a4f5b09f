package dev.gatewaykit.bench.run;

import java.net.URI;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.gatewaykit.launcher.ServiceProcess;
import dev.gatewaykit.launcher.Tools;
import dev.gatewaykit.launcher.stack.Discovery;
import dev.gatewaykit.launcher.stack.GatewaySelection;
import dev.gatewaykit.launcher.stack.Stack;
import dev.gatewaykit.launcher.toxiproxy.ToxiproxyServer;

/**
 * What a measured gateway talks to, brought up the same way by every run of the kit
 * (bench, sweep, ablation, soak, chaos): rnacos for nacos discovery, redis-server,
 * auth-service and one mall-api, and toxiproxy between the gateway and each of them, so
 * the kit can set a link's latency or cut it. The gateway is started on the proxies.
 */
public final class KitLinks {

	/** The gateway's link to Redis (sessions). */
	public static final String REDIS = "redis";

	/** The gateway's link to auth-service (relay tokens). */
	public static final String AUTH = "auth";

	/** The gateway's route to mall-api. */
	public static final String MALL = "mall";

	private final Stack stack;

	private final ToxiproxyServer toxiproxy;

	private final Map<String, Integer> proxyPorts;

	private Stack.Backends backends;

	private KitLinks(Stack stack, Stack.Backends backends, ToxiproxyServer toxiproxy, Map<String, Integer> proxyPorts) {
		this.stack = stack;
		this.backends = backends;
		this.toxiproxy = toxiproxy;
		this.proxyPorts = proxyPorts;
	}

	/**
	 * Checks what a run on the kit's stack needs before anything starts: no stack of the
	 * kit's already running, the build output, the OS packages, toxiproxy and, for nacos
	 * discovery, rnacos (installed when missing).
	 */
	public static void check(Stack stack, Tools tools) {
		stack.checkReady();
		tools.osPackages(Tools.BENCH_PACKAGES);
		tools.toxiproxy();
		if (stack.discovery() == Discovery.NACOS) {
			tools.rnacos();
		}
	}

	/**
	 * Starts rnacos (nacos discovery), the backends and toxiproxy with a proxy for each
	 * of {@code links} ({@link #REDIS}, {@link #AUTH}, {@link #MALL}).
	 */
	public static KitLinks start(Stack stack, List<String> links) {
		stack.startNacos();
		Stack.Backends backends = stack.startBackends(1);
		ToxiproxyServer toxiproxy = stack.startToxiproxy();
		Map<String, Integer> ports = new LinkedHashMap<>();
		for (String link : links) {
			ports.put(link, toxiproxy.proxy(link, upstreamPort(backends, link)));
		}
		return new KitLinks(stack, backends, toxiproxy, ports);
	}

	/**
	 * Gateways of {@code selection} whose Redis and auth-service are behind their proxies
	 * (the mall route too when {@link #MALL} has one).
	 */
	public List<ServiceProcess> startGateways(Path jar, GatewaySelection selection, int count, Path logDir,
			List<String> jvmOptions, List<String> arguments) {
		return this.stack.startGateways(jar, selection, count, this.backends, proxyPort(REDIS),
				URI.create("http://127.0.0.1:" + proxyPort(AUTH)), logDir, jvmOptions, arguments);
	}

	/** Likewise, named {@code name-1..N}. */
	public List<ServiceProcess> startGateways(String name, Path jar, GatewaySelection selection, int count, Path logDir,
			List<String> jvmOptions, List<String> arguments) {
		return this.stack.startGateways(name, jar, selection, count, this.backends, proxyPort(REDIS),
				URI.create("http://127.0.0.1:" + proxyPort(AUTH)), logDir, jvmOptions, arguments);
	}

	/** The gateway's argument that routes mall-api through its proxy. */
	public String mallRouteArgument() {
		return "--kit.routes.mall-uri=http://127.0.0.1:" + proxyPort(MALL);
	}

	/** Sets a link's latency, in milliseconds each way of a round trip. */
	public void latency(String link, int millis) {
		this.toxiproxy.latency(link, millis);
	}

	/**
	 * Restarts a crashed redis-server on its port and data, behind the same proxy.
	 */
	public void restartRedis() {
		this.backends = this.stack.restartRedis(this.backends);
	}

	public Stack.Backends backends() {
		return this.backends;
	}

	public ToxiproxyServer toxiproxy() {
		return this.toxiproxy;
	}

	/** The port of a link's proxy: where the gateway connects for it. */
	public int proxyPort(String link) {
		Integer port = this.proxyPorts.get(link);
		if (port == null) {
			throw new IllegalArgumentException(
					"no proxy for the " + link + " link; started with " + this.proxyPorts.keySet());
		}
		return port;
	}

	private static int upstreamPort(Stack.Backends backends, String link) {
		return switch (link) {
			case REDIS -> backends.redis().port();
			case AUTH -> backends.authService().port();
			case MALL -> backends.mallApis().get(0).port();
			default -> throw new IllegalArgumentException("no such link: " + link);
		};
	}

}
