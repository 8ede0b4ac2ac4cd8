package loadlab.mvc;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

@SpringBootApplication
@ConfigurationPropertiesScan
public class LoadlabApplication {

    public static void main(String[] args) {
        SpringApplication.run(LoadlabApplication.class, args);
    }
}
