package io.canopy.statemachine.build;

import io.canopy.InputException;
import io.canopy.statemachine.Payloads;
import io.canopy.statemachine.Slots;
import io.canopy.statemachine.StateKind;
import io.canopy.statemachine.Statechart;
import io.canopy.statemachine.ValueExpr;
import io.canopy.statemachine.ecma.EcmaDataModel;
import io.canopy.statemachine.ecma.ExprProgram;
import io.canopy.statemachine.ecma.FullDataModel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Turns one parsed {@code <scxml>} element (a file or an inline {@code <content>}) into a compiled chart. */
final class DocumentReader {
    static final String NS = "http://www.w3.org/2005/07/scxml";

    /** {@code var name} in a script declares a datamodel variable. */
    static final Pattern VAR_DECLARATION =
            Pattern.compile("(?:^|[;\\n{}])\\s*var\\s+([A-Za-z_$][A-Za-z0-9_$]*)");

    private final ScxmlLoader loader;
    final Path dir;
    private final Slots slots = new Slots();
    DataModelCompiler exprs;
    private int generated;

    DocumentReader(ScxmlLoader loader, Path dir) {
        this.loader = loader;
        this.dir = dir;
    }

    static InputException error(ScxmlElement at, String message) {
        return new InputException(at.where() + ": " + message);
    }

    /** Adds a load-time warning (one line: file:line:column, the element, what rule it breaks and the fix). */
    void warn(String line) {
        loader.warnings.add(line);
    }

    /**
     * An id that is not an XML name (SCXML's schema types state ids as xsd:ID, which cannot start with a digit):
     * Qt's SCXML compiler refuses the document; Canopy, SCION and uSCXML run it. Warned, not refused.
     */
    void checkId(ScxmlElement e, String id) {
        if (id != null && !id.isEmpty() && !XML_NAME.matcher(id).matches()) {
            warn(e.where("id") + " id=\"" + id + "\": not a valid XML ID (an id is an XML name, which cannot start with a digit"
                    + " or contain spaces; Qt SCXML refuses the document): loaded as written; rename it, e.g. id=\"s" + id + "\"");
        }
    }

    private static final Pattern XML_NAME = Pattern.compile("[\\p{L}_][\\p{L}\\p{N}_.\\-\\u00B7]*");
    private static final Pattern EVENT_TOKEN = Pattern.compile("[^.\\s]+(\\.[^.\\s]+)*(\\.\\*?)?|\\*");

    /**
     * Event names and descriptors (SCXML 3.12.1: tokens separated by dots, a descriptor may end in {@code .*}):
     * one with an empty token ({@code .invalid}, {@code a..b}) is refused by Qt's SCXML compiler; here it is
     * matched as written (a name equal to it, or starting with it and a dot), with one warning.
     */
    void checkEvents(ScxmlElement e, String attribute, String list) {
        for (String token : ids(list)) {
            if (!EVENT_TOKEN.matcher(token).matches()) {
                warn(e.where(attribute) + " " + attribute + "=\"" + list.trim() + "\": '" + token + "' is not a valid event name (SCXML "
                        + "3.12.1: dot-separated tokens, none empty; Qt SCXML refuses the document): matched as written; "
                        + "write it without the empty token, e.g. '" + token.replaceAll("^\\.+|\\.+$", "").replaceAll("\\.{2,}", ".") + "'");
            }
        }
    }

    /** Expression, script and data constructs: a document with none of them does not need its datamodel. */
    private static final Set<String> EXPRESSION_ATTRIBUTES = Set.of("cond", "expr", "location",
            "eventexpr", "targetexpr", "typeexpr", "delayexpr", "idlocation", "namelist", "srcexpr", "sendidexpr",
            "array", "item", "index");

    /** The first element that needs the document's datamodel (an expression, a script, data), or null. */
    private static ScxmlElement usesDatamodel(ScxmlElement e) {
        if (isScxml(e) && (e.name.equals("script") || e.name.equals("data") || e.name.equals("assign")
                || e.attributes.keySet().stream().anyMatch(EXPRESSION_ATTRIBUTES::contains))) {
            return e;
        }
        for (ScxmlElement c : e.children) {
            ScxmlElement found = usesDatamodel(c);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    static boolean isScxml(ScxmlElement e) {
        return e.namespace.isEmpty() || e.namespace.equals(NS);
    }

    /** Datamodels other engines run, and what they are, for the refusal. */
    private static final Map<String, String> FOREIGN = Map.of(
            "jexl", "Apache Commons JEXL expressions (Apache Commons SCXML)",
            "groovy", "Groovy expressions (Apache Commons SCXML)",
            "cplusplus", "C++ expressions compiled by Qt's qscxmlc",
            "xpath", "the XPath datamodel of the SCXML drafts",
            "lua", "Lua expressions (uSCXML)",
            "promela", "Promela expressions (uSCXML's model checker)",
            "c89", "C89 expressions (uSCXML's transpiler)");

    Statechart read(ScxmlElement root) {
        if (!root.name.equals("scxml") || !isScxml(root)) {
            throw error(root, "the root element must be <scxml xmlns=\"" + NS + "\">");
        }
        if (root.prefix != null) {
            loader.warnings.add(root.where() + ": namespace-prefixed root <" + root.prefix + ":scxml>: read as plain "
                    + "SCXML (some tools refuse prefixes: write <scxml xmlns=\"" + NS + "\">)");
        }
        String enc = root.encoding == null ? "UTF-8" : root.encoding.toUpperCase(Locale.ROOT);
        if (!enc.equals("UTF-8") && !enc.equals("UTF8") && !enc.equals("US-ASCII") && !enc.equals("ASCII")) {
            loader.warnings.add(root.file + ":1:1: the document is in " + root.encoding + ": read as declared (tools that "
                    + "expect UTF-8 may not: save it as UTF-8)");
        }
        String datamodel = root.attr("datamodel");
        boolean ecmascript = datamodel == null || datamodel.equals("ecmascript") || datamodel.equals("null");
        if (!ecmascript) {
            String kind = datamodel.toLowerCase(Locale.ROOT);
            String what = FOREIGN.get(kind.contains(":") ? kind.substring(0, kind.indexOf(':')) : kind);
            ScxmlElement user = usesDatamodel(root);
            if (user == null) {
                // Commons SCXML's prefix-01.xml: datamodel="jexl" and not one expression, script or data item
                warn(root.where("datamodel") + " datamodel=\"" + datamodel + "\": not supported" + (what == null ? "" : " (" + what + ")")
                        + ", but the document uses no expression, script or data, so it runs the same on the null "
                        + "datamodel: loaded that way; remove the attribute (or write datamodel=\"null\")");
                return readWith(root, false, "the null datamodel: datamodel=\"" + datamodel + "\" is never used");
            }
            throw error(root, "datamodel=\"" + datamodel + "\" is not supported" + (what == null ? "" : " (" + what + ")")
                    + " and " + user.where() + " uses it: Canopy runs datamodel=\"ecmascript\" (the default) and datamodel=\"null\"; rewrite the "
                    + "document's expressions in ECMAScript");
        }
        String engine = loader.engineOverride != null ? loader.engineOverride : root.attr("datamodel-engine");
        if (engine != null && !engine.equals("auto") && !engine.equals("compiled") && !engine.equals("full")) {
            throw error(root, "datamodel-engine=\"" + engine + "\" must be auto (the default: compiled when every "
                    + "expression is in the compiled subset, else full), compiled or full");
        }
        if ("full".equals(engine)) {
            return readWith(root, true, loader.engineOverride != null ? "chosen for this run" : "forced by datamodel-engine=\"full\"");
        }
        int mark = loader.warnings.size();
        try {
            return readWith(root, false, "null".equals(datamodel) ? "the null datamodel (In() only)"
                    : "every expression and script is in the compiled subset");
        } catch (EcmaDataModel.BeyondSubset e) {
            if ("compiled".equals(engine)) {
                throw new InputException(e.getMessage() + "; datamodel-engine=\"compiled\" allows only the compiled "
                        + "subset: remove the attribute to run the document on the full ECMAScript engine");
            }
            loader.warnings.subList(mark, loader.warnings.size()).clear();
            return new DocumentReader(loader, dir).readWith(root, true, "beyond the compiled subset: " + e.getMessage());
        }
    }

    private Statechart readWith(ScxmlElement root, boolean fullEngine, String reason) {
        String binding = root.attr("binding");
        if (binding != null && !binding.equals("early") && !binding.equals("late")) {
            throw error(root, "binding=\"" + binding + "\" must be early or late");
        }
        collectData(root);
        EcmaDataModel compiled = null;
        FullDataModel full = null;
        if (fullEngine) {
            full = new FullDataModel(slots, loader.warnings);
        } else {
            compiled = new EcmaDataModel(slots, loader.warnings);
        }
        exprs = new CommentNotice(fullEngine ? full : compiled, loader.warnings);
        String name = root.attr("name");
        if (name == null) {
            String base = Path.of(root.file).getFileName().toString();
            name = base.endsWith(".scxml") ? base.substring(0, base.length() - 6) : base;
        }
        StateNode top = new StateNode(name, StateKind.ROOT, null, root.where());
        if (root.attr("initial") != null) {
            top.initialIds = ids(root.attr("initial"));
        }
        ContentReader content = new ContentReader(this);
        for (ScxmlElement child : root.children) {
            if (!isScxml(child)) {
                continue;
            }
            switch (child.name) {
                case "state":
                case "parallel":
                case "final":
                    state(child, top, content);
                    break;
                case "datamodel":
                    datamodel(child, top);
                    break;
                case "script":
                    top.onEntry.add(content.script(child));
                    break;
                case "transition":
                    loader.warnings.add(child.where() + ": <transition> directly in <scxml> is not SCXML (Qt Creator "
                            + "writes it for transitions of the whole machine) and is ignored: wrap the top-level states "
                            + "in one <state> and move the <transition> into it to handle the event in every state");
                    break;
                default:
                    throw error(child, "<" + child.name + "> is not allowed in <scxml>: use <state>, <parallel>, "
                            + "<final>, <datamodel> or <script>");
            }
        }
        Statechart chart = Compiler.compile(top, name, root.file, "late".equals(binding), true, slots.names(),
                compiled != null ? compiled.program() : ExprProgram.EMPTY, loader.warnings);
        chart.js = full != null ? full.program() : null;
        chart.engine = fullEngine ? "full" : "null".equals(root.attr("datamodel")) ? "null" : "compiled";
        chart.engineReason = reason;
        return chart;
    }

    private void collectData(ScxmlElement e) {
        for (ScxmlElement child : e.children) {
            if (!isScxml(child) || child.name.equals("content")) {
                continue;
            }
            if (child.name.equals("script")) {
                Matcher vars = VAR_DECLARATION.matcher(child.text);
                while (vars.find()) {
                    slots.slot(vars.group(1));
                }
            }
            if (child.name.equals("foreach")) {
                for (String attribute : new String[] {"item", "index"}) {
                    String name = child.attr(attribute);
                    if (name != null && name.trim().matches("[A-Za-z_$][A-Za-z0-9_$]*") && !Slots.isSystem(name.trim())) {
                        slots.slot(name.trim());
                    }
                }
            }
            if (child.name.equals("data")) {
                String id = child.attr("id");
                if (id == null || id.isEmpty()) {
                    throw error(child, "<data> needs an id");
                }
                if (Slots.isSystem(id)) {
                    throw error(child, "<data id=\"" + id + "\"> redeclares a system variable: choose another id");
                }
                slots.slot(id);
            }
            collectData(child);
        }
    }

    static String[] ids(String list) {
        String t = list.trim();
        return t.isEmpty() ? new String[0] : t.split("\\s+");
    }

    private String idOf(ScxmlElement e) {
        String id = e.attr("id");
        if (id == null || id.isEmpty()) {
            return "_" + e.name + "_" + (++generated) + "_" + e.line;
        }
        return id;
    }

    private void state(ScxmlElement e, StateNode parent, ContentReader content) {
        StateKind kind;
        switch (e.name) {
            case "parallel":
                kind = StateKind.PARALLEL;
                break;
            case "final":
                kind = StateKind.FINAL;
                break;
            case "history":
                kind = "deep".equals(e.attr("type")) ? StateKind.HISTORY_DEEP : StateKind.HISTORY_SHALLOW;
                if (e.attr("type") != null && !e.attr("type").equals("deep") && !e.attr("type").equals("shallow")) {
                    throw error(e, "type=\"" + e.attr("type") + "\" must be shallow or deep");
                }
                break;
            default:
                kind = StateKind.ATOMIC;
        }
        checkId(e, e.attr("id"));
        StateNode s = new StateNode(idOf(e), kind, parent, e.where());
        if (e.attr("initial") != null) {
            if (kind != StateKind.ATOMIC) {
                throw error(e, "initial= is only allowed on <state> (and <scxml>)");
            }
            s.initialIds = ids(e.attr("initial"));
        }
        for (ScxmlElement child : e.children) {
            if (!isScxml(child)) {
                continue;
            }
            switch (child.name) {
                case "state":
                case "parallel":
                case "final":
                case "history":
                    if (kind == StateKind.FINAL || kind.isHistory()) {
                        throw error(child, "<" + e.name + "> cannot contain <" + child.name + ">");
                    }
                    state(child, s, content);
                    break;
                case "transition":
                    if (kind == StateKind.FINAL) {
                        throw error(child, "a <final> state cannot have transitions");
                    }
                    TransitionNode t = transition(child, s, content);
                    if (kind.isHistory()) {
                        if (s.initialTransition != null) {
                            throw error(child, "<history> takes exactly one default <transition>");
                        }
                        s.initialTransition = t;
                    } else {
                        s.transitions.add(t);
                    }
                    break;
                case "initial":
                    if (s.initialIds != null) {
                        throw error(child, "<state> has both initial= and <initial>: keep one");
                    }
                    ScxmlElement tr = single(child, "transition");
                    s.initialTransition = transition(tr, s, content);
                    break;
                case "onentry":
                    s.onEntry.add(content.block(child));
                    break;
                case "onexit":
                    s.onExit.add(content.block(child));
                    break;
                case "datamodel":
                    datamodel(child, s);
                    break;
                case "invoke":
                    s.invokes.add(content.invoke(child));
                    break;
                case "donedata":
                    if (kind != StateKind.FINAL) {
                        throw error(child, "<donedata> belongs in a <final> state");
                    }
                    s.doneData = content.doneData(child);
                    break;
                default:
                    throw error(child, "<" + child.name + "> is not allowed in <" + e.name + ">");
            }
        }
    }

    private static ScxmlElement single(ScxmlElement e, String name) {
        List<ScxmlElement> found = new ArrayList<>();
        for (ScxmlElement c : e.children) {
            if (isScxml(c)) {
                if (!c.name.equals(name)) {
                    throw error(c, "<" + e.name + "> may only contain one <" + name + ">");
                }
                found.add(c);
            }
        }
        if (found.size() != 1) {
            throw error(e, "<" + e.name + "> needs exactly one <" + name + ">");
        }
        return found.get(0);
    }

    private TransitionNode transition(ScxmlElement e, StateNode source, ContentReader content) {
        TransitionNode t = new TransitionNode(source, e.where());
        if (e.attr("event") != null) {
            checkEvents(e, "event", e.attr("event"));
            t.events = ids(e.attr("event"));
        }
        if (e.attr("target") != null) {
            t.targets = ids(e.attr("target"));
        }
        String type = e.attr("type");
        if (type != null && !type.equals("internal") && !type.equals("external")) {
            throw error(e, "type=\"" + type + "\" must be internal or external");
        }
        t.internal = "internal".equals(type);
        if (e.attr("cond") != null) {
            t.condText = e.attr("cond").trim();
            t.cond = exprs.cond(e.attr("cond"), e, "cond");
        }
        if (t.events.length == 0 && t.targets.length == 0 && t.cond == null && e.children.isEmpty()) {
            throw error(e, "<transition> has no event, cond or target: it would loop forever");
        }
        t.action = content.block(e);
        return t;
    }

    private void datamodel(ScxmlElement e, StateNode s) {
        for (ScxmlElement d : e.children) {
            if (!isScxml(d)) {
                continue;
            }
            if (!d.name.equals("data")) {
                throw error(d, "<datamodel> may only contain <data>");
            }
            String id = d.attr("id");
            ValueExpr expr = null;
            Object constant = null;
            int sources = 0;
            if (d.attr("expr") != null) {
                expr = exprs.value(d.attr("expr"), d, "expr");
                sources++;
            }
            if (d.attr("src") != null && ScxmlLoader.isUrl(d.attr("src"))) {
                // SCXML 5.2.2: a value that cannot be had leaves the item empty and raises error.execution
                String src = d.attr("src");
                loader.warnings.add(d.where("src") + " src=\"" + src + "\": a URL is not fetched (Canopy reads src only from "
                        + "local files, relative to the document): '" + id + "' starts undefined and its initialisation "
                        + "raises error.execution");
                expr = m -> {
                    throw new IllegalStateException("src=\"" + src + "\" is a URL, which Canopy does not fetch");
                };
                sources++;
            } else if (d.attr("src") != null) {
                constant = Payloads.literal(ScxmlLoader.readSrc(dir, d.attr("src"), d));
                sources++;
            }
            boolean content = !d.text.toString().trim().isEmpty() || !d.children.isEmpty();
            if (content && d.attr("expr") != null && d.attr("src") == null) {
                // SCXML 5.2.2 calls expr= with content an error; the engines such documents are written for take expr
                // and never read the content: uSCXML (BasicContentExecutor::elementAsData returns the value of expr
                // before it looks at src or children) and Apache Commons SCXML (SCXMLReader.readData keeps both; the
                // datamodel initialisation says "prefer src over expr over inline"). Taken the same way, with a warning.
                warn(d.where() + " id=\"" + id + "\": has both expr= and content, which SCXML 5.2.2 forbids: the value of "
                        + "expr=\"" + d.attr("expr") + "\" is used and the content ignored, as uSCXML and Apache Commons SCXML do; "
                        + "remove the content (or the expr=)");
            } else if (content) {
                constant = d.contentValue();
                sources++;
            }
            if (sources > 1) {
                throw error(d, "<data id=\"" + id + "\"> has more than one of expr=, src= and content: keep one");
            }
            s.data.add(new DataDecl(id, slots.slot(id), expr, constant));
        }
    }

    /** A child chart for {@code <invoke src>}: loaded now, or on first use when documents invoke each other. */
    InvokeDef.ChartSource chartSource() {
        return src -> {
            Statechart c = loader.loadFile(ScxmlLoader.resolve(dir, src));
            if (c == null) {
                throw new IllegalStateException("'" + src + "' is being loaded (recursive invoke)");
            }
            return c;
        };
    }

    Statechart staticChild(String src, ScxmlElement at) {
        Path file = ScxmlLoader.resolve(dir, src);
        try {
            return loader.loadFile(file);
        } catch (InputException e) {
            throw new InputException(at.where() + ": src=\"" + src + "\" cannot be loaded: " + e.getMessage(), e);
        }
    }

    Statechart inlineChild(ScxmlElement scxml) {
        return new DocumentReader(loader, dir).read(scxml);
    }
}
