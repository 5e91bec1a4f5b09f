package dev.gatewaykit.gateway.web;

import org.junit.jupiter.api.Test;

import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;

import static org.assertj.core.api.Assertions.assertThat;

class StreamsTests {

	@Test
	void aWebSocketUpgradeIsAStreamWhateverTheCase() {
		assertThat(Streams.requested(MockServerHttpRequest.get("/")
			.header(HttpHeaders.CONNECTION, "Upgrade")
			.header(HttpHeaders.UPGRADE, "WebSocket")
			.build())).isTrue();
	}

	@Test
	void anAcceptedEventStreamIsAStream() {
		assertThat(Streams.requested(MockServerHttpRequest.get("/")
			.header(HttpHeaders.ACCEPT, "application/json;q=0.5, text/event-stream")
			.build())).isTrue();
	}

	@Test
	void onlyAnEventStreamNamedOutrightMakesAStream() {
		assertThat(Streams.requested(MockServerHttpRequest.get("/").header(HttpHeaders.ACCEPT, "text/*, */*").build()))
			.isFalse();
		assertThat(Streams.requested(MockServerHttpRequest.get("/").accept(MediaType.APPLICATION_JSON).build()))
			.isFalse();
		assertThat(Streams.requested(MockServerHttpRequest.get("/").header(HttpHeaders.UPGRADE, "h2c").build()))
			.isFalse();
	}

	@Test
	void anUnreadableAcceptHeaderIsNoStream() {
		assertThat(Streams
			.requested(MockServerHttpRequest.get("/").header(HttpHeaders.ACCEPT, "not a media type").build()))
			.isFalse();
	}

	@Test
	void anExchangeIsReadOnceAndRemembered() {
		MockServerWebExchange exchange = MockServerWebExchange
			.from(MockServerHttpRequest.get("/").accept(MediaType.TEXT_EVENT_STREAM));
		assertThat(Streams.requested(exchange)).isTrue();
		assertThat(exchange.<Boolean>getAttribute(Streams.REQUESTED_ATTRIBUTE)).isTrue();
		// What is remembered is the answer: a second look does not read the header again.
		exchange.getAttributes().put(Streams.REQUESTED_ATTRIBUTE, false);
		assertThat(Streams.requested(exchange)).isFalse();
	}

}
