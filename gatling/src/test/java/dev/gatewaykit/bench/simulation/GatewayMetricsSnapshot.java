package dev.gatewaykit.bench.simulation;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Saves the gateway's Prometheus scrape to a file, asynchronously: the bench compares it
 * with the scrape taken after the run to get each request's CPU and blocked time inside
 * the window. A failure is printed, not thrown: the run's figures stand without it, and
 * the summary then says the hold time was not measured.
 */
final class GatewayMetricsSnapshot {

	static final String WINDOW_START_FILE = "gateway-metrics-window-start.txt";

	private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	private GatewayMetricsSnapshot() {
	}

	static void saveAsync(String url, Path file, String label) {
		// 30 s: a gateway whose event loops are all blocked serves its actuator late, but
		// it does serve it.
		HttpRequest request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30)).GET().build();
		CLIENT.sendAsync(request, HttpResponse.BodyHandlers.ofFile(file)).whenComplete((response, error) -> {
			if (error != null) {
				System.out.println("[" + label + "] could not read the gateway's meters at " + url + ": " + error);
			}
			else if (response.statusCode() != 200) {
				System.out
					.println("[" + label + "] the gateway's meters at " + url + " answered " + response.statusCode());
				try {
					java.nio.file.Files.deleteIfExists(file);
				}
				catch (java.io.IOException ex) {
					System.out.println("[" + label + "] could not delete " + file + ": " + ex);
				}
			}
		});
	}

}
