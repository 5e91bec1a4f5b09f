package dev.gatewaykit.launcher;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Optional;

/**
 * What a request the kit sends got back: a status and a body, or (status -1) why there
 * was no answer. Callers decide what an answer means; nothing here throws for a refused
 * connection, which is an ordinary outcome while a process starts or after it stopped.
 *
 * @param status the HTTP status, or -1 when there was no answer
 * @param body the body, or the reason there was no answer
 */
public record HttpAnswer(int status, String body) {

	/** Sends {@code request} (its own timeout applies) and waits for the whole answer. */
	public static HttpAnswer send(HttpClient http, HttpRequest request) {
		try {
			HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
			return new HttpAnswer(response.statusCode(), response.body());
		}
		catch (IOException ex) {
			return new HttpAnswer(-1, ex.toString());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return new HttpAnswer(-1, "interrupted");
		}
	}

	public boolean ok() {
		return this.status == 200;
	}

	/** The body of a 200 answer. */
	public Optional<String> okBody() {
		return ok() ? Optional.of(this.body) : Optional.empty();
	}

	/** "404 not found", or the reason there was no answer: for error messages. */
	public String describe() {
		return (this.status < 0) ? this.body : this.status + " " + this.body.strip();
	}

}
