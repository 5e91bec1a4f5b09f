package dev.gatewaykit.compose;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipInputStream;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.ConfigurationPropertyState;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The configuration properties one packaged Spring Boot service
 * ({@code <module>/target/<module>-<version>.jar}) understands, gathered from three
 * places: the Spring configuration metadata of every jar inside it (Boot, Spring Cloud,
 * Nacos, ...), the keys and {@code ${placeholders}} of its own {@code application*.yml},
 * and its own {@code @ConfigurationProperties} records. {@link #binds(String)} asks
 * Spring Boot itself whether an environment variable names one of them: the variable goes
 * into a {@code systemEnvironment} property source, exactly as the services see it, and
 * each property is looked up through it with Boot's relaxed binding ({@code SERVERADDR}
 * and the legacy {@code SERVER_ADDR} for {@code server-addr}, {@code _0_} for a list
 * index, any key below a {@code Map}).
 */
public final class BootProperties {

	private static final String METADATA = "META-INF/spring-configuration-metadata.json";

	private static final String ADDITIONAL_METADATA = "META-INF/additional-spring-configuration-metadata.json";

	private static final String CLASSES = "BOOT-INF/classes/";

	private static final String LIB = "BOOT-INF/lib/";

	private static final String KIT_PACKAGE = "dev/gatewaykit/";

	private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([a-zA-Z0-9.\\-\\[\\]]+)[:}]");

	/** What a property can hold, which decides whether names below it belong to it. */
	enum Kind {

		VALUE, LIST, MAP

	}

	private final Map<ConfigurationPropertyName, Kind> properties = new LinkedHashMap<>();

	private BootProperties() {
	}

	public static BootProperties of(Path bootJar) {
		BootProperties index = new BootProperties();
		List<byte[]> kitJars = new ArrayList<>();
		try (ZipFile jar = new ZipFile(bootJar.toFile())) {
			for (Enumeration<? extends ZipEntry> entries = jar.entries(); entries.hasMoreElements();) {
				ZipEntry entry = entries.nextElement();
				String name = entry.getName();
				if (name.equals(METADATA) || name.equals(ADDITIONAL_METADATA) || name.equals(CLASSES + METADATA)
						|| name.equals(CLASSES + ADDITIONAL_METADATA)) {
					index.addMetadata(jar.getInputStream(entry));
				}
				else if (name.startsWith(LIB) && name.endsWith(".jar")) {
					byte[] nested = jar.getInputStream(entry).readAllBytes();
					if (index.addMetadataOfNestedJar(new ByteArrayInputStream(nested))) {
						kitJars.add(nested);
					}
				}
				else if (name.matches(CLASSES + "application[^/]*\\.ya?ml")) {
					index.addYaml(new String(jar.getInputStream(entry).readAllBytes(), StandardCharsets.UTF_8));
				}
			}
			index.addConfigurationPropertiesRecords(bootJar, jar, kitJars);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return index;
	}

	/**
	 * Whether Spring Boot would bind this environment variable to one of the properties.
	 */
	public boolean binds(String environmentVariable) {
		ConfigurationPropertySource environment = ConfigurationPropertySource.from(new SystemEnvironmentPropertySource(
				StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, Map.of(environmentVariable, "value")));
		return this.properties.entrySet().stream().anyMatch((property) -> switch (property.getValue()) {
			case VALUE -> environment.getConfigurationProperty(property.getKey()) != null;
			case LIST, MAP -> environment.getConfigurationProperty(property.getKey()) != null
					|| environment.containsDescendantOf(property.getKey()) == ConfigurationPropertyState.PRESENT;
		});
	}

	/**
	 * Whether a property name, as written in a YAML or properties file, is one of the
	 * properties.
	 */
	boolean knows(String propertyName) {
		ConfigurationPropertyName name = ConfigurationPropertyName.of(propertyName);
		return this.properties.entrySet()
			.stream()
			.anyMatch((property) -> property.getKey().equals(name)
					|| property.getValue() != Kind.VALUE && property.getKey().isAncestorOf(name));
	}

	/**
	 * This index plus the given property names, each a plain value (for a {@code Map}
	 * property, name one key).
	 */
	BootProperties with(List<String> propertyNames) {
		propertyNames.forEach((name) -> add(name, Kind.VALUE));
		return this;
	}

	int size() {
		return this.properties.size();
	}

	private void add(String propertyName, Kind kind) {
		// Metadata and YAML keys are mostly canonical already; adapt() copes with the odd
		// one that is not.
		ConfigurationPropertyName name = ConfigurationPropertyName.isValid(propertyName)
				? ConfigurationPropertyName.of(propertyName) : ConfigurationPropertyName.adapt(propertyName, '.');
		if (!name.isEmpty()) {
			this.properties.merge(name, kind, (old, added) -> (old == Kind.VALUE) ? added : old);
		}
	}

	private void addMetadata(InputStream json) throws IOException {
		JsonNode metadata = JsonMapper.builder().build().readTree(json.readAllBytes());
		for (JsonNode property : metadata.path("properties")) {
			String type = property.path("type").asString("");
			Kind kind = type
				.startsWith("java.util.Map")
						? Kind.MAP
						: (type.startsWith("java.util.List") || type.startsWith("java.util.Set")
								|| type.startsWith("java.util.Collection") || type.endsWith("[]")) ? Kind.LIST
										: Kind.VALUE;
			add(property.path("name").asString(), kind);
		}
	}

	/**
	 * Adds a nested jar's metadata.
	 * @return whether the jar holds the kit's own classes (a module such as
	 * gateway-core), whose records the service's properties may be made of
	 */
	private boolean addMetadataOfNestedJar(InputStream nestedJar) throws IOException {
		boolean kit = false;
		ZipInputStream zip = new ZipInputStream(nestedJar);
		for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
			if (entry.getName().equals(METADATA) || entry.getName().equals(ADDITIONAL_METADATA)) {
				addMetadata(new NonClosing(zip));
			}
			kit |= entry.getName().startsWith(KIT_PACKAGE);
		}
		return kit;
	}

	private void addYaml(String yaml) {
		for (Object document : new Yaml(new SafeConstructor(new LoaderOptions())).loadAll(yaml)) {
			flatten("", document);
		}
		Matcher placeholder = PLACEHOLDER.matcher(yaml);
		while (placeholder.find()) {
			add(placeholder.group(1), Kind.VALUE);
		}
	}

	private void flatten(String prefix, Object node) {
		if (node instanceof Map<?, ?> map) {
			map.forEach((key, value) -> flatten(prefix.isEmpty() ? key.toString() : prefix + "." + key, value));
		}
		else if (node instanceof List<?> list) {
			add(prefix, Kind.LIST);
			list.forEach((item) -> flatten(prefix + "[0]", item));
		}
		else if (!prefix.isEmpty()) {
			add(prefix, Kind.VALUE);
		}
	}

	/**
	 * The service's own {@code @ConfigurationProperties} types, read from
	 * {@code BOOT-INF/classes} by reflection (not every module runs the configuration
	 * processor). Only classes that mention the annotation are loaded, so classes needing
	 * the service's libraries never are.
	 */
	private void addConfigurationPropertiesRecords(Path bootJar, ZipFile jar, List<byte[]> kitJars) throws IOException {
		byte[] marker = "org/springframework/boot/context/properties/ConfigurationProperties"
			.getBytes(StandardCharsets.UTF_8);
		List<URL> path = new ArrayList<>();
		path.add(URI.create("jar:" + bootJar.toUri() + "!/" + CLASSES).toURL());
		// The kit's modules inside the jar (the gateway's properties hold gateway-core's
		// records): a class loader reads no jar nested in a jar, so each is copied out.
		List<Path> copies = new ArrayList<>();
		for (byte[] kitJar : kitJars) {
			Path copy = Files.createTempFile("boot-properties-", ".jar");
			copies.add(copy);
			Files.write(copy, kitJar);
			path.add(copy.toUri().toURL());
		}
		try (URLClassLoader loader = new URLClassLoader(path.toArray(URL[]::new), getClass().getClassLoader())) {
			for (Enumeration<? extends ZipEntry> entries = jar.entries(); entries.hasMoreElements();) {
				ZipEntry entry = entries.nextElement();
				String name = entry.getName();
				if (!name.startsWith(CLASSES) || !name.endsWith(".class")
						|| indexOf(jar.getInputStream(entry).readAllBytes(), marker) < 0) {
					continue;
				}
				String className = name.substring(CLASSES.length(), name.length() - 6).replace('/', '.');
				Class<?> type = Class.forName(className, false, loader);
				ConfigurationProperties annotation = type.getAnnotation(ConfigurationProperties.class);
				if (annotation != null) {
					String prefix = annotation.prefix().isEmpty() ? annotation.value() : annotation.prefix();
					addMembers(prefix, type);
				}
			}
		}
		catch (ClassNotFoundException ex) {
			throw new IllegalStateException(ex);
		}
		finally {
			for (Path copy : copies) {
				Files.deleteIfExists(copy);
			}
		}
	}

	private void addMembers(String prefix, Class<?> type) {
		if (type.isRecord()) {
			for (RecordComponent component : type.getRecordComponents()) {
				addMember(prefix + "." + component.getName(), component.getType());
			}
		}
		else {
			for (Field field : type.getDeclaredFields()) {
				if (!Modifier.isStatic(field.getModifiers())) {
					addMember(prefix + "." + field.getName(), field.getType());
				}
			}
		}
	}

	private void addMember(String name, Class<?> type) {
		if (Map.class.isAssignableFrom(type)) {
			add(name, Kind.MAP);
		}
		else if (Collection.class.isAssignableFrom(type) || type.isArray()) {
			add(name, Kind.LIST);
		}
		else if (type.isRecord() && type.getName().startsWith("dev.gatewaykit.")) {
			addMembers(name, type);
		}
		else {
			add(name, Kind.VALUE);
		}
	}

	private static int indexOf(byte[] data, byte[] pattern) {
		outer: for (int i = 0; i <= data.length - pattern.length; i++) {
			for (int j = 0; j < pattern.length; j++) {
				if (data[i + j] != pattern[j]) {
					continue outer;
				}
			}
			return i;
		}
		return -1;
	}

	/**
	 * Lets Jackson read one entry of a {@link ZipInputStream} without closing the whole
	 * stream.
	 */
	private static final class NonClosing extends java.io.FilterInputStream {

		NonClosing(InputStream in) {
			super(in);
		}

		@Override
		public void close() {
		}

	}

	/** A module's packaged jar; fails with what to run if it is missing. */
	public static Path jarOf(Path root, String module) {
		String version = System.getProperty("kit.project.version", "0.1.0-SNAPSHOT");
		Path jar = root.resolve(module).resolve("target").resolve(module + "-" + version + ".jar");
		if (!Files.isRegularFile(jar)) {
			throw new IllegalStateException("No packaged " + module + " jar at " + jar + ". Run './mvnw package "
					+ "-DskipTests' in " + root + " first (./mvnw verify from the root builds it before this module).");
		}
		return jar;
	}

}
