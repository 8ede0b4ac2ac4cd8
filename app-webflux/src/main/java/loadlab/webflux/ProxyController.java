package loadlab.webflux;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;

@RestController
class ProxyController {

    private final WebClient backend;

    ProxyController(WebClient backend) {
        this.backend = backend;
    }

    // Returns at once; no thread waits for the backend. The event loop writes the answer when the backend's arrives.
    @GetMapping(path = "/", produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<String> proxy() {
        return backend.get().uri("/").retrieve().bodyToMono(String.class);
    }
}
