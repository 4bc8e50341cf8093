package io.canopy.bt.load;

import io.canopy.bt.NodeSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Rewrites a BehaviorTree.CPP v3 tree file to v4 as the BT.CPP migration guide lists, keeping the rest of the
 * text (comments, layout) as it is: {@code BTCPP_format="4"} on {@code <root>}, {@code SequenceStar} to
 * {@code SequenceWithMemory}, {@code SubTreePlus} to {@code SubTree}, {@code __shared_blackboard} to
 * {@code _autoremap}, {@code RetryUntilSuccesful} to {@code RetryUntilSuccessful}, {@code Parallel}'s
 * {@code success_threshold}/{@code failure_threshold} to {@code success_count}/{@code failure_count}. What it
 * cannot convert (the {@code BlackboardCheck*} decorators) is listed with its line.
 */
public final class TreeUpgrade {
    /** The converted text, one line per change made, one line per construct left for a person. */
    public record Result(String text, List<String> changes, List<String> unconverted) {}

    private static final String[][] RENAMES = {
        {"SequenceStar", "SequenceWithMemory"}, {"SubTreePlus", "SubTree"},
        {"RetryUntilSuccesful", "RetryUntilSuccessful"}};
    private static final String[][] ATTRIBUTES = {
        {"success_threshold", "success_count"}, {"failure_threshold", "failure_count"},
        {"__shared_blackboard", "_autoremap"}, {"__autoremap", "_autoremap"}};

    private TreeUpgrade() {}

    /** Where the first construct only v3 has is ({@code file:line:column: <element>}), or null. */
    static String v3Construct(NodeSpec spec) {
        String id = spec.typeId();
        if ("SubTreePlus".equals(id) || "RetryUntilSuccesful".equals(id)
                || (id != null && id.startsWith("BlackboardCheck"))
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

    /** Converts the text of a v3 file; {@code file} names it in the change lines. */
    public static Result upgrade(String text, String file) {
        List<String> changes = new ArrayList<>();
        List<String> left = new ArrayList<>();
        String out = text;
        Matcher root = Pattern.compile("<root\\b([^>]*)>").matcher(out);
        if (root.find()) {
            String attrs = root.group(1);
            Matcher fmt = Pattern.compile("BTCPP_format\\s*=\\s*\"([^\"]*)\"").matcher(attrs);
            String newAttrs;
            if (fmt.find()) {
                newAttrs = attrs.substring(0, fmt.start()) + "BTCPP_format=\"4\"" + attrs.substring(fmt.end());
            } else {
                newAttrs = " BTCPP_format=\"4\"" + attrs;
            }
            if (!newAttrs.equals(attrs)) {
                changes.add(file + ":" + line(out, root.start()) + ": <root>: set BTCPP_format=\"4\"");
                out = out.substring(0, root.start()) + "<root" + newAttrs + ">" + out.substring(root.end());
            }
        }
        out = dropSharedBlackboardModelPorts(out, file, changes);
        for (String[] r : RENAMES) {
            out = replace(out, "(</?|\\bID\\s*=\\s*\")" + r[0] + "\\b", "$1" + r[1], file, r[0] + " -> " + r[1], changes);
        }
        for (String[] a : ATTRIBUTES) {
            out = replace(out, "(\\s)" + a[0] + "(\\s*=)", "$1" + a[1] + "$2", file, a[0] + "= -> " + a[1] + "=", changes);
        }
        Matcher bb = Pattern.compile("<(BlackboardCheck(?:Int|Double|String|Bool)?)\\b").matcher(out);
        while (bb.find()) {
            left.add(file + ":" + line(out, bb.start()) + ": <" + bb.group(1) + ">: v4 has no BlackboardCheck; "
                    + "rewrite it as <Precondition if=\"value_A == value_B\" else=\"FAILURE\"> around the child");
        }
        return new Result(out, changes, left);
    }

    /** The v3 {@code __shared_blackboard} port of SubTree models: v4 spells it as the _autoremap attribute. */
    private static String dropSharedBlackboardModelPorts(String text, String file, List<String> changes) {
        Pattern p = Pattern.compile("[ \\t]*<input_port[^>]*name\\s*=\\s*\"__shared_blackboard\"[^>]*?(/>|>[^<]*</input_port>)[ \\t]*\\r?\\n?");
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

    private static int line(String text, int index) {
        int line = 1;
        for (int i = 0; i < index; i++) {
            if (text.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }
}
