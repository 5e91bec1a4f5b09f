package dev.gatewaykit.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.gatewaykit.bench.load.RequestFile.Request;
import dev.gatewaykit.bench.load.RequestFile.Token;

class RequestFileTests {

	@TempDir
	Path dir;

	@Test
	void theExampleIsTheKitsOwnLoad() {
		RequestFile file = RequestFile.read(Path.of("requests/example.yaml"));

		assertThat(file.token()).isEqualTo(Token.KIT_LOGIN);
		assertThat(file.requests()).singleElement().satisfies((request) -> {
			assertThat(request.name()).isEqualTo("product");
			assertThat(request.method()).isEqualTo("GET");
			assertThat(request.path()).hasToString("/api/mall/products/{random:1..10000}");
			assertThat(request.headers()).containsOnlyKeys("X-Client");
			assertThat(request.body()).isNull();
		});
	}

	@Test
	void appliesTheDefaults() throws IOException {
		RequestFile file = RequestFile.read(write("requests.yaml", """
				requests:
				  - path: /items/{random:1..5}
				"""));

		assertThat(file.token()).isEqualTo(Token.KIT_LOGIN);
		assertThat(file.token().header()).isEqualTo("Authorization");
		assertThat(file.token().prefix()).isEqualTo("Bearer ");
		Request request = file.requests().get(0);
		assertThat(request.name()).isEqualTo("GET /items/{random:1..5}");
		assertThat(request.method()).isEqualTo("GET");
		assertThat(request.weight()).isEqualTo(1);
		assertThat(request.headers()).isEmpty();
		assertThat(request.body()).isNull();
	}

	@Test
	void readsEveryFieldOfARequest() throws IOException {
		RequestFile file = RequestFile.read(write("requests.yaml", """
				token: none
				requests:
				  - name: order
				    method: post
				    path: /orders
				    headers:
				      X-Trace: t-{random:1..9}
				      X-Version: 2
				    body: '{"item": {random:3..3}}'
				    weight: 3
				"""));

		Request request = file.requests().get(0);
		assertThat(file.token()).isEqualTo(Token.NONE);
		assertThat(request.method()).isEqualTo("POST");
		assertThat(request.weight()).isEqualTo(3);
		assertThat(request.headers()).containsOnlyKeys("X-Trace", "X-Version", "Content-Type");
		assertThat(request.headers().get("X-Version")).hasToString("2");
		assertThat(request.headers().get("Content-Type")).hasToString("application/json");
		assertThat(request.body().expand(new SplittableRandom(), null)).isEqualTo("{\"item\": 3}");
	}

	@Test
	void keepsAContentTypeItIsGiven() throws IOException {
		RequestFile file = RequestFile.read(write("requests.yaml", """
				requests:
				  - method: PUT
				    path: /notes
				    headers: {content-type: text/plain}
				    body: hello
				"""));

		assertThat(file.requests().get(0).headers()).containsOnlyKeys("content-type");
		assertThat(file.requests().get(0).sets("Content-Type")).isTrue();
	}

	@Test
	void readsALoginOfItsOwnWithItsDefaults() throws IOException {
		RequestFile file = RequestFile.read(write("requests.yaml", """
				token:
				  path: /login
				  body: '{"user": "perf"}'
				  jsonPath: $.token
				requests:
				  - path: /me
				    headers: {X-Token: '{token}'}
				"""));

		Token token = file.token();
		assertThat(token.source()).isEqualTo(Token.Source.LOGIN);
		assertThat(token.header()).isEqualTo("Authorization");
		assertThat(token.prefix()).isEqualTo("Bearer ");
		assertThat(token.login().method()).isEqualTo("POST");
		assertThat(token.login().path()).hasToString("/login");
		assertThat(token.login().jsonPath()).isEqualTo("$.token");
		assertThat(token.login().headers()).containsOnlyKeys("Content-Type");
		assertThat(file.requests().get(0).headers().get("X-Token").expand(new SplittableRandom(), "abc"))
			.isEqualTo("abc");
	}

	@Test
	void readsJsonWhenTheNameEndsInJson() throws IOException {
		RequestFile file = RequestFile.read(write("requests.json", """
				{"token": {"method": "PUT", "path": "/session", "jsonPath": "$.id", "header": "X-Session",
				           "prefix": ""},
				 "requests": [{"name": "a", "path": "/a", "weight": 2}, {"name": "b", "path": "/b"}]}
				"""));

		assertThat(file.requests()).extracting(Request::name).containsExactly("a", "b");
		assertThat(file.requests()).extracting(Request::weight).containsExactly(2, 1);
		assertThat(file.token().header()).isEqualTo("X-Session");
		assertThat(file.token().prefix()).isEmpty();
		assertThat(file.token().login().method()).isEqualTo("PUT");
	}

	static Stream<Arguments> mistakes() {
		return Stream.of(
				Arguments.of("an unknown key", "requests:\n  - path: /a\n    heders: {}\n",
						"requests[0]: unknown key 'heders'; allowed: name, method, path, headers, body, weight"),
				Arguments.of("an unknown top-level key", "request:\n  - path: /a\n",
						"unknown key 'request'; allowed: requests, token"),
				Arguments.of("a missing path", "requests:\n  - name: a\n",
						"requests[0].path: is missing: the request's path, e.g. /api/mall/products/{random:1..10000}"),
				Arguments.of("a path that is not one", "requests:\n  - path: http://example.com/a\n",
						"requests[0].path: must start with / (it is relative to bench.baseUrl), was 'http://example.com/a'"),
				Arguments.of("a bad method", "requests:\n  - path: /a\n  - path: /b\n    method: FETCH\n",
						"requests[1].method: 'FETCH' is not an HTTP method; allowed: GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS"),
				Arguments.of("a bad random range", "requests:\n  - path: /a/{random:10..1}\n",
						"requests[0].path: {random:10..1}: the range's MIN 10 is above its MAX 1"),
				Arguments.of("an unknown placeholder", "requests:\n  - path: /a\n    body: '{tokn}'\n",
						"requests[0].body: unknown placeholder {tokn}; allowed: {random:MIN..MAX}, {token}"),
				Arguments.of("a token where there is none",
						"token: none\nrequests:\n  - path: /a\n    headers: {Authorization: 'Bearer {token}'}\n",
						"requests[0].headers.Authorization: uses {token}, but token is none"),
				Arguments.of("a login that uses its own token",
						"token: {path: /login, jsonPath: $.t, body: '{token}'}\nrequests:\n  - path: /a\n",
						"token.body: uses {token}, but a login cannot use {token}: it is what the login obtains"),
				Arguments.of("a login without its jsonPath", "token: {path: /login}\nrequests:\n  - path: /a\n",
						"token.jsonPath: is missing: where the login's JSON answer carries the token, e.g. $.token"),
				Arguments.of("an unknown token source", "token: oauth\nrequests:\n  - path: /a\n",
						"token: 'oauth' is not a way to obtain a token; allowed: kit-login (the default), none, "
								+ "or a login: a mapping of method, path, headers, body, jsonPath, header, prefix"),
				Arguments.of("a weight of zero", "requests:\n  - path: /a\n    weight: 0\n",
						"requests[0].weight: must be a whole number of at least 1, was 0"),
				Arguments.of("a weight that is text", "requests:\n  - path: /a\n    weight: often\n",
						"requests[0].weight: must be a whole number of at least 1, was \"often\""),
				Arguments.of("two requests of one name", "requests:\n  - path: /a\n  - path: /a\n",
						"requests[1].name: 'GET /a' is the name of an earlier request too; Gatling's report would merge them"),
				Arguments.of("a name of the kit's", "requests:\n  - path: /a\n    name: warm-up\n",
						"requests[0].name: 'warm-up' cannot name a request: blank, or one of the kit's own (warm-up, login)"),
				Arguments.of("a bad header name", "requests:\n  - path: /a\n    headers: {'X Trace': a}\n",
						"requests[0].headers: 'X Trace' is not a header name (letters, digits and !#$%&'*+.^_`|~-)"),
				Arguments.of("a header given twice", "requests:\n  - path: /a\n    headers: {X-A: a, x-a: b}\n",
						"requests[0].headers: 'x-a' is given twice (header names ignore case)"),
				Arguments.of("a body that is a mapping", "requests:\n  - path: /a\n    body: {a: 1}\n",
						"requests[0].body: must be a single value (a string), was object"),
				Arguments.of("no requests", "token: none\nrequests: []\n",
						"requests: must be a list of at least one request, each a mapping of name, method, path, "
								+ "headers, body, weight"),
				Arguments.of("an empty file", "", "is empty; it needs at least 'requests'"));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("mistakes")
	void namesTheFileTheFieldAndWhatIsAllowed(String mistake, String yaml, String message) throws IOException {
		Path file = write("requests.yaml", yaml);

		assertThatIllegalArgumentException().isThrownBy(() -> RequestFile.read(file))
			.withMessage("request file " + file + ": " + message);
	}

	@Test
	void saysWhereTheYamlIsBroken() throws IOException {
		Path file = write("requests.yaml", "requests:\n  - path: /a\n   method: GET\n");

		assertThatIllegalArgumentException().isThrownBy(() -> RequestFile.read(file))
			.withMessageStartingWith("request file " + file + ": not valid YAML at line 3");
	}

	@Test
	void refusesAKeyGivenTwice() throws IOException {
		Path file = write("requests.yaml", "requests:\n  - path: /a\n    path: /b\n");

		assertThatIllegalArgumentException().isThrownBy(() -> RequestFile.read(file))
			.withMessageStartingWith("request file " + file + ": not valid YAML")
			.withMessageContaining("path");
	}

	@Test
	void namesAMissingFile() {
		assertThatIllegalArgumentException().isThrownBy(() -> RequestFile.read(this.dir.resolve("nope.yaml")))
			.withMessage("request file not found: " + this.dir.resolve("nope.yaml"));
	}

	private Path write(String name, String text) throws IOException {
		return Files.writeString(this.dir.resolve(name), text);
	}

}
