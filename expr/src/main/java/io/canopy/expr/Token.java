package io.canopy.expr;

/** One lexical token of a script. */
final class Token {
    static final int NUMBER = 0;
    static final int STRING = 1;
    static final int NAME = 2;
    static final int OP = 3;
    static final int NEWLINE = 4;
    static final int END = 5;

    final int type;
    /** The token as written (for OP and NAME, the operator or name; for literals, the source text). */
    final String text;
    /** Offset in the script. */
    final int offset;
    /** Long or Double for NUMBER, the unquoted String for STRING. */
    final Object value;

    Token(int type, String text, int offset, Object value) {
        this.type = type;
        this.text = text;
        this.offset = offset;
        this.value = value;
    }

    boolean is(String op) {
        return type == OP && text.equals(op);
    }

    /** The token as shown in an error message. */
    String shown() {
        switch (type) {
            case END: return "end of script";
            case NEWLINE: return "end of line";
            case STRING: return "string " + Ops.oneLine(text);
            default: return "'" + text + "'";
        }
    }
}
