package io.canopy.statemachine.build;

import static io.canopy.statemachine.build.DocumentReader.error;
import static io.canopy.statemachine.build.DocumentReader.isScxml;

import io.canopy.statemachine.Action;
import io.canopy.statemachine.Invocations;
import io.canopy.statemachine.Location;
import io.canopy.statemachine.Statechart;
import io.canopy.statemachine.TransitionGuard;
import io.canopy.statemachine.ValueExpr;
import io.canopy.statemachine.tree.TreeActivities;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Reads executable content, {@code <invoke>} and {@code <donedata>} of one document. */
final class ContentReader {
    private final DocumentReader doc;

    ContentReader(DocumentReader doc) {
        this.doc = doc;
    }

    private DataModelCompiler exprs() {
        return doc.exprs;
    }

    /** The executable content among the children of {@code e}, as one block (null when empty). */
    Action block(ScxmlElement e) {
        List<Action> steps = new ArrayList<>();
        for (ScxmlElement child : e.children) {
            if (!isScxml(child)) {
                continue;
            }
            Action a = action(child);
            if (a != null) {
                steps.add(a);
            }
        }
        return Block.of(steps);
    }

    private Action action(ScxmlElement e) {
        switch (e.name) {
            case "raise": {
                String event = e.attr("event");
                if (event == null || event.trim().isEmpty()) {
                    throw error(e, "<raise> needs event=\"name\"");
                }
                doc.checkEvents(e, "event", event);
                return new RaiseAction(event.trim());
            }
            case "log":
                return new LogAction(e.attr("label") == null ? "" : e.attr("label"),
                        e.attr("expr") == null ? null : exprs().value(e.attr("expr"), e, "expr"));
            case "assign":
                return assign(e);
            case "if":
                return ifAction(e);
            case "send":
                return send(e);
            case "cancel": {
                String id = e.attr("sendid");
                String idExpr = e.attr("sendidexpr");
                if ((id == null) == (idExpr == null)) {
                    throw error(e, "<cancel> needs exactly one of sendid= and sendidexpr=");
                }
                return new CancelAction(id, idExpr == null ? null : exprs().value(idExpr, e, "sendidexpr"));
            }
            case "script":
                return script(e);
            case "foreach": {
                if (e.attr("array") == null || e.attr("item") == null) {
                    throw error(e, "<foreach> needs array= and item=");
                }
                return new ForeachAction(exprs().value(e.attr("array"), e, "array"),
                        exprs().location(e.attr("item"), e, "item"),
                        e.attr("index") == null ? null : exprs().location(e.attr("index"), e, "index"), block(e));
            }
            case "elseif":
            case "else":
                throw error(e, "<" + e.name + "> is only allowed inside <if>");
            default:
                throw error(e, "<" + e.name + "> is not executable content: use raise, send, cancel, assign, "
                        + "log, if/elseif/else or script");
        }
    }

    private Action assign(ScxmlElement e) {
        String location = e.attr("location");
        if (location == null) {
            throw error(e, "<assign> needs location=\"variable\"");
        }
        if (e.attr("expr") != null) {
            return exprs().assign(location, e.attr("expr"), e);
        }
        Object constant = e.contentValue();
        return new AssignAction(exprs().location(location, e, "location"), m -> constant);
    }

    private Action ifAction(ScxmlElement e) {
        List<TransitionGuard> conds = new ArrayList<>();
        List<Action> branches = new ArrayList<>();
        List<Action> current = new ArrayList<>();
        if (e.attr("cond") == null) {
            throw error(e, "<if> needs cond=");
        }
        conds.add(exprs().cond(e.attr("cond"), e, "cond"));
        boolean sawElse = false;
        for (ScxmlElement child : e.children) {
            if (!isScxml(child)) {
                continue;
            }
            if (child.name.equals("elseif") || child.name.equals("else")) {
                if (sawElse) {
                    throw error(child, "<" + child.name + "> after <else>: <else> must come last");
                }
                branches.add(Block.of(current));
                current = new ArrayList<>();
                if (child.name.equals("else")) {
                    sawElse = true;
                    conds.add(null);
                } else {
                    if (child.attr("cond") == null) {
                        throw error(child, "<elseif> needs cond=");
                    }
                    conds.add(exprs().cond(child.attr("cond"), child, "cond"));
                }
            } else {
                Action a = action(child);
                if (a != null) {
                    current.add(a);
                }
            }
        }
        branches.add(Block.of(current));
        return new IfAction(conds.toArray(new TransitionGuard[0]), branches.toArray(new Action[0]));
    }

    private static void exclusive(ScxmlElement e, String a, String b) {
        if (e.attr(a) != null && e.attr(b) != null) {
            throw error(e, a + "= and " + b + "= exclude each other: keep one");
        }
    }

    private Action send(ScxmlElement e) {
        exclusive(e, "event", "eventexpr");
        exclusive(e, "target", "targetexpr");
        exclusive(e, "type", "typeexpr");
        exclusive(e, "id", "idlocation");
        exclusive(e, "delay", "delayexpr");
        List<Param> params = new ArrayList<>();
        namelist(e, params);
        ValueExpr content = null;
        for (ScxmlElement child : e.children) {
            if (!isScxml(child)) {
                continue;
            }
            if (child.name.equals("param")) {
                params.add(param(child));
            } else if (child.name.equals("content")) {
                content = content(child);
            } else {
                throw error(child, "<send> may only contain <param> and <content>");
            }
        }
        if (content != null && !params.isEmpty()) {
            throw error(e, "<send> has both <content> and params/namelist: keep one");
        }
        if (e.attr("event") == null && e.attr("eventexpr") == null && content == null) {
            throw error(e, "<send> needs event= or eventexpr=");
        }
        String type = e.attr("type");
        long delayNs = 0;
        if (e.attr("event") != null) {
            doc.checkEvents(e, "event", e.attr("event"));
        }
        if (e.attr("delay") != null && Delays.isBareNumber(e.attr("delay"))) {
            String d = e.attr("delay").trim();
            delayNs = Delays.bareNs(d);
            doc.warn(e.where("delay") + " delay=\"" + d + "\": a number without a unit is not a CSS2 time (SCXML 6.2.4): read as " + d
                    + " milliseconds, as Apache Commons SCXML, uSCXML and SCION read it (Qt SCXML refuses it); write delay=\""
                    + d + "ms\" (or \"" + d + "s\" if seconds were meant) to be portable");
        } else if (e.attr("delay") != null) {
            try {
                delayNs = Delays.parseNs(e.attr("delay"));
            } catch (IllegalArgumentException x) {
                throw error(e, x.getMessage());
            }
        }
        DataModelCompiler x = exprs();
        return new SendAction(e.attr("event"), e.attr("eventexpr") == null ? null : x.value(e.attr("eventexpr"), e, "eventexpr"),
                e.attr("target"), e.attr("targetexpr") == null ? null : x.value(e.attr("targetexpr"), e, "targetexpr"),
                type, e.attr("typeexpr") == null ? null : x.value(e.attr("typeexpr"), e, "typeexpr"),
                e.attr("id"), e.attr("idlocation") == null ? null : x.location(e.attr("idlocation"), e, "idlocation"),
                delayNs, e.attr("delayexpr") == null ? null : x.value(e.attr("delayexpr"), e, "delayexpr"),
                params.toArray(new Param[0]), content);
    }

    private void namelist(ScxmlElement e, List<Param> params) {
        String namelist = e.attr("namelist");
        if (namelist == null) {
            return;
        }
        for (String name : DocumentReader.ids(namelist)) {
            Location loc = exprs().location(name, e, "namelist");
            params.add(new Param(name, loc::get));
        }
    }

    private Param param(ScxmlElement p) {
        String name = p.attr("name");
        if (name == null) {
            throw error(p, "<param> needs name=");
        }
        exclusive(p, "expr", "location");
        if (p.attr("expr") != null) {
            return new Param(name, exprs().value(p.attr("expr"), p, "expr"));
        }
        if (p.attr("location") != null) {
            Location loc = exprs().location(p.attr("location"), p, "location");
            return new Param(name, loc::get);
        }
        throw error(p, "<param name=\"" + name + "\"> needs expr= or location=");
    }

    private ValueExpr content(ScxmlElement c) {
        if (c.attr("expr") != null) {
            return exprs().value(c.attr("expr"), c, "expr");
        }
        Object constant = c.contentValue();
        return m -> constant;
    }

    Action script(ScxmlElement e) {
        if (e.attr("src") != null) {
            String text = ScxmlLoader.readSrc(doc.dir, e.attr("src"), e);
            return exprs().script(text, e);
        }
        if (e.text.toString().isBlank()) {
            doc.warn(e.where() + ": empty <script> (neither src= nor content; Qt SCXML refuses the document): it does "
                    + "nothing; remove it");
        }
        return exprs().script(e.text.toString(), e);
    }

    DoneData doneData(ScxmlElement e) {
        List<Param> params = new ArrayList<>();
        ValueExpr content = null;
        for (ScxmlElement child : e.children) {
            if (!isScxml(child)) {
                continue;
            }
            if (child.name.equals("param")) {
                params.add(param(child));
            } else if (child.name.equals("content")) {
                content = content(child);
            } else {
                throw error(child, "<donedata> may only contain <param> or one <content>");
            }
        }
        if (content != null && !params.isEmpty()) {
            throw error(e, "<donedata> has both <content> and <param>: keep one");
        }
        return new DoneData(params.toArray(new Param[0]), content);
    }

    /** {@code <invoke type="canopy:tree" src="tree.xml" [id|idlocation]>}: a behavior tree as the state's activity. */
    private InvokeDef treeInvoke(ScxmlElement e) {
        String src = e.attr("src");
        if (src == null) {
            throw error(e, "<invoke type=\"canopy:tree\"> needs src=\"tree.xml\" (BehaviorTree.CPP v4 XML)");
        }
        for (ScxmlElement c : e.children) {
            if (isScxml(c)) {
                throw error(c, "<invoke type=\"canopy:tree\"> takes no children");
            }
        }
        Path file = ScxmlLoader.resolve(doc.dir, src);
        if (!Files.isRegularFile(file)) {
            throw error(e, "src=\"" + src + "\": no such file " + file + ": the path is relative to the SCXML document");
        }
        InvokeDef def = new InvokeDef(e.where(), TreeActivities.TYPE, null, null, null, null, e.attr("id"),
                e.attr("idlocation") == null ? null : exprs().location(e.attr("idlocation"), e, "idlocation"),
                new Param[0], false, null);
        def.treeFile = file;
        return def;
    }

    InvokeDef invoke(ScxmlElement e) {
        exclusive(e, "type", "typeexpr");
        exclusive(e, "src", "srcexpr");
        exclusive(e, "id", "idlocation");
        String type = e.attr("type");
        if (TreeActivities.TYPE.equals(type)) {
            return treeInvoke(e);
        }
        if (type != null && !Invocations.isScxmlType(type)) {
            throw error(e, "invoke type=\"" + type + "\" is not supported: use scxml or canopy:tree");
        }
        List<Param> params = new ArrayList<>();
        namelist(e, params);
        Statechart child = null;
        ValueExpr srcExpr = null;
        Action finalize = null;
        boolean hasContent = false;
        for (ScxmlElement c : e.children) {
            if (!isScxml(c)) {
                continue;
            }
            switch (c.name) {
                case "param":
                    params.add(param(c));
                    break;
                case "finalize":
                    finalize = block(c);
                    break;
                case "content": {
                    hasContent = true;
                    ScxmlElement inner = null;
                    for (ScxmlElement x : c.children) {
                        if (x.name.equals("scxml")) {
                            inner = x;
                        }
                    }
                    if (inner != null) {
                        child = doc.inlineChild(inner);
                    } else if (c.attr("expr") != null) {
                        ValueExpr docExpr = exprs().value(c.attr("expr"), c, "expr");
                        srcExpr = docExpr;
                    } else {
                        throw error(c, "<content> of <invoke> must hold an <scxml> document");
                    }
                    break;
                }
                default:
                    throw error(c, "<" + c.name + "> is not allowed in <invoke>: use param, finalize or content");
            }
        }
        InvokeDef.ChartSource source = doc.chartSource();
        if (e.attr("src") != null) {
            child = doc.staticChild(e.attr("src"), e);
            if (child == null) {
                String src = e.attr("src");
                srcExpr = m -> src;
            }
        } else if (e.attr("srcexpr") != null) {
            srcExpr = exprs().value(e.attr("srcexpr"), e, "srcexpr");
        } else if (!hasContent) {
            throw error(e, "<invoke> needs src=, srcexpr= or <content>");
        }
        if (hasContent && srcExpr != null && child == null && e.attr("srcexpr") == null) {
            InvokeDef.ChartSource inline = text -> ScxmlLoader.parse(text, e.file + " inline content");
            source = inline;
        }
        return new InvokeDef(e.where(), type, e.attr("typeexpr") == null ? null : exprs().value(e.attr("typeexpr"), e, "typeexpr"),
                child, srcExpr, source, e.attr("id"),
                e.attr("idlocation") == null ? null : exprs().location(e.attr("idlocation"), e, "idlocation"),
                params.toArray(new Param[0]), "true".equals(e.attr("autoforward")), finalize);
    }
}
