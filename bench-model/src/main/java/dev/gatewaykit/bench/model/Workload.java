package dev.gatewaykit.bench.model;

import java.util.Objects;

/**
 * The load the injector offered.
 *
 * @param model closed or open
 * @param users concurrent virtual users (closed model)
 * @param rate arrivals per second (open model)
 */
public record Workload(LoadModel model, int users, double rate) {

	public Workload {
		Objects.requireNonNull(model, "model");
		if (model == LoadModel.CLOSED && users < 1) {
			throw new IllegalArgumentException("a closed workload needs at least 1 user, was " + users);
		}
		if (model == LoadModel.OPEN && !(rate > 0)) {
			throw new IllegalArgumentException("an open workload needs a rate above 0 req/s, was " + rate);
		}
	}

	public static Workload closed(int users) {
		return new Workload(LoadModel.CLOSED, users, 0);
	}

	public static Workload open(double rate) {
		return new Workload(LoadModel.OPEN, 0, rate);
	}

	/** For tables: {@code 200 users} or {@code 1100 req/s}. */
	public String describe() {
		return (this.model == LoadModel.CLOSED) ? this.users + " users" : Numbers.trim(this.rate, 1) + " req/s";
	}

}
