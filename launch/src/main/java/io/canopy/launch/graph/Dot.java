package io.canopy.launch.graph;

/** Graphviz DOT helpers. */
final class Dot {
    private Dot() {}

    /** Escapes a string for a double-quoted DOT label. */
    static String escape(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r', '\t' -> b.append(' ');
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    /** A DOT identifier made of letters, digits and '_' from any text (state ids may hold dots and dashes). */
    static String id(String prefix, String s) {
        StringBuilder b = new StringBuilder(prefix);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            b.append(Character.isLetterOrDigit(c) && c < 128 ? c : '_');
        }
        return b.toString();
    }
}
