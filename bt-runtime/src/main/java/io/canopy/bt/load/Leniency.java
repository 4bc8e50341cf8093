package io.canopy.bt.load;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The lexical leniency of tinyxml2 (BehaviorTree.CPP's parser), made explicit: a raw {@code &}, {@code <} or
 * {@code >} inside an attribute value (as in {@code code="a < 3 && b"}; tinyxml2 reads a value up to its
 * closing quote), an {@code &name;} that is not one of XML's five entities (tinyxml2 keeps it as written) and
 * stray text before the first element are accepted, each with one warning line naming file:line:column and
 * the strict spelling.
 */
final class Leniency {
    /**
     * The references tinyxml2 replaces: the five predefined entities and character references. Any other
     * {@code &name;} (such as {@code &nbsp;}) it keeps as written, so it is a raw '&' here too.
     */
    private static final Pattern ENTITY = Pattern.compile("&(#[0-9]+|#x[0-9a-fA-F]+|lt|gt|amp|quot|apos);");

    private Leniency() {}

    /** {@code text} made well-formed where unambiguous; one line per fix is added to {@code warnings}. */
    static String fix(String text, String file, List<String> warnings) {
        String name = file == null ? "<text>" : file;
        StringBuilder out = new StringBuilder(text.length() + 16);
        int i = 0;
        int n = text.length();
        if (n > 0 && text.charAt(0) == '\uFEFF') {
            i = 1;
        }
        int first = text.indexOf('<', i);
        if (first > i && !text.substring(i, first).isBlank()) {
            warnings.add(where(name, text, i) + ": text before the first element (\""
                    + abbreviate(text.substring(i, first).strip()) + "\") ignored; remove it");
            i = first;
        }
        while (i < n) {
            char c = text.charAt(i);
            if (c == '<') {
                int end = special(text, i);
                if (end > 0) {
                    out.append(text, i, end);
                    i = end;
                    continue;
                }
                i = tag(text, i, out, name, warnings);
            } else if (c == '&' && !ENTITY.matcher(text).region(i, n).lookingAt()) {
                warnings.add(where(name, text, i) + ": raw '&' in text; write &amp; (accepted as BehaviorTree.CPP does)");
                out.append("&amp;");
                i++;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    /** The end of a comment, CDATA section, processing instruction or declaration starting at {@code i}, else -1. */
    private static int special(String text, int i) {
        String[][] pairs = {{"<!--", "-->"}, {"<![CDATA[", "]]>"}, {"<?", "?>"}, {"<!", ">"}};
        for (String[] p : pairs) {
            if (text.startsWith(p[0], i)) {
                int e = text.indexOf(p[1], i + p[0].length());
                return e < 0 ? text.length() : e + p[1].length();
            }
        }
        return -1;
    }

    /** Copies the tag starting at {@code i}, escaping raw {@code & < >} inside quoted values; returns its end. */
    private static int tag(String text, int i, StringBuilder out, String name, List<String> warnings) {
        int n = text.length();
        out.append('<');
        i++;
        char quote = 0;
        int valueStart = -1;
        boolean warned = false;
        while (i < n) {
            char c = text.charAt(i);
            if (quote == 0) {
                out.append(c);
                i++;
                if (c == '"' || c == '\'') {
                    quote = c;
                    valueStart = i;
                    warned = false;
                } else if (c == '>') {
                    return i;
                }
                continue;
            }
            if (c == quote) {
                quote = 0;
                out.append(c);
            } else if (c == '<' || c == '>' || (c == '&' && !ENTITY.matcher(text).region(i, n).lookingAt())) {
                if (!warned) {
                    int close = text.indexOf(quote, i);
                    String value = text.substring(valueStart, close < 0 ? n : close);
                    warnings.add(where(name, text, i) + ": raw '" + c + "' in the attribute value \"" + abbreviate(value)
                            + "\"; write " + (c == '&' ? "&amp;" : c == '<' ? "&lt;" : "&gt;")
                            + " (accepted as BehaviorTree.CPP does)");
                    warned = true;
                }
                out.append(c == '&' ? "&amp;" : c == '<' ? "&lt;" : "&gt;");
            } else {
                out.append(c);
            }
            i++;
        }
        return i;
    }

    private static String where(String name, String text, int index) {
        int line = 1;
        int col = 1;
        for (int k = 0; k < index; k++) {
            if (text.charAt(k) == '\n') {
                line++;
                col = 1;
            } else {
                col++;
            }
        }
        return name + ":" + line + ":" + col;
    }

    private static String abbreviate(String s) {
        return s.length() <= 40 ? s : s.substring(0, 37) + "...";
    }
}
