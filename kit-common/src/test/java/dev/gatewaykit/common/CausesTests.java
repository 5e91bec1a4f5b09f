package dev.gatewaykit.common;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.TimeoutException;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CausesTests {

	@Test
	void findsAKindAnywhereInTheChain() {
		Throwable wrapped = new IllegalStateException("outer", new UncheckedIOException(new IOException("inner")));

		assertThat(Causes.anyIs(wrapped, List.of(IOException.class))).isTrue();
		assertThat(Causes.anyIs(wrapped, List.of(TimeoutException.class, IllegalStateException.class))).isTrue();
		assertThat(Causes.anyIs(wrapped, List.of(TimeoutException.class))).isFalse();
		assertThat(Causes.anyIs(wrapped, List.of())).isFalse();
	}

}
