package io.canopy.launch.web;

import io.canopy.InputException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.jetty.websocket.server.WebSocketUpgradeHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The embedded HTTP server (Jetty 12, no servlets) of the page: the static files, the JSON/XML API and the
 * {@code /api/live} WebSocket. Read-only unless started with control, which adds {@code POST /api/event} and
 * {@code POST /api/stop}, each needing the token printed at start in {@code X-Canopy-Token}. Every bad request
 * gets a 4xx with one line of text, never a stack trace.
 */
public final class WebServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(WebServer.class);
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.:/-]{1,128}");
    private static final Pattern EVENT = Pattern.compile("[A-Za-z0-9_.-]{1,64}");
    static final String TOKEN_HEADER = "X-Canopy-Token";
    private static final Map<String, String> STATIC = Map.of("index.html", "text/html; charset=utf-8", "app.js",
            "text/javascript; charset=utf-8", "tree.js", "text/javascript; charset=utf-8", "style.css", "text/css; charset=utf-8");

    private final Server server;
    private final LiveHub hub;
    private final String token;
    private final Runnable stop;
    private int port;
    private Runnable onClose = () -> {};

    private WebServer(Server server, LiveHub hub, String token, Runnable stop) {
        this.server = server;
        this.hub = hub;
        this.token = token;
        this.stop = stop;
    }

    /**
     * Serves {@code source} on {@code bind:port} (port 0: any free one). {@code control} adds the event and
     * stop requests behind a fresh token; {@code stop} is what the stop request runs. {@code portOption} is the
     * option that set the port ({@code --web} or {@code --port}), for the message when the port is taken.
     */
    static WebServer start(RobotSource source, String bind, int port, String portOption, boolean control, Runnable stop) {
        LiveHub hub = new LiveHub(source, control && source.canControl());
        String token = hub.control() ? newToken() : null;
        QueuedThreadPool pool = new QueuedThreadPool(24, 2);
        pool.setName("canopy-web");
        pool.setDaemon(true);
        Server server = new Server(pool);
        ServerConnector connector = new ServerConnector(server, 1, 1);
        connector.setHost(bind);
        connector.setPort(port);
        server.addConnector(connector);
        WebSocketUpgradeHandler ws = WebSocketUpgradeHandler.from(server, container -> {
            container.setIdleTimeout(Duration.ofMinutes(5));
            container.addMapping("/api/live", (rq, rs, cb) -> new LiveSocket(hub));
        });
        WebServer web = new WebServer(server, hub, token, stop);
        ws.setHandler(web.new Routes());
        server.setHandler(ws);
        server.setErrorHandler(new PlainErrors());
        try {
            server.start();
        } catch (Exception e) {
            hub.close();
            try {
                server.stop();
            } catch (Exception ignored) {
                // nothing started
            }
            Throwable c = e instanceof IOException && e.getCause() instanceof BindException ? e.getCause() : e;
            throw new InputException("web page on " + bind + ":" + port + ": " + c.getMessage()
                    + " (is another canopy or program using the port?); give another port, for example " + portOption + " "
                    + (port + 1));
        }
        web.port = connector.getLocalPort();
        return web;
    }

    private static String newToken() {
        byte[] b = new byte[16];
        new SecureRandom().nextBytes(b);
        return HexFormat.of().formatHex(b);
    }

    public int port() {
        return port;
    }

    /** The control token, or null when the page is read-only. */
    public String token() {
        return token;
    }

    int connections() {
        return hub.connections();
    }

    LiveHub hub() {
        return hub;
    }

    void onClose(Runnable r) {
        onClose = r;
    }

    @Override
    public void close() {
        onClose.run();
        hub.close();
        try {
            server.stop();
        } catch (Exception e) {
            LOG.debug("stopping the web server: {}", e.toString());
        }
    }

    /** The routes; anything else is a 404. */
    private final class Routes extends Handler.Abstract {
        @Override
        public boolean handle(Request request, Response response, Callback callback) {
            try {
                route(request, response, callback);
            } catch (RuntimeException | IOException e) {
                LOG.debug("web request {} failed: {}", Request.getPathInContext(request), e.toString());
                reply(response, callback, 500, "text/plain; charset=utf-8", "internal error; see the node's log\n");
            }
            return true;
        }

        private void route(Request request, Response response, Callback callback) throws IOException {
            String path = Request.getPathInContext(request);
            String method = request.getMethod();
            boolean get = method.equals("GET") || method.equals("HEAD");
            if (path.equals("/") || path.equals("/index.html") || path.startsWith("/static/")) {
                String file = path.startsWith("/static/") ? path.substring("/static/".length()) : "index.html";
                String type = STATIC.get(file);
                if (type == null) {
                    text(response, callback, 404, "no such file: " + clip(path));
                } else if (!get) {
                    text(response, callback, 405, method + " " + clip(path) + ": only GET");
                } else {
                    reply(response, callback, 200, type, file.equals("index.html") ? withState(resource(file)) : resource(file));
                }
                return;
            }
            if (!path.startsWith("/api/")) {
                text(response, callback, 404, "not found: " + clip(path) + "; the page is at /, the API under /api/");
                return;
            }
            String api = path.substring(5);
            Fields query = Request.extractQueryParameters(request);
            String robot = query.getValue("robot");
            if (robot != null && !NAME.matcher(robot).matches()) {
                text(response, callback, 400, "robot '" + clip(robot) + "' is not a robot name");
                return;
            }
            if (api.equals("status")) {
                if (!get) {
                    text(response, callback, 405, method + " /api/status: only GET");
                } else {
                    reply(response, callback, 200, "application/json; charset=utf-8", hub.full());
                }
            } else if (api.startsWith("trees/") && api.endsWith(".xml")) {
                document(request, response, callback, api.substring(6, api.length() - 4), "tree", robot, true);
            } else if (api.startsWith("machines/") && api.endsWith(".scxml")) {
                document(request, response, callback, api.substring(9, api.length() - 6), "machine", robot, false);
            } else if (api.equals("event") || api.equals("stop")) {
                control(request, response, callback, api, robot, query);
            } else {
                text(response, callback, 404, "no API " + clip(path) + "; there are /api/status, /api/trees/NAME.xml, "
                        + "/api/machines/NAME.scxml, /api/live (WebSocket), and with control POST /api/event and /api/stop");
            }
        }

        private void document(Request request, Response response, Callback callback, String name, String what, String robot,
                boolean tree) {
            if (!request.getMethod().equals("GET") && !request.getMethod().equals("HEAD")) {
                text(response, callback, 405, request.getMethod() + ": only GET");
                return;
            }
            if (!NAME.matcher(name).matches()) {
                text(response, callback, 400, what + " '" + clip(name) + "' is not a name");
                return;
            }
            String doc = tree ? hub.source().treeXml(robot, name) : hub.source().scxml(robot, name);
            if (doc == null) {
                text(response, callback, 404, "no " + what + " '" + name + "'" + (robot == null ? "" : " on robot '" + robot + "'")
                        + "; /api/status lists them");
                return;
            }
            reply(response, callback, 200, "application/xml; charset=utf-8", doc);
        }

        private void control(Request request, Response response, Callback callback, String api, String robot, Fields query) {
            if (!request.getMethod().equals("POST")) {
                text(response, callback, 405, request.getMethod() + " /api/" + api + ": only POST");
                return;
            }
            if (token == null) {
                text(response, callback, 403, "this page is read-only; start canopy run with --web-control to send events and stop");
                return;
            }
            String given = request.getHeaders().get(TOKEN_HEADER);
            if (given == null || !MessageDigest.isEqual(given.getBytes(StandardCharsets.UTF_8), token.getBytes(StandardCharsets.UTF_8))) {
                text(response, callback, 403, "missing or wrong " + TOKEN_HEADER + " header; use the token canopy printed at start");
                return;
            }
            if (api.equals("stop")) {
                LOG.warn("web: stop requested from {}", Request.getRemoteAddr(request));
                text(response, callback, 202, "stopping");
                Thread t = new Thread(stop, "canopy-web-stop");
                t.setDaemon(true);
                t.start();
                return;
            }
            String event = query.getValue("event");
            if (event == null || !EVENT.matcher(event).matches()) {
                text(response, callback, 400, "give the event as ?event=NAME (letters, digits, '_', '.', '-'; at most 64)");
                return;
            }
            if (!hub.source().sendEvent(robot, event)) {
                text(response, callback, robot == null ? 503 : 404, "event '" + event + "' not sent: "
                        + (robot == null ? "the node's inbox is full; try again" : "no robot '" + robot + "' here"));
                return;
            }
            LOG.info("web: event '{}' sent to {}", event, robot == null ? "the node" : robot);
            text(response, callback, 202, "sent " + event);
        }
    }

    /** Errors Jetty itself answers (a failed upgrade, a malformed request): the status only, no message or stack. */
    private static final class PlainErrors extends ErrorHandler {
        @Override
        public boolean handle(Request request, Response response, Callback callback) {
            int status = response.getStatus() >= 400 ? response.getStatus() : 500;
            reply(response, callback, status, "text/plain; charset=utf-8", "HTTP " + status + "\n");
            return true;
        }
    }

    /** The page with the current state in it, so it shows the robots before its WebSocket opens. */
    private String withState(String page) {
        String state = hub.full().replace("</", "<\\/"); // a "</script>" inside a string must not end the script
        return page.replace("<script src=\"/static/tree.js\">", "<script>window.canopyFirst = " + state
                + ";</script>\n<script src=\"/static/tree.js\">");
    }

        private static String clip(String s) {
        return s.length() > 80 ? s.substring(0, 77) + "..." : s;
    }

    private static final Map<String, String> CACHE = new ConcurrentHashMap<>();

    private static String resource(String file) {
        return CACHE.computeIfAbsent(file, f -> {
            try (InputStream in = WebServer.class.getResourceAsStream("static/" + f)) {
                if (in == null) {
                    throw new IllegalStateException("the page's file " + f + " is missing from the jar");
                }
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    private static void text(Response response, Callback callback, int status, String text) {
        reply(response, callback, status, "text/plain; charset=utf-8", text + "\n");
    }

    private static void reply(Response response, Callback callback, int status, String type, String body) {
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, type);
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        response.getHeaders().put("X-Content-Type-Options", "nosniff");
        Content.Sink.write(response, true, body, callback);
    }
}
