package dev.gatewaykit.bench.simulation;

import java.io.File;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/** Where the simulations' tests find the classes for a Gatling JVM of its own. */
final class ClassPaths {

	private ClassPaths() {
	}

	/** This JVM's class path: the kit's classes, test classes and dependencies. */
	static List<Path> current() {
		return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator)).map(Path::of).toList();
	}

}
