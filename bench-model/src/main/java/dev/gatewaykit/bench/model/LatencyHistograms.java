package dev.gatewaykit.bench.model;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.Collection;
import java.util.zip.DataFormatException;

import org.HdrHistogram.Histogram;

/**
 * The recorder's latency histograms, as they travel in {@code timeseries.json}:
 * HdrHistogram's compressed encoding in base64, a few hundred bytes per second.
 * Percentiles do not add up, histograms do: with one histogram per second the report can
 * give the exact p99 of any span of seconds (before and after a mode switch), not an
 * average of p99s.
 */
public final class LatencyHistograms {

	/** Latencies above this (an hour) are clamped: no request timeout is that long. */
	public static final long HIGHEST_TRACKABLE_MS = 3_600_000;

	/** Two significant digits: 1 % resolution, which is all a p99 needs. */
	public static final int SIGNIFICANT_DIGITS = 2;

	private LatencyHistograms() {
	}

	public static Histogram empty() {
		return new Histogram(HIGHEST_TRACKABLE_MS, SIGNIFICANT_DIGITS);
	}

	public static String encode(Histogram histogram) {
		ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
		int length = histogram.encodeIntoCompressedByteBuffer(buffer);
		byte[] bytes = new byte[length];
		buffer.flip();
		buffer.get(bytes);
		return Base64.getEncoder().encodeToString(bytes);
	}

	/**
	 * @throws BadInputException when the text is not an encoded histogram
	 */
	public static Histogram decode(String encoded) {
		try {
			return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(encoded)),
					HIGHEST_TRACKABLE_MS);
		}
		catch (DataFormatException | IllegalArgumentException | IndexOutOfBoundsException ex) {
			throw new BadInputException("not an encoded latency histogram: " + ex.getMessage());
		}
	}

	/** The sum of encoded histograms. */
	public static Histogram merge(Collection<String> encoded) {
		Histogram total = empty();
		for (String histogram : encoded) {
			total.add(decode(histogram));
		}
		return total;
	}

	/** Mean, p50, p90, p99 and max; {@link Latency#NONE} for an empty histogram. */
	public static Latency latency(Histogram histogram) {
		if (histogram.getTotalCount() == 0) {
			return Latency.NONE;
		}
		return new Latency(histogram.getMean(), histogram.getValueAtPercentile(50), histogram.getValueAtPercentile(90),
				histogram.getValueAtPercentile(99), histogram.getMaxValue());
	}

}
