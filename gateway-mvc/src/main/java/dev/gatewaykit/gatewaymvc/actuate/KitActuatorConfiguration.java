package dev.gatewaykit.gatewaymvc.actuate;

import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import java.util.regex.Pattern;

import javax.management.ObjectName;

import dev.gatewaykit.gateway.core.identity.BlockingIdentityCalls;
import dev.gatewaykit.gateway.core.metrics.KitMeters;
import dev.gatewaykit.gateway.core.publicpaths.ReloadablePublicPaths;
import dev.gatewaykit.gatewaymvc.config.MvcGatewayProperties;
import dev.gatewaykit.gatewaymvc.identity.ResilientIdentityCalls;
import org.apache.coyote.AbstractProtocol;

import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** {@code /actuator/kit} and the {@code kit.*} meters. */
@Configuration(proxyBeanMethods = false)
class KitActuatorConfiguration {

	/** The default scheduler's carriers: {@code ForkJoinPool-N-worker-M}. */
	private static final Pattern CARRIER = Pattern.compile("ForkJoinPool-\\d+-worker-\\d+");

	/**
	 * The prefix before Tomcat has started (or when it is not Tomcat): no thread's name.
	 */
	static final String NOT_STARTED = "\u0000";

	/**
	 * The endpoint reads the executor of the gateway's own Tomcat (this context's, not
	 * the management port's) when it answers, so it states what runs requests.
	 */
	@Bean
	MvcKitEndpoint mvcKitEndpoint(WebServerApplicationContext context, ReloadablePublicPaths publicPaths,
			MvcGatewayProperties properties) {
		return new MvcKitEndpoint(
				() -> ((TomcatWebServer) context.getWebServer()).getTomcat()
					.getConnector()
					.getProtocolHandler()
					.getExecutor(),
				publicPaths, properties.session().timeout(), properties.authService().timeout(),
				properties.pinCarriers());
	}

	/**
	 * The WebFlux gateway's {@code kit.*} meters, so that the bench's hold-time
	 * arithmetic reads both gateways alike; here every request makes the synchronous
	 * calls, and the pools are Tomcat's platform request threads of the gateway's port
	 * ({@code mvc-platform}; not the management port's: {@link #tomcatThreads}) and the
	 * virtual threads' carriers ({@code mvc-virtual}: a virtual thread's CPU is its
	 * carrier's; another non-common ForkJoinPool's workers would be counted with them).
	 */
	@Bean
	KitMeters kitMeters(ResilientIdentityCalls calls, BlockingIdentityCalls blockingCalls,
			WebServerApplicationContext context) {
		return new KitMeters(calls::requests, blockingCalls,
				Map.of("tomcat", tomcatThreads(context), "carrier", (name) -> CARRIER.matcher(name).matches()));
	}

	/**
	 * The gateway port's Tomcat request threads, by name: the prefix is worked out at the
	 * first scrape after Tomcat has started, then kept (a scrape reads every thread).
	 */
	static Predicate<String> tomcatThreads(WebServerApplicationContext context) {
		AtomicReference<String> known = new AtomicReference<>();
		return (name) -> {
			String prefix = known.get();
			if (prefix == null) {
				prefix = tomcatThreadPrefix(context);
				if (!prefix.equals(NOT_STARTED)) {
					known.set(prefix);
				}
			}
			return name.startsWith(prefix);
		};
	}

	/**
	 * Tomcat names its request threads after the connector's endpoint:
	 * {@code http-nio-127.0.0.1-8080-exec-N} ({@code auto-N} in place of a port chosen at
	 * random), which the management port's Tomcat does not share.
	 */
	static String tomcatThreadPrefix(WebServerApplicationContext context) {
		if (context.getWebServer() instanceof TomcatWebServer tomcat
				&& tomcat.getTomcat().getConnector().getProtocolHandler() instanceof AbstractProtocol<?> protocol) {
			String name = ObjectName.unquote(protocol.getName());
			// On a random port the name gains the bound port after the threads were
			// named.
			String bound = "-" + protocol.getLocalPort();
			if (protocol.getPort() == 0 && name.endsWith(bound)) {
				name = name.substring(0, name.length() - bound.length());
			}
			return name + "-exec-";
		}
		return NOT_STARTED;
	}

}
