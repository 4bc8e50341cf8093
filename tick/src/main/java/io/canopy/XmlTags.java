package io.canopy;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where each attribute of a start tag is written, for every Canopy XML reader (trees, SCXML, launch files): the
 * parsers report an element at the end of its start tag, so an error about one attribute would point past it.
 * This finds the attribute's own line and column in the document text.
 */
public final class XmlTags {
    /** A 1-based line and column. */
    public record Spot(int line, int column) {
        @Override
        public String toString() {
            return line + ":" + column;
        }
    }

    private final String text;
    private final int[] lineStarts;

    public XmlTags(String text) {
        this.text = text;
        int lines = 1;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                lines++;
            }
        }
        lineStarts = new int[lines];
        for (int i = 0, l = 1; i < text.length() && l < lines; i++) {
            if (text.charAt(i) == '\n') {
                lineStarts[l++] = i + 1;
            }
        }
    }

    /**
     * The attributes of the start tag that ends at {@code line}:{@code column} as a SAX or StAX parser reports it
     * (the column just after its '>'), by name, in document order; empty if the text there is not a start tag.
     */
    public Map<String, Spot> attributesOfTagEndingAt(int line, int column) {
        int end = Math.min(offset(line, column), text.length()) - 1;
        int start = text.lastIndexOf('<', Math.max(0, end)); // a raw '<' cannot occur in an attribute value
        return start < 0 ? Map.of() : attributesOfTagAt(start);
    }

    /** The attributes of the start tag whose '<' is at or after {@code line}:{@code column}. */
    public Map<String, Spot> attributesOfTagStartingAt(int line, int column) {
        int start = text.indexOf('<', Math.max(0, offset(line, column) - 1));
        return start < 0 ? Map.of() : attributesOfTagAt(start);
    }

    private Map<String, Spot> attributesOfTagAt(int lt) {
        Map<String, Spot> out = new LinkedHashMap<>();
        int i = lt + 1;
        while (i < text.length() && !isSpace(text.charAt(i)) && text.charAt(i) != '>' && text.charAt(i) != '/') {
            i++; // the element name
        }
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '>' || c == '/' || c == '<') {
                break;
            }
            if (isSpace(c)) {
                i++;
                continue;
            }
            int nameStart = i;
            while (i < text.length() && !isSpace(text.charAt(i)) && "=>/<".indexOf(text.charAt(i)) < 0) {
                i++;
            }
            String name = text.substring(nameStart, i);
            while (i < text.length() && (isSpace(text.charAt(i)) || text.charAt(i) == '=')) {
                i++;
            }
            if (i < text.length() && (text.charAt(i) == '"' || text.charAt(i) == '\'')) {
                int close = text.indexOf(text.charAt(i), i + 1);
                i = close < 0 ? text.length() : close + 1;
            }
            out.putIfAbsent(name, spot(nameStart));
        }
        return out;
    }

    private int offset(int line, int column) {
        int l = Math.max(1, Math.min(line, lineStarts.length));
        return lineStarts[l - 1] + Math.max(1, column) - 1;
    }

    private Spot spot(int offset) {
        int lo = 0;
        int hi = lineStarts.length - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (lineStarts[mid] <= offset) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return new Spot(lo + 1, offset - lineStarts[lo] + 1);
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r';
    }
}
