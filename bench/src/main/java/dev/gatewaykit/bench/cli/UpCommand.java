package dev.gatewaykit.bench.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import dev.gatewaykit.bench.options.GivenOptions;
import dev.gatewaykit.bench.options.UsageException;
import dev.gatewaykit.launcher.ServiceProcess;
import dev.gatewaykit.launcher.nginx.NginxConfig;
import dev.gatewaykit.launcher.nginx.NginxServer;
import dev.gatewaykit.launcher.stack.Discovery;
import dev.gatewaykit.launcher.stack.GatewaySelection;
import dev.gatewaykit.launcher.stack.ManagementAccess;
import dev.gatewaykit.launcher.stack.Stack;

/**
 * {@code ./kit up}: the stack in the background, its endpoints in
 * {@code target/kit/stack.env}.
 */
@Command(name = "up", description = "start the stack in the background", footer = { "",
		"Starts redis-server, auth-service, mall-api, the gateway and nginx in front of the gateway(s) in "
				+ "the background, waits until each is healthy, and writes target/kit/stack.env (NGINX_URL is the entry "
				+ "point).",
		"", "./kit down stops exactly what this started (by recorded PID)." })
public final class UpCommand extends KitCommand {

	@Parameters(paramLabel = "PROFILE|MODE", arity = "0..1",
			description = "PROFILE: naive | fixed (default fixed); MODE: blocking | publish-on | bounded-elastic | "
					+ "reactive (the execution mode alone); PROFILE:MODE changes one profile's mode; mvc-platform | "
					+ "mvc-virtual: gateway-mvc instead, on a JDK 21+")
	@Nullable String selector;

	@Option(names = "--discovery", paramLabel = "static|nacos",
			description = "static (default): each gateway gets the instances' URLs on its command line. nacos: rnacos "
					+ "(a Nacos server) starts too, every service registers in it, the gateway routes "
					+ "lb://auth-service and lb://mall-api and takes its mode from Nacos config gateway.yaml (rnacos "
					+ "is built once with cargo if missing: see ./kit tools)")
	@Nullable String discovery;

	@Option(names = "--gateways", paramLabel = "N", description = "gateway instances, all behind nginx (default 1)")
	@Nullable String gateways;

	@Option(names = "--mall-apis", paramLabel = "M",
			description = "mall-api instances; the gateway balances over them (default 1)")
	@Nullable String mallApis;

	@Option(names = "--nginx", paramLabel = "naive|tuned", description = "nginx configuration (default tuned)")
	@Nullable String nginx;

	@Option(names = "--gateway-arg", paramLabel = "ARG",
			description = "one more argument for every gateway (repeatable)")
	@Nullable List<String> gatewayArgs;

	@Override
	protected int run(GivenOptions args, PrintStream out, PrintStream err) throws Exception {
		KitContext kit = KitContext.current(err);
		String selector = args.positional(0, "fixed");
		GatewaySelection selection = UsageException.parse(() -> GatewaySelection.parse(selector));
		Discovery discovery = UsageException.parse(() -> Discovery.fromName(args.string("discovery", "static")));
		int gateways = args.integer("gateways", 1, 1, 64);
		int mallApis = args.integer("mall-apis", 1, 1, 64);
		NginxConfig.Variant variant = UsageException
			.parse(() -> NginxConfig.Variant.fromName(args.string("nginx", "tuned")));
		Stack stack = new Stack(kit.workspace(), kit.tools(), discovery, kit.serviceJvmOptions(), kit.healthTimeout(),
				kit.log());
		stack.checkReady();
		kit.tools().osPackages(List.of("redis-server", "nginx"));
		if (discovery == Discovery.NACOS) {
			kit.tools().rnacos();
		}
		try {
			stack.startNacos();
			Stack.Backends backends = stack.startBackends(mallApis);
			List<ServiceProcess> started = stack.startGateways(selection, gateways, backends, backends.redis().port(),
					backends.authService().baseUri(), kit.workspace().logs(), List.of(), args.all("gateway-arg"));
			NginxServer nginx = stack.startNginx(variant,
					started.stream().map((gateway) -> new NginxConfig.Upstream("127.0.0.1", gateway.port())).toList(),
					kit.workspace().kitDir().resolve("nginx"));
			Path env = writeStackEnv(kit, selector, stack, backends, started, nginx);
			stack.detachAll();
			kit.log()
				.accept("stack is up (" + selector + ", " + discovery.id() + " discovery, " + gateways + " gateway(s), "
						+ mallApis + " mall-api(s)); endpoints in " + env);
			out.print(Files.readString(env));
			return ExitCodes.OK;
		}
		catch (RuntimeException ex) {
			kit.log().accept("start-up failed; stopping what was started");
			stack.close();
			throw ex;
		}
	}

	private static Path writeStackEnv(KitContext kit, String selector, Stack stack, Stack.Backends backends,
			List<ServiceProcess> gateways, NginxServer nginx) throws IOException {
		ServiceProcess gateway = gateways.get(0);
		ServiceProcess mall = backends.mallApis().get(0);
		Map<String, String> env = new LinkedHashMap<>();
		env.put("KIT_PROFILE", selector);
		env.put("DISCOVERY", stack.discovery().id());
		env.put("NGINX_URL", nginx.url().toString());
		env.put("NGINX_PORT", String.valueOf(nginx.port()));
		env.put("GATEWAY_URL", gateway.baseUri().toString());
		env.put("GATEWAY_PORT", String.valueOf(gateway.port()));
		env.put("GATEWAY_MANAGEMENT_URL", gateway.actuatorUri().toString());
		env.put("GATEWAY_URLS", join(gateways.stream().map((g) -> g.baseUri().toString()).toList()));
		env.put("GATEWAY_MANAGEMENT_URLS", join(gateways.stream().map((g) -> g.actuatorUri().toString()).toList()));
		// Management writes (POST .../kit, .../loggers) need it: curl -u
		// kit-admin:$GATEWAY_MANAGEMENT_PASSWORD.
		env.put(ManagementAccess.ENV, stack.management().password());
		env.put("AUTH_SERVICE_URL", backends.authService().baseUri().toString());
		env.put("AUTH_SERVICE_PORT", String.valueOf(backends.authService().port()));
		env.put("MALL_API_URL", mall.baseUri().toString());
		env.put("MALL_API_PORT", String.valueOf(mall.port()));
		env.put("MALL_API_URLS", join(backends.mallApis().stream().map((m) -> m.baseUri().toString()).toList()));
		env.put("REDIS_URL", "redis://127.0.0.1:" + backends.redis().port());
		env.put("REDIS_PORT", String.valueOf(backends.redis().port()));
		env.put("NACOS_URL", stack.nacos().map((server) -> server.url().toString()).orElse(""));
		env.put("DEMO_USERS_CSV", kit.workspace().demoUsersCsv().toString());
		env.put("LOG_DIR", kit.workspace().logs().toString());
		Path file = kit.workspace().kitDir().resolve("stack.env");
		String text = "# Written by ./kit up at " + OffsetDateTime.now().withNano(0)
				+ ". Source it: . target/kit/stack.env\n"
				+ env.entrySet().stream().map((e) -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining("\n"))
				+ "\n";
		// Owner only: it holds the management password.
		Files.deleteIfExists(file);
		Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
		Files.writeString(file, text, StandardCharsets.UTF_8);
		return file;
	}

	private static String join(List<String> values) {
		return String.join(",", values);
	}

}
