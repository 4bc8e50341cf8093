package io.canopy.launch.web;

import io.canopy.InputException;
import io.canopy.launch.plan.MonitorPlan;
import io.canopy.launch.run.LaunchRunner;
import io.canopy.launch.run.NodeView;
import java.io.PrintStream;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code canopy run}'s web options ({@code --web [PORT]}, {@code --web-bind}, {@code --web-control}), a picocli
 * mixin. Without {@code --web}, the first node with a {@code <web port=.../>} in the launch file decides.
 */
public final class WebOptions {
    @Option(names = "--web", arity = "0..1", fallbackValue = "8080", paramLabel = "PORT",
            description = "Serve a live web page of the node(s) on PORT (default 8080), at http://127.0.0.1:PORT/.")
    Integer port;

    @Option(names = "--web-bind", paramLabel = "ADDRESS",
            description = "Address the web page listens on (default 127.0.0.1; 0.0.0.0 for every interface).")
    String bind;

    @Option(names = "--web-control",
            description = "Let the page send events to machines and stop the node, behind a token printed at start.")
    boolean control;

    /**
     * Starts the page for the runner's nodes when asked for (here or in the launch file), printing its address
     * (and the control token) on {@code out}; null when not asked for. {@code stop} stops the run.
     */
    public WebServer start(LaunchRunner runner, Runnable stop, PrintStream out) {
        List<NodeView> probes = runner.views();
        MonitorPlan fromFile = probes.stream().map(v -> v.plan().monitor()).filter(p -> p != null && p.webPort() > 0).findFirst().orElse(null);
        if (port == null && fromFile == null) {
            if (bind != null || control) {
                throw new InputException((bind != null ? "--web-bind" : "--web-control") + " needs the web page: add --web [PORT]"
                        + " (or <web port=\"8080\"/> in the node)");
            }
            return null;
        }
        int p = port != null ? port : fromFile.webPort();
        if (p < 0 || p > 65_535) {
            throw new InputException("--web " + p + ": not a port; write for example --web 8080");
        }
        String address = bind != null ? bind : fromFile != null ? fromFile.webBind() : MonitorPlan.DEFAULT_BIND;
        boolean ctl = control || (fromFile != null && fromFile.webControl());
        LogRing log = LogRing.attachToLogback();
        WebServer server;
        try {
            server = WebServer.start(new LocalRobots(probes, log), address, p, "--web", ctl, stop);
        } catch (RuntimeException e) {
            log.detach();
            throw e;
        }
        server.onClose(log::detach);
        print(out, server, address, "canopy run");
        return server;
    }

    static void print(PrintStream out, WebServer server, String address, String who) {
        String host = address.equals("0.0.0.0") || address.equals("::") ? "127.0.0.1" : address;
        String url = "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + server.port() + "/";
        out.println("web page: " + url + (address.equals(host) ? "" : " (listening on " + address + ")"));
        if (server.token() != null) {
            out.println("web control token: " + server.token() + "  (open " + url + "?token=" + server.token() + ")");
        }
        out.flush();
    }
}
