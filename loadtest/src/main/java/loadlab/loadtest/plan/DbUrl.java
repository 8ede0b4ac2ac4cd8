package loadlab.loadtest.plan;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An existing PostgreSQL the database scenarios use instead of starting the lab's own ({@code DB_URL}): it must be set
 * up as db-server sets its database up (user and password {@value #USER}, {@code slow_query()}), and, like every
 * address of the lab, be on this machine.
 */
public record DbUrl(String host, int port, String database) {

    /** db-server's user and password, which the apps and the direct row log in with. */
    public static final String USER = "loadlab";

    public static final String PASSWORD = "loadlab";

    /** db-server's database, which holds {@code slow_query()}. */
    public static final String DATABASE = "loadlab";

    public static final int DEFAULT_PORT = 5432;

    private static final Pattern JDBC =
            Pattern.compile("jdbc:postgresql://(\\[[0-9a-fA-F:]+]|[A-Za-z0-9.-]+)(?::([0-9]{1,5}))?/([A-Za-z0-9_]+)");

    /** Parses {@code jdbc:postgresql://127.0.0.1:5432/loadlab}; anything else is one line naming the value. */
    static DbUrl parse(String label, String raw) {
        Matcher m = JDBC.matcher(raw);
        if (!m.matches()) {
            throw new IllegalArgumentException(label + "='" + raw
                    + "' is not jdbc:postgresql://<loopback host>[:<port>]/<database>, e.g."
                    + " jdbc:postgresql://127.0.0.1:5432/loadlab");
        }
        int port = m.group(2) == null ? DEFAULT_PORT : Integer.parseInt(m.group(2));
        if (port < 1 || port > 65_535) {
            throw new IllegalArgumentException(label + "='" + raw + "' has a port outside 1..65535");
        }
        String host = m.group(1);
        try {
            if (!InetAddress.getByName(host.replace("[", "").replace("]", "")).isLoopbackAddress()) {
                throw new IllegalArgumentException(
                        label + "='" + raw + "' is not on a loopback address: the lab only uses this machine");
            }
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(label + "='" + raw + "': host '" + host + "' does not resolve");
        }
        return new DbUrl(host, port, m.group(3));
    }

    public String jdbc() {
        return "jdbc:postgresql://" + host + ":" + port + "/" + database;
    }

    /** The same database for R2DBC. */
    public String r2dbc() {
        return "r2dbc:postgresql://" + host + ":" + port + "/" + database;
    }
}
