package dev.gatewaykit.bench.model;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads and writes the bench's JSON files. Files are indented (people diff them) and
 * unknown fields are ignored, so a newer writer does not break an older reader.
 */
public final class BenchJson {

	private static final JsonMapper MAPPER = JsonMapper.builder()
		.enable(SerializationFeature.INDENT_OUTPUT)
		.disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
		.disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
		.build();

	private BenchJson() {
	}

	public static JsonMapper mapper() {
		return MAPPER;
	}

	/**
	 * Reads {@code file} as a {@code type}.
	 * @throws BadInputException when the file is missing or is not what it should be
	 */
	public static <T> T read(Path file, Class<T> type) {
		if (!Files.isRegularFile(file)) {
			throw new BadInputException("missing " + file);
		}
		try {
			return MAPPER.readValue(file, type);
		}
		catch (JacksonException ex) {
			throw new BadInputException("cannot read " + file + ": " + ex.getOriginalMessage());
		}
	}

	public static JsonNode readTree(Path file) {
		if (!Files.isRegularFile(file)) {
			throw new BadInputException("missing " + file);
		}
		try {
			return MAPPER.readTree(file);
		}
		catch (JacksonException ex) {
			throw new BadInputException("cannot read " + file + ": " + ex.getOriginalMessage());
		}
	}

	/**
	 * Writes {@code value} to {@code file}.
	 * @throws UncheckedIOException when the file cannot be written (a full disk, a
	 * directory that is not writable): the environment's failure, not the kit's bug
	 */
	public static void write(Path file, Object value) {
		try {
			MAPPER.writeValue(file, value);
		}
		catch (JacksonException ex) {
			throw new UncheckedIOException(
					new IOException("cannot write " + file + ": " + ex.getOriginalMessage(), ex));
		}
	}

	public static String write(Object value) {
		return MAPPER.writeValueAsString(value);
	}

}
