package io.canopy.launch.read;

import io.canopy.launch.plan.MonitorPlan;
import io.canopy.launch.plan.Source;
import java.util.List;

/**
 * Reads a node's {@code <web port="8080" bind="127.0.0.1" control="false"/>} and {@code <status hz="5"/>}
 * into its {@link MonitorPlan}, reporting every bad attribute at once.
 */
final class MonitorReader {
    static final List<String> ELEMENTS = List.of("web", "status");

    private final Substitutions subst;
    private final List<String> errors;
    private MonitorPlan plan;
    private Source web;
    private Source status;

    MonitorReader(Substitutions subst, List<String> errors) {
        this.subst = subst;
        this.errors = errors;
    }

    /** Reads {@code <web>} or {@code <status>}. */
    void read(XmlElement e) {
        MonitorPlan p = plan == null ? MonitorPlan.defaults(e.source()) : plan;
        for (XmlElement c : e.children) {
            errors.add(c.where() + ": <" + e.name + "> takes no child elements; remove <" + c.name + ">");
        }
        if (e.name.equals("web")) {
            ElementReader r = new ElementReader(e, subst, errors, "port", "bind", "control");
            if (!r.enabled()) {
                return;
            }
            if (web != null) {
                r.error("a node has at most one <web>; this one repeats the one at line " + web.line());
                return;
            }
            web = e.source();
            int port = (int) r.integer("port", 8080, 1, 65_535, "a TCP port");
            String bind = r.string("bind", MonitorPlan.DEFAULT_BIND);
            if (bind != null && bind.isBlank()) {
                r.error("attribute 'bind' is empty; write an address such as 127.0.0.1 or 0.0.0.0");
            }
            boolean control = r.bool("control", false);
            plan = new MonitorPlan(port, bind == null ? MonitorPlan.DEFAULT_BIND : bind.strip(), control, p.statusHz(), e.source());
        } else {
            ElementReader r = new ElementReader(e, subst, errors, "hz");
            if (!r.enabled()) {
                return;
            }
            if (status != null) {
                r.error("a node has at most one <status>; this one repeats the one at line " + status.line());
                return;
            }
            status = e.source();
            double hz = p.statusHz();
            if (r.has("hz") && "0".equals(r.string("hz", "").strip())) {
                hz = 0;
            } else {
                hz = r.positive("hz", hz, 100, "a rate in Hz (0 = off)");
            }
            plan = new MonitorPlan(p.webPort(), p.webBind(), p.webControl(), hz, p.source());
        }
    }

    /** What was read, or the defaults when the node has neither element. */
    MonitorPlan plan(Source node) {
        return plan == null ? MonitorPlan.defaults(node) : plan;
    }
}
