package dev.gatewaykit.mall.product;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.gatewaykit.common.Causes;
import io.lettuce.core.RedisCommandTimeoutException;

import org.springframework.dao.DataAccessException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.data.redis.connection.RedisStringCommands;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * The product catalogue in Redis: one JSON string per product under
 * {@code kit:product:{id}}, ids {@code 1..size}.
 * <p>
 * Reads are the product-detail hot path, kept to exactly that: one Redis round trip, one
 * JSON parse, nothing logged (logging alone can cost such an API 40 % of its throughput).
 * Redis failures surface as Spring's {@code DataAccessException}s (bounded by
 * {@code spring.data.redis.timeout}) and are answered with 503 by the web layer.
 */
@Component
public class ProductCatalogue {

	static final String KEY_PREFIX = "kit:product:";

	/** How often one seeding batch is tried before the start fails. */
	public static final int SEED_ATTEMPTS = 3;

	private final StringRedisTemplate redis;

	private final JsonMapper json;

	private final MallProperties.Catalogue properties;

	public ProductCatalogue(StringRedisTemplate redis, JsonMapper json, MallProperties properties) {
		this.redis = redis;
		this.json = json;
		this.properties = properties.catalogue();
	}

	/** The Redis key of a product. */
	public static String key(long id) {
		return KEY_PREFIX + id;
	}

	/**
	 * The number of products the catalogue was seeded with, which is also the highest id.
	 */
	public long size() {
		return this.properties.size();
	}

	public Optional<Product> find(long id) {
		String value = this.redis.opsForValue().get(key(id));
		return (value != null) ? Optional.of(parse(value)) : Optional.empty();
	}

	/**
	 * The products of one page, fetched with a single {@code MGET}. A page past the end
	 * is empty rather than an error, like Spring Data's {@code Page}: the total tells the
	 * client where the end is.
	 */
	public ProductPage page(int page, int size) {
		long total = size();
		long first = (long) page * size + 1;
		long last = Math.min(first + size - 1, total);
		if (first > last) {
			return new ProductPage(page, size, total, List.of());
		}
		List<String> keys = new ArrayList<>((int) (last - first + 1));
		for (long id = first; id <= last; id++) {
			keys.add(key(id));
		}
		List<String> values = this.redis.opsForValue().multiGet(keys);
		List<Product> items = new ArrayList<>(keys.size());
		if (values != null) {
			for (String value : values) {
				// A key deleted behind our back is skipped rather than failing the whole
				// page.
				if (value != null) {
					items.add(parse(value));
				}
			}
		}
		return new ProductPage(page, size, total, items);
	}

	/**
	 * Writes every product of {@code 1..size} that is missing, leaving existing keys
	 * untouched, so a restart against a populated Redis costs one pipelined {@code SETNX}
	 * per key and changes nothing. {@code MSETNX} would be one command per batch, but it
	 * is all-or-nothing: one present key and the whole batch is skipped.
	 */
	public SeedResult seed() {
		long started = System.nanoTime();
		int size = this.properties.size();
		int batchSize = this.properties.seedBatchSize();
		int created = 0;
		for (int first = 1; first <= size; first += batchSize) {
			List<byte[][]> batch = new ArrayList<>(batchSize);
			for (long id = first; id <= Math.min((long) first + batchSize - 1, size); id++) {
				batch.add(new byte[][] { bytes(key(id)), bytes(this.json.writeValueAsString(DemoProducts.forId(id))) });
			}
			for (Object reply : writeMissing(batch)) {
				if (Boolean.TRUE.equals(reply)) {
					created++;
				}
			}
		}
		return new SeedResult(created, size - created, Duration.ofNanos(System.nanoTime() - started));
	}

	/**
	 * One batch's {@code SETNX}es, tried again when they time out: a mall-api starting
	 * beside other JVMs on a busy core can take longer than a command's timeout over its
	 * first batch (seen: the kit's stack on one core, the batch of 1000 timed out after 1
	 * s and the start failed). The keys are written only if missing, so a batch written
	 * twice changes nothing; what a timed-out attempt wrote late is counted as present.
	 */
	private List<Object> writeMissing(List<byte[][]> batch) {
		for (int attempt = 1;; attempt++) {
			try {
				return this.redis.executePipelined((RedisCallback<Object>) (connection) -> {
					RedisStringCommands strings = connection.stringCommands();
					for (byte[][] entry : batch) {
						strings.setNX(entry[0], entry[1]);
					}
					return null;
				});
			}
			catch (DataAccessException ex) {
				if (attempt >= SEED_ATTEMPTS || !timedOut(ex)) {
					throw ex;
				}
			}
		}
	}

	private static boolean timedOut(Throwable failure) {
		return Causes.anyIs(failure, List.of(RedisCommandTimeoutException.class, QueryTimeoutException.class));
	}

	private Product parse(String value) {
		return this.json.readValue(value, Product.class);
	}

	private static byte[] bytes(String value) {
		return value.getBytes(StandardCharsets.UTF_8);
	}

	/**
	 * What one seeding run did.
	 *
	 * @param created keys written by this run
	 * @param present keys that already existed and were left alone
	 * @param took wall-clock time of the run
	 */
	public record SeedResult(int created, int present, Duration took) {
	}

}
