package dev.gatewaykit.bench.analysis.littleslaw;

/**
 * What the running gateway says about itself at {@code GET /actuator/kit}; the kit saves
 * it as {@code <run>/<mode>/gateway.json}. The thread counts are read from the live
 * process rather than assumed, because Reactor sizes its pools from the CPU count of the
 * machine it runs on.
 *
 * @param mode the execution mode the gateway runs ({@code blocking}, {@code publish-on},
 * ...)
 * @param profile {@code naive}, {@code fixed} or a custom mix
 * @param eventLoopThreads Reactor Netty event-loop threads
 * @param parallelThreads {@code Schedulers.parallel()} threads
 * @param boundedElasticThreads {@code Schedulers.boundedElastic()} thread cap
 * @param publicPathsMatcher which path matcher the auth filter uses
 * @param logStyle which logging style is active
 */
public record GatewayFacts(String mode, String profile, int eventLoopThreads, int parallelThreads,
		int boundedElasticThreads, String publicPathsMatcher, String logStyle) {

}
