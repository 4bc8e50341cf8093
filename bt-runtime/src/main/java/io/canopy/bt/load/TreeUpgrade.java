package io.canopy.bt.load;

import io.canopy.bt.NodeSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Rewrites a BehaviorTree.CPP v3 tree file to v4 as the BT.CPP migration guide lists, keeping the rest of the
 * text (comments, layout) as it is: {@code BTCPP_format="4"} on {@code <root>}, {@code SequenceStar} to
 * {@code SequenceWithMemory}, {@code SubTreePlus} to {@code SubTree}, {@code __shared_blackboard} to
 * {@code _autoremap}, {@code RetryUntilSuccesful} to {@code RetryUntilSuccessful}, {@code Parallel}'s
 * {@code success_threshold}/{@code failure_threshold} to {@code success_count}/{@code failure_count}, and a v3
 * {@code <SubTree ID="X" port="key">}'s bare remapping to {@code port="{key}"}. What it cannot convert (the
 * {@code BlackboardCheck*} decorators) is listed with its line and its v4 rewrite; where v4 runs the converted
 * tree differently from v3 is listed too ({@link #differences}). {@link XmlTreeLoader} applies the same
 * conversion in memory to a v3 file it loads.
 */
public final class TreeUpgrade {
    /**
     * The converted text, one line per change made, one line per construct left for a person, and one line per
     * place where the converted tree runs differently under v4 than it did under v3 (same text, other behaviour).
     */
    public record Result(String text, List<String> changes, List<String> unconverted, List<String> differences) {}

    private static final String[][] RENAMES = {
        {"SequenceStar", "SequenceWithMemory"}, {"SubTreePlus", "SubTree"},
        {"RetryUntilSuccesful", "RetryUntilSuccessful"}};
    private static final String[][] ATTRIBUTES = {
        {"success_threshold", "success_count"}, {"failure_threshold", "failure_count"},
        {"__shared_blackboard", "_autoremap"}, {"__autoremap", "_autoremap"}};

    private TreeUpgrade() {}

    /** Where the first construct only v3 has is ({@code file:line:column: <element>}), or null. */
    static String v3Construct(NodeSpec spec) {
        if (spec.element.equals("TreeNodesModel")) {
            return null; // declarations, not nodes
        }
        String id = spec.typeId();
        if ("SubTreePlus".equals(id) || "RetryUntilSuccesful".equals(id) || "SequenceStar".equals(id)
                || isBlackboardCheck(id)
                || spec.attributes.containsKey("__shared_blackboard")
                || ("Parallel".equals(id) && (spec.attributes.containsKey("success_threshold")
                        || spec.attributes.containsKey("failure_threshold")))) {
            return spec.where();
        }
        for (NodeSpec c : spec.children) {
            String w = v3Construct(c);
            if (w != null) {
                return w;
            }
        }
        return null;
    }

    /** Whether {@code id} is one of v3's {@code BlackboardCheck} decorators, which v4 no longer has. */
    static boolean isBlackboardCheck(String id) {
        return id != null && id.matches("BlackboardCheck(Int|Double|String|Bool)?");
    }

    /**
     * The v4 rewrite of a v3 {@code BlackboardCheck*} decorator with these attributes: v3 ticked the child when
     * {@code value_A == value_B} and else returned {@code return_on_mismatch} (FAILURE by default), which is
     * v4's {@code <Precondition if="A == B" else="...">}.
     */
    static String blackboardCheckRewrite(Map<String, String> attributes) {
        String mismatch = attributes.getOrDefault("return_on_mismatch", "");
        return "<Precondition if=\"" + operand(attributes.get("value_A")) + " == " + operand(attributes.get("value_B"))
                + "\" else=\"" + (mismatch.isBlank() ? "FAILURE" : mismatch.strip()) + "\"> around the same child";
    }

    private static String operand(String value) {
        if (value == null || value.isEmpty()) {
            return "''";
        }
        if (value.length() >= 3 && value.startsWith("{") && value.endsWith("}")) {
            return value.substring(1, value.length() - 1);
        }
        if (value.matches("-?[0-9]+(\\.[0-9]+)?|true|false")) {
            return value;
        }
        return "'" + value.replace("'", "") + "'";
    }

    /** Converts the text of a v3 file for writing it back; {@code file} names it in the change lines. */
    public static Result upgrade(String text, String file) {
        return upgrade(text, file, false);
    }

    /**
     * Converts the text of a v3 file. With {@code keepLines} every line stays where it was (a removed model port
     * leaves its line empty), so that messages about the converted tree name the lines of the file as written.
     */
    public static Result upgrade(String text, String file, boolean keepLines) {
        List<String> changes = new ArrayList<>();
        List<String> left = new ArrayList<>();
        List<String> differences = differences(text, file);
        String out = text;
        Matcher root = Pattern.compile("<root\\b([^>]*)>").matcher(out);
        if (root.find()) {
            String attrs = root.group(1);
            Matcher fmt = Pattern.compile("BTCPP_format\\s*=\\s*([\"'])([^\"']*)\\1").matcher(attrs);
            String newAttrs;
            if (fmt.find()) {
                // a file that already says 4 keeps its spelling: nothing to report
                newAttrs = fmt.group(2).strip().equals("4") ? attrs
                        : attrs.substring(0, fmt.start()) + "BTCPP_format=\"4\"" + attrs.substring(fmt.end());
            } else {
                newAttrs = " BTCPP_format=\"4\"" + attrs;
            }
            if (!newAttrs.equals(attrs)) {
                changes.add(file + ":" + line(out, root.start()) + ": <root>: set BTCPP_format=\"4\"");
                out = out.substring(0, root.start()) + "<root" + newAttrs + ">" + out.substring(root.end());
            }
        }
        out = dropSharedBlackboardModelPorts(out, file, changes, keepLines);
        out = bracketSubTreeRemaps(out, file, changes);
        for (String[] r : RENAMES) {
            out = replace(out, "(</?|\\bID\\s*=\\s*\")" + r[0] + "\\b", "$1" + r[1], file, r[0] + " -> " + r[1], changes);
        }
        for (String[] a : ATTRIBUTES) {
            out = replace(out, "(\\s)" + a[0] + "(\\s*=)", "$1" + a[1] + "$2", file, a[0] + "= -> " + a[1] + "=", changes);
        }
        Matcher bb = Pattern.compile("<((?:Decorator\\s+ID\\s*=\\s*\")?(BlackboardCheck(?:Int|Double|String|Bool)?))\\b([^>]*)>")
                .matcher(out);
        while (bb.find()) {
            left.add(file + ":" + line(out, bb.start()) + ":" + column(out, bb.start()) + ": <" + bb.group(2)
                    + ">: v4 has no BlackboardCheck; rewrite it as " + blackboardCheckRewrite(attributes(bb.group(3))));
        }
        return new Result(out, changes, left, differences);
    }

    private static Map<String, String> attributes(String tag) {
        Map<String, String> out = new LinkedHashMap<>();
        Matcher a = Pattern.compile("([A-Za-z_][\\w.-]*)\\s*=\\s*([\"'])(.*?)\\2").matcher(tag);
        while (a.find()) {
            out.put(a.group(1), a.group(3));
        }
        return out;
    }

    /**
     * Where a v3 tree runs differently once converted, whatever its text says: BT.CPP 3.8's {@code SequenceStar}
     * restarted from its first child after a halt ({@code sequence_star_node.cpp}: {@code halt()} sets
     * {@code current_child_idx_ = 0}), v4's {@code SequenceWithMemory} keeps its place; and v4's
     * {@code SequenceWithMemory}, {@code Repeat} and {@code RetryUntilSuccessful} return RUNNING (with a wake-up)
     * after a child that completed in the same tick it started, where v3 went on to the next child or cycle in
     * that tick ({@code requiresWakeUp()} in v4's {@code sequence_with_memory_node.cpp}, {@code repeat_node.cpp},
     * {@code retry_node.cpp}). {@code Parallel} counts as v3 did (same rule, negative counts relative to the
     * number of children), only the attribute names changed, so it is a change, not a difference.
     */
    static List<String> differences(String text, String file) {
        List<String> out = new ArrayList<>();
        String body = withoutModels(text);
        Matcher m = Pattern.compile("<(?:(?:Control|Decorator)\\s+ID\\s*=\\s*\")?(SequenceStar|Repeat|RetryUntilSuccesful|RetryUntilSuccessful)\\b")
                .matcher(body);
        while (m.find()) {
            String at = file + ":" + line(body, m.start()) + ":" + column(body, m.start()) + ": <" + m.group(1) + ">: ";
            out.add(at + switch (m.group(1)) {
                case "SequenceStar" -> "v4 (SequenceWithMemory) keeps its place after a halt where v3 restarted from the "
                        + "first child, and returns RUNNING after a child that succeeds at once before ticking the next";
                case "Repeat" -> "v4 returns RUNNING between cycles when the child completes at once (v3 ran the next "
                        + "cycle in the same tick)";
                default -> "v4 returns RUNNING between attempts when the child fails at once (v3 retried in the same tick)";
            });
        }
        return out;
    }

    /** The text with every {@code <TreeNodesModel>} blanked (same length and lines), so that models are not nodes. */
    private static String withoutModels(String text) {
        StringBuilder sb = new StringBuilder(text);
        Matcher m = Pattern.compile("(?s)<TreeNodesModel\\b.*?</TreeNodesModel>").matcher(text);
        while (m.find()) {
            for (int i = m.start(); i < m.end(); i++) {
                if (sb.charAt(i) != '\n') {
                    sb.setCharAt(i, ' ');
                }
            }
        }
        return sb.toString();
    }

    /**
     * v3's {@code <SubTree ID="X" port="key">} remapped the subtree's {@code port} to the parent's entry
     * {@code key} (BT.CPP 3.8 {@code xml_parsing.cpp}: {@code addSubtreeRemapping(attr->Name(), attr->Value())}
     * for every attribute of an isolated SubTree); in v4 a bare value is a literal, the entry is {@code {key}}.
     * SubTreePlus already used the v4 spelling and is not touched (this runs before its rename).
     */
    private static String bracketSubTreeRemaps(String text, String file, List<String> changes) {
        String body = withoutModels(text);
        Matcher tag = Pattern.compile("<SubTree\\b([^>]*?)(/?)>").matcher(body);
        StringBuilder sb = new StringBuilder();
        int last = 0;
        while (tag.find()) {
            Map<String, String> attrs = attributes(tag.group(1));
            boolean shared = "true".equalsIgnoreCase(attrs.getOrDefault("__shared_blackboard", "").strip());
            if (shared) {
                continue; // v3 ignored the remapping attributes of a shared-blackboard SubTree
            }
            Matcher a = Pattern.compile("(\\s)([A-Za-z][\\w.-]*)(\\s*=\\s*)([\"'])(.*?)\\4").matcher(tag.group(1));
            StringBuilder t = new StringBuilder();
            while (a.find()) {
                String name = a.group(2);
                String value = a.group(5);
                if (name.equals("ID") || name.equals("name") || value.isEmpty() || value.startsWith("{")) {
                    continue;
                }
                changes.add(file + ":" + line(text, tag.start()) + ": <SubTree ID=\"" + attrs.get("ID") + "\">: " + name
                        + "=\"" + value + "\" -> " + name + "=\"{" + value + "}\" (a v3 SubTree remaps to the entry " + value
                        + "; in v4 a bare value is a literal)");
                a.appendReplacement(t, Matcher.quoteReplacement(a.group(1) + name + a.group(3) + a.group(4) + "{" + value
                        + "}" + a.group(4)));
            }
            a.appendTail(t);
            sb.append(text, last, tag.start(1)).append(t);
            last = tag.end(1);
        }
        sb.append(text.substring(last));
        return sb.toString();
    }

    /** The v3 {@code __shared_blackboard} port of SubTree models: v4 spells it as the _autoremap attribute. */
    private static String dropSharedBlackboardModelPorts(String text, String file, List<String> changes, boolean keepLines) {
        Pattern p = Pattern.compile("[ \\t]*<input_port[^>]*name\\s*=\\s*\"__shared_blackboard\"[^>]*?(/>|>[^<]*</input_port>)[ \\t]*"
                + (keepLines ? "" : "\\r?\\n?"));
        Matcher m = p.matcher(text);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            changes.add(file + ":" + line(text, m.start()) + ": removed the __shared_blackboard port of a SubTree "
                    + "model (v4: _autoremap on <SubTree>)");
            m.appendReplacement(sb, "");
        }
        m.appendTail(sb);
        return sb.toString();
    }

    private static String replace(String text, String regex, String replacement, String file, String what,
            List<String> changes) {
        Matcher m = Pattern.compile(regex).matcher(text);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            changes.add(file + ":" + line(text, m.start()) + ": " + what);
            m.appendReplacement(sb, replacement);
        }
        m.appendTail(sb);
        return sb.toString();
    }

    private static int column(String text, int index) {
        return index - text.lastIndexOf('\n', index - 1);
    }

    static int line(String text, int index) {
        int line = 1;
        for (int i = 0; i < index; i++) {
            if (text.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }
}
