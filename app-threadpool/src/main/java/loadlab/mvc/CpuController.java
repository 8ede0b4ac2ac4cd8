package loadlab.mvc;

import loadlab.workload.BackendBody;
import loadlab.workload.CpuWork;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.client.RestClient;

@RestController
class CpuController {

    private final RestClient backend;

    CpuController(RestClient backend) {
        this.backend = backend;
    }

    // The work runs on the request's own thread, then the call blocks it. In app-threadpool that is one of Tomcat's
    // platform workers, which the OS time-slices with the others; in app-virtual a virtual thread, which nothing
    // time-slices: it keeps its carrier (one of as many as there are cores) until it blocks on the backend call.
    @GetMapping(path = "/cpu", produces = MediaType.APPLICATION_JSON_VALUE)
    String cpu(@RequestParam(name = "micros", required = false) String micros) {
        CpuWork.Result work = CpuWork.burn(CpuWork.micros(micros));
        String body = backend.get().uri("/").retrieve().body(String.class);
        return CpuWork.answer(BackendBody.delayMs(body), work);
    }
}
