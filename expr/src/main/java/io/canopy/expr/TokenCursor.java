package io.canopy.expr;

import java.util.List;

/** The token list of one script with a cursor, the parser's nesting bounds and the syntax-error factory. */
abstract class TokenCursor {
    /** Recursion depth of the parser, bounded so that absurd nesting is a syntax error, not a stack overflow. */
    static final int MAX_NESTING = 200;
    /** Bounds the depth of left-nested operator chains, which evaluation walks recursively. */
    static final int MAX_TOKENS = 4096;

    final String src;
    final List<Token> toks;
    final boolean ecma;
    int p;
    int nesting;

    TokenCursor(String src, Dialect dialect) {
        this.src = src;
        this.ecma = dialect == Dialect.ECMASCRIPT;
        this.toks = Lexer.tokenize(src, dialect);
        if (toks.size() > MAX_TOKENS) {
            throw error(toks.get(MAX_TOKENS), "the script has more than " + MAX_TOKENS + " tokens",
                    "split it into smaller scripts");
        }
    }

    /**
     * The next token in operator position. Newlines are skipped: a line that starts with an operator continues
     * the expression (as in BT.CPP and JavaScript); any other token after a newline starts a new statement.
     */
    Token cur() {
        skipNewlines();
        return toks.get(p);
    }

    /** Whether a newline separates the current token from the previous one. */
    boolean afterNewline() {
        return p > 0 && toks.get(p - 1).type == Token.NEWLINE;
    }

    Token operandToken() {
        skipNewlines();
        return toks.get(p);
    }

    void skipNewlines() {
        while (toks.get(p).type == Token.NEWLINE) {
            p++;
        }
    }

    void skipSeparators() {
        while (toks.get(p).type == Token.NEWLINE || toks.get(p).is(";")) {
            p++;
        }
    }

    Token next() {
        return toks.get(p++);
    }

    Token previous() {
        return p > 0 ? toks.get(p - 1) : null;
    }

    void enter() {
        if (++nesting > MAX_NESTING) {
            throw error(toks.get(p), "the script nests more than " + MAX_NESTING + " levels deep",
                    "split it into several statements with intermediate variables");
        }
    }

    int column(int offset) {
        int lineStart = src.lastIndexOf('\n', offset - 1) + 1;
        return offset - lineStart + 1;
    }

    ExpressionSyntaxException error(Token t, String problem, String fix) {
        return error(src, t.offset, t.type == Token.END ? "end of script" : t.shown(), problem, fix);
    }

    static ExpressionSyntaxException error(String src, int offset, String token, String problem, String fix) {
        int line = 1;
        for (int k = 0; k < offset && k < src.length(); k++) {
            if (src.charAt(k) == '\n') {
                line++;
            }
        }
        int lineStart = src.lastIndexOf('\n', offset - 1) + 1;
        return new ExpressionSyntaxException(src, line, offset - lineStart + 1, token, problem, fix);
    }
}
