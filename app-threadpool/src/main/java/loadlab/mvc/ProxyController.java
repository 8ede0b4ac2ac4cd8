package loadlab.mvc;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.client.RestClient;

@RestController
class ProxyController {

    private final RestClient backend;

    ProxyController(RestClient backend) {
        this.backend = backend;
    }

    // Blocks the request's thread until the backend answers. In app-threadpool that is one of Tomcat's fixed workers,
    // in app-virtual a virtual thread, which unmounts from its carrier while it waits.
    @GetMapping(path = "/", produces = MediaType.APPLICATION_JSON_VALUE)
    String proxy() {
        return backend.get().uri("/").retrieve().body(String.class);
    }
}
