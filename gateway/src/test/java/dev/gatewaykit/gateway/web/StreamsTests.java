package dev.gatewaykit.gateway.web;

import org.junit.jupiter.api.Test;

import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;

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

}
