package dev.gatewaykit.bench.analysis.soak;

import java.io.IOException;
import java.nio.file.Files;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.bench.analysis.TestFiles;
import dev.gatewaykit.bench.model.BadInputException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class JvmMemoryTests {

	private static final long MIB = 1024 * 1024;

	@Test
	void sumsTheHeapPoolsAndReadsDirectBuffersAndLiveData() throws IOException {
		JvmMemory memory = JvmMemory.parse(Files.readString(TestFiles.fixtures().resolve("soak/prometheus.txt")));

		// Eden 24 + old 40 + survivor 1; metaspace is not heap.
		assertThat(memory.heapUsedBytes()).isEqualTo(65 * MIB);
		// The direct pool, not the mapped one.
		assertThat(memory.directBytes()).isEqualTo(8 * MIB);
		assertThat(memory.liveDataBytes()).isEqualTo(38 * MIB);
		assertThat(memory.nettyDirectBytes()).isNull();
	}

	@Test
	void addsUpReactorNettysAllocatorsWhenTheGatewayPublishesThem() {
		String scrape = """
				jvm_memory_used_bytes{area="heap",id="G1 Old Gen"} 1000.0
				jvm_buffer_memory_used_bytes{id="direct"} 2000.0
				reactor_netty_bytebuf_allocator_used_direct_memory{id="1",name="http.client"} 300.0
				reactor_netty_bytebuf_allocator_used_direct_memory{id="2",name="http.server"} 400.0
				""";

		JvmMemory memory = JvmMemory.parse(scrape);

		assertThat(memory.nettyDirectBytes()).isEqualTo(700L);
		assertThat(memory.liveDataBytes()).isNull();
	}

	@Test
	void aBraceOrACommaInAnotherLabelsValueDoesNotHideTheMeter() {
		// Micrometer's common tags carry whatever the deployment names itself.
		String scrape = """
				jvm_memory_used_bytes{application="gateway {blue, canary}",area="heap",id="G1 Eden Space"} 1000.0
				jvm_memory_used_bytes{application="gateway {blue, canary}",area="heap",id="G1 Old Gen"} 500.0
				jvm_buffer_memory_used_bytes{application="gateway {blue, canary}",id="direct"} 2000.0
				""";

		JvmMemory memory = JvmMemory.parse(scrape);

		assertThat(memory.heapUsedBytes()).isEqualTo(1500L);
		assertThat(memory.directBytes()).isEqualTo(2000L);
	}

	@Test
	void refusesWhatIsNotASpringBootScrape() {
		assertThatExceptionOfType(BadInputException.class).isThrownBy(() -> JvmMemory.parse("<html>login</html>"))
			.withMessageContaining("jvm_memory_used_bytes");
		assertThatExceptionOfType(BadInputException.class)
			.isThrownBy(() -> JvmMemory.parse("jvm_memory_used_bytes{area=\"heap\",id=\"x\"} 1.0\n"))
			.withMessageContaining("direct");
	}

}
