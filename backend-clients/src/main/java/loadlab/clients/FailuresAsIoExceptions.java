package loadlab.clients;

import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.client.ClientHttpRequest;
import org.springframework.http.client.ClientHttpRequestFactory;
import org.springframework.http.client.ClientHttpResponse;

/**
 * Under RestClient, a library's failures as IOExceptions, which RestClient reports as RestClientExceptions: the one
 * kind of failure the apps answer with a 502. The JDK's and Apache's adapters fail that way already; three others,
 * against a backend that breaks its connection, do not, and the app would answer 500 or even 200:
 *
 * <ul>
 *   <li>Reactor Netty, when the connection breaks in the body: its own unchecked exception from the body's stream;
 *   <li>Jetty, for a response that is not HTTP: an unchecked {@code HttpResponseException}; and when the connection
 *       breaks in the body, an {@code EOFException} from the body's stream, which RestClient takes for an empty body
 *       (a 200 with no content instead of a failure);
 *   <li>{@code HttpURLConnection}, for a response that is not HTTP: status -1, which Spring refuses with an unchecked
 *       exception.
 * </ul>
 *
 * <p>Only failures are changed; an answer passes through as it came, at the cost of one small wrapper per request,
 * response and body.
 */
final class FailuresAsIoExceptions implements ClientHttpRequestFactory {

    private final ClientHttpRequestFactory library;

    FailuresAsIoExceptions(ClientHttpRequestFactory library) {
        this.library = library;
    }

    @Override
    public ClientHttpRequest createRequest(URI uri, HttpMethod httpMethod) throws IOException {
        return new Request(library.createRequest(uri, httpMethod));
    }

    private static IOException failed(Exception e) {
        return new IOException(e.getMessage(), e);
    }

    private record Request(ClientHttpRequest library) implements ClientHttpRequest {

        @Override
        public ClientHttpResponse execute() throws IOException {
            try {
                return new Response(library.execute());
            } catch (RuntimeException e) {
                throw failed(e);
            }
        }

        @Override
        public HttpMethod getMethod() {
            return library.getMethod();
        }

        @Override
        public URI getURI() {
            return library.getURI();
        }

        @Override
        public Map<String, Object> getAttributes() {
            return library.getAttributes();
        }

        @Override
        public HttpHeaders getHeaders() {
            return library.getHeaders();
        }

        @Override
        public OutputStream getBody() throws IOException {
            return library.getBody();
        }
    }

    private record Response(ClientHttpResponse library) implements ClientHttpResponse {

        @Override
        public HttpStatusCode getStatusCode() throws IOException {
            try {
                return library.getStatusCode();
            } catch (RuntimeException e) {
                throw failed(e);
            }
        }

        @Override
        public String getStatusText() throws IOException {
            return library.getStatusText();
        }

        @Override
        public HttpHeaders getHeaders() {
            return library.getHeaders();
        }

        @Override
        public InputStream getBody() throws IOException {
            return new Body(library.getBody());
        }

        @Override
        public void close() {
            library.close();
        }
    }

    private static final class Body extends FilterInputStream {

        Body(InputStream library) {
            super(library);
        }

        @Override
        public int read() throws IOException {
            try {
                return super.read();
            } catch (EOFException | RuntimeException e) {
                throw failed(e);
            }
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            try {
                return super.read(b, off, len);
            } catch (EOFException | RuntimeException e) {
                throw failed(e);
            }
        }
    }
}
