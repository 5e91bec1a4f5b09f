package dev.gatewaykit.gateway.web;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.concurrent.ScheduledFuture;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.netty.NettyPipeline;

/**
 * Closes a connection whose request head (request line and headers) has not fully arrived
 * within a timeout of its first byte: a client that trickles header bytes (a slowloris)
 * would otherwise hold the connection as long as bytes keep coming, since every read
 * resets the idle timeout. Reactor Netty's {@code readTimeout} and {@code requestTimeout}
 * start once the head is decoded, so they bound the body only.
 * <p>
 * Two handlers share one state per connection: one in front of the HTTP codec notices the
 * first bytes of a head, one behind it notices the decoded head (which stops the clock)
 * and the end of the request (after which the next bytes start a new head). An idle
 * keep-alive connection between requests has no head in progress and is left to the idle
 * timeout. One timer per connection at most, re-armed lazily rather than per request, in
 * the manner of Netty's {@code IdleStateHandler}.
 */
public final class RequestHeadTimeout {

	private static final Logger log = LoggerFactory.getLogger(RequestHeadTimeout.class);

	private static final String BYTES_HANDLER = "kit.requestHeadTimeout.bytes";

	private static final String HEAD_HANDLER = "kit.requestHeadTimeout.head";

	private RequestHeadTimeout() {
	}

	/**
	 * Adds the timeout around the channel's HTTP/1.1 codec; a pipeline without one (none
	 * is configured here) is left as it is.
	 */
	public static void install(Channel channel, Duration timeout) {
		ChannelPipeline pipeline = channel.pipeline();
		if (pipeline.get(NettyPipeline.HttpCodec) == null) {
			return;
		}
		Deadline deadline = new Deadline(timeout.toNanos());
		pipeline.addBefore(NettyPipeline.HttpCodec, BYTES_HANDLER, deadline.bytes);
		pipeline.addAfter(NettyPipeline.HttpCodec, HEAD_HANDLER, deadline.head);
	}

	/** One connection's head in progress, if any, and its timer. */
	private static final class Deadline {

		private final long timeoutNanos;

		/** Whether the next bytes read begin a request head. */
		private boolean awaitingHead = true;

		/** Whether bytes of a head have arrived and the head is not complete yet. */
		private boolean headInProgress;

		/** When the head in progress began. */
		private long headStarted;

		private @Nullable ScheduledFuture<?> check;

		private final ChannelInboundHandlerAdapter bytes = new ChannelInboundHandlerAdapter() {
			@Override
			public void channelRead(ChannelHandlerContext ctx, Object msg) {
				if (Deadline.this.awaitingHead && !Deadline.this.headInProgress) {
					Deadline.this.headInProgress = true;
					Deadline.this.headStarted = System.nanoTime();
					if (Deadline.this.check == null) {
						arm(ctx, Deadline.this.timeoutNanos);
					}
				}
				ctx.fireChannelRead(msg);
			}

			@Override
			public void channelInactive(ChannelHandlerContext ctx) {
				if (Deadline.this.check != null) {
					Deadline.this.check.cancel(false);
					Deadline.this.check = null;
				}
				ctx.fireChannelInactive();
			}
		};

		private final ChannelInboundHandlerAdapter head = new ChannelInboundHandlerAdapter() {
			@Override
			public void channelRead(ChannelHandlerContext ctx, Object msg) {
				if (msg instanceof HttpRequest) {
					Deadline.this.awaitingHead = false;
					Deadline.this.headInProgress = false;
				}
				if (msg instanceof LastHttpContent) {
					Deadline.this.awaitingHead = true;
				}
				ctx.fireChannelRead(msg);
			}
		};

		Deadline(long timeoutNanos) {
			this.timeoutNanos = timeoutNanos;
		}

		private void arm(ChannelHandlerContext ctx, long delayNanos) {
			this.check = ctx.executor().schedule(() -> expire(ctx), delayNanos, TimeUnit.NANOSECONDS);
		}

		/**
		 * On the channel's event loop, like the handlers: no state is shared across
		 * threads.
		 */
		private void expire(ChannelHandlerContext ctx) {
			this.check = null;
			if (!this.headInProgress) {
				return;
			}
			long left = this.headStarted + this.timeoutNanos - System.nanoTime();
			if (left > 0) {
				arm(ctx, left);
				return;
			}
			log.debug("Closing {}: no complete request head within {} ms", ctx.channel(),
					TimeUnit.NANOSECONDS.toMillis(this.timeoutNanos));
			ctx.close();
		}

	}

}
