package dev.gatewaykit.gateway;

import reactor.netty.ReactorNetty;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.boot.data.redis.autoconfigure.observation.LettuceObservationAutoConfiguration;

/**
 * The gateway.
 * <p>
 * Without {@link LettuceObservationAutoConfiguration}: it turns every Redis command into
 * a Micrometer observation (Lettuce's {@code MicrometerTracing}: an observation context,
 * key values, a timer and a long-task timer started and stopped per command). The gateway
 * has no tracer, so all it bought were per-command timers nobody reads, and it cost 16 to
 * 22 µs of gateway CPU per request (GET + EXPIRE; 2.3 to 3 % of the fixed path in
 * async-profiler). Both profiles lose it (the blocking modes use the same Lettuce
 * client); the bench's meters are the gateway's own ({@code KitMeters}).
 * <p>
 * Connections are accepted on a thread of their own ({@link #acceptOnAThreadOfItsOwn()}).
 */
@SpringBootApplication(exclude = LettuceObservationAutoConfiguration.class)
@ConfigurationPropertiesScan
public class GatewayApplication {

	public static void main(String[] args) {
		acceptOnAThreadOfItsOwn();
		SpringApplication.run(GatewayApplication.class, args);
	}

	/**
	 * One thread that only accepts connections, unless
	 * {@code -Dreactor.netty.ioSelectCount} says otherwise. Reactor Netty's default
	 * accepts on one of the event loops that serve requests; a fresh gateway's loops are
	 * that busy, so nginx's new connections waited in the kernel's accept queue (720 at
	 * once), where neither the admission limit nor the request deadline can see them, and
	 * in four of ten cold starts 770 to 3096 requests waited until the client gave up
	 * after 30 s. With a thread of its own the queue stayed empty and the limit refused
	 * what the gateway could not yet serve (docs/overload.md, "The cold start's hidden
	 * queue"). Set before Reactor Netty reads it, when its loops are made.
	 */
	static void acceptOnAThreadOfItsOwn() {
		if (System.getProperty(ReactorNetty.IO_SELECT_COUNT) == null) {
			System.setProperty(ReactorNetty.IO_SELECT_COUNT, "1");
		}
	}

}
