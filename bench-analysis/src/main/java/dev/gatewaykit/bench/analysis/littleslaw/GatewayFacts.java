package dev.gatewaykit.bench.analysis.littleslaw;

import org.jspecify.annotations.Nullable;

/**
 * What the running gateway says about itself at {@code GET /actuator/kit}; the kit saves
 * it as {@code <run>/<mode>/gateway.json}. The thread counts are read from the live
 * process rather than assumed, because Reactor sizes its pools from the CPU count of the
 * machine it runs on.
 * <p>
 * Both gateways answer here: the WebFlux one with its Reactor pools, gateway-mvc with
 * Tomcat's and the carriers' in their place (its Reactor counts read 0, its profile and
 * log style {@code null}). A {@code gateway.json} written before gateway-mvc existed has
 * no Tomcat or carrier counts and still reads.
 *
 * @param mode the execution mode the gateway runs ({@code blocking}, {@code publish-on},
 * ..., or gateway-mvc's {@code mvc-platform} / {@code mvc-virtual})
 * @param profile {@code naive}, {@code fixed} or a custom mix
 * @param eventLoopThreads Reactor Netty event-loop threads
 * @param parallelThreads {@code Schedulers.parallel()} threads
 * @param boundedElasticThreads {@code Schedulers.boundedElastic()} thread cap
 * @param publicPathsMatcher which path matcher the auth filter uses
 * @param logStyle which logging style is active
 * @param tomcatThreads gateway-mvc's Tomcat worker pool size; {@code null} on virtual
 * threads (no pool bounds them) and for the WebFlux gateway
 * @param carrierThreads the virtual-thread scheduler's parallelism (gateway-mvc);
 * {@code null} for the WebFlux gateway
 */
public record GatewayFacts(String mode, @Nullable String profile, int eventLoopThreads, int parallelThreads,
		int boundedElasticThreads, @Nullable String publicPathsMatcher, @Nullable String logStyle,
		@Nullable Integer tomcatThreads, @Nullable Integer carrierThreads) {

	/** The WebFlux gateway's facts: no Tomcat pool, no carriers. */
	public GatewayFacts(String mode, @Nullable String profile, int eventLoopThreads, int parallelThreads,
			int boundedElasticThreads, @Nullable String publicPathsMatcher, @Nullable String logStyle) {
		this(mode, profile, eventLoopThreads, parallelThreads, boundedElasticThreads, publicPathsMatcher, logStyle,
				null, null);
	}

}
