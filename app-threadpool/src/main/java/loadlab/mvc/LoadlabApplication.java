package loadlab.mvc;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;

// Boot's DataSource auto-configuration fails the start-up when no spring.datasource.url is given; DbConfig builds the
// same Hikari pool, and only when one is.
@SpringBootApplication(exclude = DataSourceAutoConfiguration.class)
@ConfigurationPropertiesScan
public class LoadlabApplication {

    public static void main(String[] args) {
        SpringApplication.run(LoadlabApplication.class, args);
    }
}
