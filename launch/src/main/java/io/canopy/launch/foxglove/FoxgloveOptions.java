package io.canopy.launch.foxglove;

import io.canopy.InputException;
import io.canopy.launch.plan.NodePlan;
import io.canopy.launch.run.NodeTap;
import java.io.PrintStream;
import java.util.function.Function;
import picocli.CommandLine.Option;

/**
 * {@code canopy run}'s live Foxglove options (a picocli mixin): {@code --foxglove [PORT]} (default 8765) and
 * {@code --foxglove-bind ADDRESS} (default 127.0.0.1). The command calls {@link #taps} when it starts the nodes and
 * {@link #close} after they shut down.
 */
public final class FoxgloveOptions {
    public static final int DEFAULT_PORT = 8765;
    public static final String DEFAULT_BIND = "127.0.0.1";

    @Option(names = "--foxglove", arity = "0..1", fallbackValue = "" + DEFAULT_PORT, paramLabel = "PORT",
            description = "Serve the node(s) live to Foxglove or Lichtblick (Foxglove WebSocket protocol, read-only) on PORT "
                    + "(default " + DEFAULT_PORT + "): pose, transforms, log, tree and machine states.")
    Integer port;

    @Option(names = "--foxglove-bind", paramLabel = "ADDRESS",
            description = "Address the Foxglove server listens on (default " + DEFAULT_BIND + "; 0.0.0.0 for every interface).")
    String bind;

    private FoxgloveServer server;
    private LogFeed log;

    /**
     * Without {@code --foxglove}, {@code inner} itself (null: no taps). With it, starts the server (printing its address
     * on {@code out}) and returns taps that are {@code inner}'s plus each node's well-known channels.
     */
    public Function<NodePlan, NodeTap> taps(Function<NodePlan, NodeTap> inner, PrintStream out) {
        if (port == null) {
            if (bind != null) {
                throw new InputException("--foxglove-bind needs the Foxglove server: add --foxglove [PORT]");
            }
            return inner;
        }
        if (port < 0 || port > 65_535) {
            throw new InputException("--foxglove " + port + ": not a port; write for example --foxglove " + DEFAULT_PORT);
        }
        String address = bind != null ? bind : DEFAULT_BIND;
        server = FoxgloveServer.start(address, port);
        log = LogFeed.attach();
        server.add(log);
        String host = address.equals("0.0.0.0") || address.equals("::") ? "127.0.0.1" : address;
        out.println("foxglove: ws://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + server.port()
                + (address.equals(host) ? "" : " (listening on " + address + ")")
                + "  (Foxglove or Lichtblick: Open connection > Foxglove WebSocket)");
        out.flush();
        FoxgloveServer s = server;
        return plan -> new FoxgloveTap(inner == null ? NodeTap.NONE : inner.apply(plan), s::add);
    }

    /** The running server, or null. */
    public FoxgloveServer server() {
        return server;
    }

    /** Stops the server (idempotent); after the nodes shut down. */
    public synchronized void close() {
        if (server != null) {
            server.close();
            server = null;
        }
        if (log != null) {
            log.detach();
            log = null;
        }
    }
}
