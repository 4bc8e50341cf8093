package io.canopy.expr;

import java.util.ArrayList;
import java.util.List;

/** Splits a script into tokens. */
final class Lexer {
    private static final String[] OPERATORS = {
        "===", "!==", ":=", "==", "!=", "<=", ">=", "&&", "||", "+=", "-=", "*=", "/=", "%=", "..",
        "+", "-", "*", "/", "%", "<", ">", "=", "!", "~", "&", "|", "^", "?", ":", "(", ")", "[", "]", "{", "}", ",", ".", ";"
    };

    /** ECMASCRIPT only, tried first: exponent, shifts, increment and decrement, their compound assignments. */
    private static final String[] ECMA_OPERATORS = {
        ">>>=", "**=", "<<=", ">>=", "&=", "|=", "^=", ">>>", "**", "<<", ">>", "++", "--"
    };

    private final String src;
    private final boolean ecma;
    private final List<Token> tokens = new ArrayList<>();
    private int i;

    private Lexer(String src, Dialect dialect) {
        this.src = src;
        this.ecma = dialect == Dialect.ECMASCRIPT;
    }

    static List<Token> tokenize(String src, Dialect dialect) {
        Lexer lx = new Lexer(src, dialect);
        lx.run();
        return lx.tokens;
    }

    private void run() {
        int n = src.length();
        while (i < n) {
            char c = src.charAt(i);
            if (c == '\n') {
                tokens.add(new Token(Token.NEWLINE, "\n", i, null));
                i++;
            } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\u00a0') {
                i++;
            } else if (ecma && c == '/' && i + 1 < n && (src.charAt(i + 1) == '/' || src.charAt(i + 1) == '*')) {
                comment();
            } else if (c == '\\' && i + 1 < n && (src.charAt(i + 1) == '\n' || src.charAt(i + 1) == '\r')) {
                i += 2; // escaped newline: the statement continues
            } else if (Ops.isDigit(c) || c == '.' && i + 1 < n && Ops.isDigit(src.charAt(i + 1)) && !afterDot()) {
                number();
            } else if (c == '\'' || c == '"') {
                string(c);
            } else if (isNameStart(c)) {
                int start = i++;
                while (i < n && isNamePart(src.charAt(i))) {
                    i++;
                }
                tokens.add(new Token(Token.NAME, src.substring(start, i), start, null));
            } else {
                operator();
            }
        }
        tokens.add(new Token(Token.END, "", n, null));
    }

    /**
     * ECMASCRIPT comments: {@code // to the end of the line} and {@code /* ... *}{@code /}; a block comment
     * that spans lines separates statements as a newline does.
     */
    private void comment() {
        int n = src.length();
        int start = i;
        if (src.charAt(i + 1) == '/') {
            while (i < n && src.charAt(i) != '\n') {
                i++;
            }
            return;
        }
        int end = src.indexOf("*/", i + 2);
        if (end < 0) {
            throw Parser.error(src, start, "/*", "unterminated comment", "close it with */");
        }
        if (src.substring(i, end).indexOf('\n') >= 0) {
            tokens.add(new Token(Token.NEWLINE, "\n", start, null));
        }
        i = end + 2;
    }

    private boolean afterDot() {
        return i > 0 && src.charAt(i - 1) == '.';
    }

    static boolean isNameStart(char c) {
        return c == '_' || c == '@' || c == '$' || Character.isLetter(c);
    }

    static boolean isNamePart(char c) {
        return c == '_' || c == '$' || Character.isLetterOrDigit(c);
    }

    private void number() {
        int n = src.length();
        int start = i;
        Object value;
        if (src.charAt(i) == '0' && i + 1 < n && (src.charAt(i + 1) == 'x' || src.charAt(i + 1) == 'X')) {
            i += 2;
            int digitsStart = i;
            while (i < n && Character.digit(src.charAt(i), 16) >= 0) {
                i++;
            }
            String hex = src.substring(digitsStart, i);
            if (hex.isEmpty() || hex.length() > 16) {
                throw Parser.error(src, start, src.substring(start, i),
                        "malformed hexadecimal number", "write 0x followed by 1 to 16 hex digits, e.g. 0x1F");
            }
            value = Long.parseUnsignedLong(hex, 16);
        } else {
            boolean real = false;
            while (i < n && Ops.isDigit(src.charAt(i))) {
                i++;
            }
            if (i < n && src.charAt(i) == '.' && !(i + 1 < n && src.charAt(i + 1) == '.')) {
                i++;
                if (!(i < n && Ops.isDigit(src.charAt(i)))) {
                    throw Parser.error(src, start, src.substring(start, i), "a number cannot end with '.'",
                            "write the fraction, e.g. " + src.substring(start, i) + "0");
                }
                while (i < n && Ops.isDigit(src.charAt(i))) {
                    i++;
                }
                real = true;
            }
            if (i < n && (src.charAt(i) == 'e' || src.charAt(i) == 'E')) {
                int save = i++;
                if (i < n && (src.charAt(i) == '+' || src.charAt(i) == '-')) {
                    i++;
                }
                if (i < n && Ops.isDigit(src.charAt(i))) {
                    while (i < n && Ops.isDigit(src.charAt(i))) {
                        i++;
                    }
                    real = true;
                } else {
                    i = save;
                }
            }
            String text = src.substring(start, i);
            if (real) {
                value = Double.parseDouble(text);
            } else {
                try {
                    value = Long.parseLong(text);
                } catch (NumberFormatException e) {
                    value = Double.parseDouble(text);
                }
            }
        }
        if (i < n && (isNamePart(src.charAt(i)) || src.charAt(i) == '.' && !(i + 1 < n && src.charAt(i + 1) == '.'))) {
            int end = i;
            while (end < n && (isNamePart(src.charAt(end)) || src.charAt(end) == '.')) {
                end++;
            }
            throw Parser.error(src, start, src.substring(start, end), "invalid suffix on number",
                    "separate the number from what follows with an operator, or remove the suffix");
        }
        tokens.add(new Token(Token.NUMBER, src.substring(start, i), start, value));
    }

    private void string(char quote) {
        int n = src.length();
        int start = i++;
        StringBuilder sb = new StringBuilder();
        while (true) {
            if (i >= n || ecma && src.charAt(i) == '\n') {
                throw Parser.error(src, start, src.substring(start, Math.min(n, start + 12)) + (n > start + 12 ? "..." : ""),
                        "unterminated string", "close it with " + quote);
            }
            char c = src.charAt(i++);
            if (c == quote) {
                break;
            }
            if (c == '\\' && ecma && i < n) {
                char e = src.charAt(i++);
                switch (e) {
                    case 'n': sb.append('\n'); break;
                    case 't': sb.append('\t'); break;
                    case 'r': sb.append('\r'); break;
                    case 'b': sb.append('\b'); break;
                    case 'f': sb.append('\f'); break;
                    case 'v': sb.append('\u000b'); break;
                    case '0': sb.append('\0'); break;
                    case 'x':
                    case 'u':
                        int len = e == 'x' ? 2 : 4;
                        if (i + len > n || !isHex(src, i, len)) {
                            throw Parser.error(src, i - 2, "\\" + e, "malformed escape in string",
                                    "write \\" + e + " followed by " + len + " hex digits");
                        }
                        sb.append((char) Integer.parseInt(src.substring(i, i + len), 16));
                        i += len;
                        break;
                    case '\n': break; // line continuation
                    default: sb.append(e);
                }
            } else {
                sb.append(c);
            }
        }
        // interned: comparisons with other literals and typeof results then succeed on identity
        tokens.add(new Token(Token.STRING, src.substring(start, i), start, sb.toString().intern()));
    }

    private static boolean isHex(String s, int from, int len) {
        for (int k = from; k < from + len; k++) {
            if (Character.digit(s.charAt(k), 16) < 0) {
                return false;
            }
        }
        return true;
    }

    private void operator() {
        if (ecma) {
            for (String op : ECMA_OPERATORS) {
                if (src.startsWith(op, i)) {
                    tokens.add(new Token(Token.OP, op, i, null));
                    i += op.length();
                    return;
                }
            }
        }
        for (String op : OPERATORS) {
            if (src.startsWith(op, i)) {
                tokens.add(new Token(Token.OP, op, i, null));
                i += op.length();
                return;
            }
        }
        char c = src.charAt(i);
        String fix = c == '`' ? "quote strings with ' or \"" : "remove it";
        throw Parser.error(src, i, "'" + c + "'", "unexpected character", fix);
    }
}
