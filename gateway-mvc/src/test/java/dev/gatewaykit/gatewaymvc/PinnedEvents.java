package dev.gatewaykit.gatewaymvc;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;

import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

/**
 * Records this JVM's {@code jdk.VirtualThreadPinned} events (every one: threshold 0)
 * while some code runs, as the bench's JFR recording does for a gateway's window.
 */
final class PinnedEvents {

	private PinnedEvents() {
	}

	/** The pins seen while {@code code} ran, each as its stack's method names. */
	static List<String> during(ThrowingRunnable code) throws Exception {
		Path file = Files.createTempFile("pins", ".jfr");
		try (Recording recording = new Recording()) {
			recording.enable("jdk.VirtualThreadPinned").withThreshold(Duration.ZERO).withStackTrace();
			recording.start();
			code.run();
			recording.stop();
			recording.dump(file);
			return RecordingFile.readAllEvents(file)
				.stream()
				.filter((event) -> event.getEventType().getName().equals("jdk.VirtualThreadPinned"))
				.map(PinnedEvents::stack)
				.toList();
		}
		finally {
			Files.deleteIfExists(file);
		}
	}

	private static String stack(RecordedEvent event) {
		if (event.getStackTrace() == null) {
			return "(no stack)";
		}
		return event.getStackTrace()
			.getFrames()
			.stream()
			.map((frame) -> frame.getMethod().getType().getName() + "." + frame.getMethod().getName())
			.collect(Collectors.joining(" < "));
	}

	@FunctionalInterface
	interface ThrowingRunnable {

		void run() throws Exception;

	}

}
