package dev.gatewaykit.gateway.config;

import java.net.URI;
import java.util.Objects;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class RoutesPropertiesTests {

	@ParameterizedTest
	@ValueSource(strings = { "http://127.0.0.1:9000", "https://auth.example:8443", "lb://auth-service" })
	void bindsHttpAndLoadBalancedUris(String uri) {
		RoutesProperties routes = bind(uri, "http://127.0.0.1:9100");

		assertThat(routes.authUri()).isEqualTo(URI.create(uri));
		assertThat(routes.mallUri()).isEqualTo(URI.create("http://127.0.0.1:9100"));
	}

	@ParameterizedTest
	@ValueSource(strings = { "localhost:9000", "ftp://auth-service", "lb:auth-service", "/api/auth" })
	void refusesAnythingElseNamingTheProperty(String uri) {
		assertThatExceptionOfType(BindException.class).isThrownBy(() -> bind("http://127.0.0.1:9000", uri))
			.havingRootCause()
			.withMessageStartingWith("kit.routes.mall-uri must be an http://, https:// or lb:// URI with a host, was");
	}

	@ParameterizedTest
	@ValueSource(strings = { "http://auth service", "127.0.0.1:9000" })
	void refusesAnUnparsableUriNamingTheProperty(String uri) {
		assertThatExceptionOfType(BindException.class).isThrownBy(() -> bind(uri, "lb://mall-api"))
			.satisfies((ex) -> assertThat(
					Stream.iterate((Throwable) ex, Objects::nonNull, Throwable::getCause).map(Throwable::getMessage))
				.anyMatch((message) -> message.contains("kit.routes.auth-uri")));
	}

	private static RoutesProperties bind(String authUri, String mallUri) {
		MapConfigurationPropertySource source = new MapConfigurationPropertySource();
		source.put("kit.routes.auth-uri", authUri);
		source.put("kit.routes.mall-uri", mallUri);
		return new Binder(source).bindOrCreate("kit.routes", Bindable.of(RoutesProperties.class));
	}

}
