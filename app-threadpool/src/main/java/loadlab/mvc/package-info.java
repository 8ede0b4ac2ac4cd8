/**
 * The Spring MVC app, one code base for three models: app-threadpool (200 Tomcat workers), app-threadpool-400 (400)
 * and app-virtual (a virtual thread per request) compile these same sources and differ only by one
 * {@code config/application.properties}. Hence {@code loadlab.mvc}, named after what the three share (blocking Spring
 * MVC), not after one of the models: app-virtual is not a thread pool.
 */
package loadlab.mvc;
