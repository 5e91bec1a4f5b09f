package dev.gatewaykit.gateway.diagnostics;

import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * Tracks Reactor's schedulers before the first test runs, as the gateway does before its
 * first bean: the test JVM is shared, and a scheduler that a unit test creates before the
 * first gateway context starts would otherwise never be seen (registered in
 * {@code META-INF/services}).
 */
public class TrackReactorExecutorsListener implements LauncherSessionListener {

	@Override
	public void launcherSessionOpened(LauncherSession session) {
		ReactorExecutors.track();
	}

}
