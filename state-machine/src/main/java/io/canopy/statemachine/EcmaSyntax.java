package io.canopy.statemachine;

import java.util.Set;

/**
 * Tells apart, for an expression that Canopy's compiler rejected, a script that is not ECMAScript at all
 * (W3C tests use such scripts on purpose and expect {@code error.execution} when they run: {@code return},
 * an unterminated string, unbalanced brackets, a dangling operator) from a valid ECMAScript script that goes
 * beyond Canopy's vocabulary (arrays, objects, calls, {@code new}, regular expressions), which is rejected
 * at load time.
 */
final class EcmaSyntax {
    private static final Set<String> STATEMENT_KEYWORDS = Set.of("return", "break", "continue", "if", "else", "for",
            "while", "do", "switch", "case", "default", "throw", "try", "catch", "finally", "with", "var", "let",
            "const", "import", "export", "debugger");
    private static final String BINARY_END = "+-*/%=<>&|^.,?:";

    private EcmaSyntax() {}

    /** True when {@code source} cannot be a valid ECMAScript expression. */
    static boolean isInvalid(String source) {
        String s = source.trim();
        if (s.isEmpty()) {
            return true;
        }
        int depth = 0;
        StringBuilder word = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch == '\'' || ch == '"') {
                int end = i + 1;
                while (end < s.length() && s.charAt(end) != ch) {
                    if (s.charAt(end) == '\\') {
                        end++;
                    }
                    end++;
                }
                if (end >= s.length()) {
                    return true;
                }
                i = end;
                word.setLength(0);
                continue;
            }
            if (Character.isJavaIdentifierPart(ch)) {
                word.append(ch);
                if (i + 1 == s.length() || !Character.isJavaIdentifierPart(s.charAt(i + 1))) {
                    if (STATEMENT_KEYWORDS.contains(word.toString())) {
                        return true;
                    }
                    word.setLength(0);
                }
                continue;
            }
            if (ch == '(' || ch == '[' || ch == '{') {
                depth++;
            } else if (ch == ')' || ch == ']' || ch == '}') {
                if (--depth < 0) {
                    return true;
                }
            }
        }
        if (depth != 0) {
            return true;
        }
        char last = s.charAt(s.length() - 1);
        char first = s.charAt(0);
        return BINARY_END.indexOf(last) >= 0 || "*/%=<>&|^.,?:)]}".indexOf(first) >= 0;
    }
}
