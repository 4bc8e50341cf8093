package io.canopy.expr;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Recursive-descent parser that builds the node tree and resolves every name through the scope.
 *
 * <p>Precedence, lowest first: assignment ({@code := = += -= *= /= %=}, right-assoc), {@code ?:}, {@code
 * ||}, {@code &&}, then BehaviorTree.CPP: one level of chained comparisons above {@code | ^ &}; ECMAScript:
 * {@code | ^ &}, equality, relational. Then {@code + - ..}, {@code * / %}, prefix {@code - + ! ~ typeof},
 * postfix {@code .name [key] (args)}.
 */
final class Parser {
    private static final Set<String> RESERVED = Set.of("break", "case", "catch", "class", "const", "continue",
            "debugger", "default", "delete", "do", "else", "export", "extends", "finally", "for", "function", "if",
            "import", "in", "instanceof", "new", "return", "super", "switch", "this", "throw", "try", "var", "void",
            "while", "with", "yield", "let", "static", "enum", "await");

    private final String src;
    private final List<Token> toks;
    private final Scope scope;
    private final boolean ecma;
    private int p;
    /** Nesting of () and []: inside them, newlines are whitespace. */
    private int depth;
    /** Recursion depth of the parser, bounded so that absurd nesting is a syntax error, not a stack overflow. */
    private int nesting;
    private static final int MAX_NESTING = 200;
    /** Bounds the depth of left-nested operator chains, which evaluation walks recursively. */
    private static final int MAX_TOKENS = 4096;

    Parser(String src, Scope scope, Dialect dialect) {
        this.src = src;
        this.toks = Lexer.tokenize(src, dialect);
        if (toks.size() > MAX_TOKENS) {
            throw error(toks.get(MAX_TOKENS), "the script has more than " + MAX_TOKENS + " tokens",
                    "split it into smaller scripts");
        }
        this.scope = scope;
        this.ecma = dialect == Dialect.ECMASCRIPT;
    }

    // ---------------------------------------------------------------- entry points

    /** Statements separated by ';' or newlines. */
    Node parseScript() {
        List<Node> statements = new ArrayList<>();
        skipSeparators();
        while (toks.get(p).type != Token.END) {
            statements.add(parseAssignment());
            Token t = toks.get(p);
            if (t.type == Token.NEWLINE || t.is(";")) {
                skipSeparators();
            } else if (t.type != Token.END) {
                throw error(t, "unexpected " + t.shown() + " after a complete expression",
                        unexpectedFix(t));
            }
        }
        if (statements.isEmpty()) {
            throw error(toks.get(p), "the script is empty", "write at least one expression, e.g. 'x := 1' or 'x > 0'");
        }
        return statements.size() == 1 ? statements.get(0) : new SequenceNode(statements.toArray(new Node[0]));
    }

    /** A single expression filling the whole source (no statements). */
    Node parseSingle() {
        Node n = parseAssignment();
        skipNewlines();
        Token t = toks.get(p);
        if (t.type != Token.END) {
            throw error(t, "unexpected " + t.shown() + " after a complete expression", "a single expression is expected here");
        }
        return n;
    }

    /** An assignable location: a name, or member accesses on it. */
    Node parseLocation() {
        Token first = operandToken();
        if (first.type != Token.NAME) {
            throw error(first, "a location must start with a variable name", "write a variable name such as Var1");
        }
        Node n = parsePostfix();
        skipNewlines();
        Token t = toks.get(p);
        if (t.type != Token.END) {
            throw error(t, "unexpected " + t.shown() + " in a location", "a location is a variable name, optionally "
                    + "followed by .member or [key]");
        }
        if (!(n instanceof VarNode) && !(n instanceof MemberNode)) {
            throw error(first, "'" + src.strip() + "' is not an assignable location", "write a variable name");
        }
        return n;
    }

    private String unexpectedFix(Token t) {
        if (t.is("=") || t.is(":=")) {
            return "only a variable name can be assigned";
        }
        if (t.is(")")) {
            return "remove it or add the matching '('";
        }
        if (t.type == Token.NAME || t.type == Token.NUMBER || t.type == Token.STRING) {
            return "separate statements with ';' or join the values with an operator";
        }
        return "remove it or complete the expression";
    }

    // ---------------------------------------------------------------- token access

    private Token cur() {
        if (depth > 0) {
            skipNewlines();
        }
        return toks.get(p);
    }

    private Token operandToken() {
        skipNewlines();
        return toks.get(p);
    }

    private void skipNewlines() {
        while (toks.get(p).type == Token.NEWLINE) {
            p++;
        }
    }

    private void skipSeparators() {
        while (toks.get(p).type == Token.NEWLINE || toks.get(p).is(";")) {
            p++;
        }
    }

    private Token next() {
        return toks.get(p++);
    }

    private Token previous() {
        return p > 0 ? toks.get(p - 1) : null;
    }

    // ---------------------------------------------------------------- grammar

    private Node parseAssignment() {
        enter();
        try {
            return parseAssignmentInner();
        } finally {
            nesting--;
        }
    }

    private void enter() {
        if (++nesting > MAX_NESTING) {
            throw error(toks.get(p), "the script nests more than " + MAX_NESTING + " levels deep",
                    "split it into several statements with intermediate variables");
        }
    }

    private Node parseAssignmentInner() {
        Token start = operandToken();
        Node lhs = parseTernary();
        Token t = cur();
        if (t.type != Token.OP) {
            return lhs;
        }
        int op = assignOp(t.text);
        if (op < 0) {
            return lhs;
        }
        if (op == AssignNode.CREATE && ecma) {
            throw error(t, "':=' is BehaviorTree.CPP syntax", "in ECMAScript assign a declared variable with '='");
        }
        next();
        Node rhs = parseAssignment();
        return assignment(start, lhs, t, op, rhs);
    }

    private Node assignment(Token start, Node lhs, Token opToken, int op, Node rhs) {
        if (lhs instanceof VarNode) {
            VarNode v = (VarNode) lhs;
            return new AssignNode(v.variable, v.name, op, rhs, ecma);
        }
        String target = src.substring(start.offset, opToken.offset).strip();
        if (lhs instanceof MemberNode && op != AssignNode.CREATE) {
            if (op != AssignNode.ASSIGN) {
                throw error(opToken, "'" + opToken.text + "' on a member is not supported",
                        "write '" + target + " = " + target + " " + opToken.text.charAt(0) + " ...'");
            }
            return new MemberAssignNode((MemberNode) lhs, rhs);
        }
        throw error(opToken, "cannot assign to '" + target + "'", "the left side of '" + opToken.text
                + "' must be a variable name" + (opToken.is("=") ? "; to compare, use '=='" : ""));
    }

    private static int assignOp(String text) {
        switch (text) {
            case ":=": return AssignNode.CREATE;
            case "=": return AssignNode.ASSIGN;
            case "+=": return Ops.ADD;
            case "-=": return Ops.SUB;
            case "*=": return Ops.MUL;
            case "/=": return Ops.DIV;
            case "%=": return Ops.MOD;
            default: return -1;
        }
    }

    private Node parseTernary() {
        Node c = parseOr();
        Token q = cur();
        if (!q.is("?")) {
            return c;
        }
        next();
        depth++;
        Node a = parseAssignment();
        Token colon = cur();
        depth--;
        if (!colon.is(":")) {
            throw error(colon, "the '?' at column " + column(q.offset) + " has no ':'",
                    "write 'condition ? value_if_true : value_if_false'");
        }
        next();
        Node b = parseAssignment();
        return new TernaryNode(c, a, b, ecma);
    }

    private Node parseOr() {
        Node left = parseAnd();
        while (cur().is("||")) {
            next();
            left = new LogicNode(Ops.OR, left, parseAnd(), ecma);
        }
        return left;
    }

    private Node parseAnd() {
        Node left = ecma ? parseBitOr() : parseChain();
        while (cur().is("&&")) {
            next();
            left = new LogicNode(Ops.AND, left, ecma ? parseBitOr() : parseChain(), ecma);
        }
        return left;
    }

    /** BehaviorTree.CPP: {@code a < b <= c == d}, evaluated pairwise. */
    private Node parseChain() {
        Node first = parseBitOr();
        int op = compareOp(cur());
        if (op < 0) {
            return first;
        }
        List<Node> operands = new ArrayList<>();
        List<Integer> ops = new ArrayList<>();
        operands.add(first);
        while (op >= 0) {
            next();
            ops.add(op);
            operands.add(parseBitOr());
            op = compareOp(cur());
        }
        int[] codes = new int[ops.size()];
        for (int i = 0; i < codes.length; i++) {
            codes[i] = ops.get(i);
        }
        return new CompareChainNode(codes, operands.toArray(new Node[0]));
    }

    private static int compareOp(Token t) {
        if (t.type != Token.OP) {
            return -1;
        }
        switch (t.text) {
            case "==": return Ops.EQ;
            case "!=": return Ops.NE;
            case "===": return Ops.SEQ;
            case "!==": return Ops.SNE;
            case "<": return Ops.LT;
            case ">": return Ops.GT;
            case "<=": return Ops.LE;
            case ">=": return Ops.GE;
            default: return -1;
        }
    }

    /** ECMASCRIPT: {@code |} below {@code ^}; BTCPP (as BT.CPP 4): {@code |} and {@code ^} share a level. */
    private Node parseBitOr() {
        Node left = parseBitXor();
        while (true) {
            Token t = cur();
            int op = t.is("|") ? Ops.BOR : !ecma && t.is("^") ? Ops.BXOR : -1;
            if (op < 0) {
                return left;
            }
            next();
            left = new ArithNode(op, left, parseBitXor(), ecma);
        }
    }

    private Node parseBitXor() {
        Node left = parseBitAnd();
        while (ecma && cur().is("^")) {
            next();
            left = new ArithNode(Ops.BXOR, left, parseBitAnd(), ecma);
        }
        return left;
    }

    private Node parseBitAnd() {
        Node left = ecma ? parseEquality() : parseAdditive();
        while (cur().is("&")) {
            next();
            left = new ArithNode(Ops.BAND, left, ecma ? parseEquality() : parseAdditive(), ecma);
        }
        return left;
    }

    private Node parseEquality() {
        Node left = parseRelational();
        while (true) {
            int op = compareOp(cur());
            if (op != Ops.EQ && op != Ops.NE && op != Ops.SEQ && op != Ops.SNE) {
                return left;
            }
            next();
            left = new CompareNode(op, left, parseRelational());
        }
    }

    private Node parseRelational() {
        Node left = parseAdditive();
        while (true) {
            int op = compareOp(cur());
            if (op != Ops.LT && op != Ops.GT && op != Ops.LE && op != Ops.GE) {
                return left;
            }
            next();
            left = new CompareNode(op, left, parseAdditive());
        }
    }

    private Node parseAdditive() {
        Node left = parseMultiplicative();
        while (true) {
            Token t = cur();
            int op = t.is("+") ? Ops.ADD : t.is("-") ? Ops.SUB : t.is("..") ? Ops.CONCAT : -1;
            if (op < 0) {
                return left;
            }
            if (op == Ops.CONCAT && ecma) {
                throw error(t, "'..' is BehaviorTree.CPP syntax", "in ECMAScript concatenate with '+'");
            }
            next();
            left = new ArithNode(op, left, parseMultiplicative(), ecma);
        }
    }

    private Node parseMultiplicative() {
        Node left = parseUnary();
        while (true) {
            Token t = cur();
            int op = t.is("*") ? Ops.MUL : t.is("/") ? Ops.DIV : t.is("%") ? Ops.MOD : -1;
            if (op < 0) {
                return left;
            }
            next();
            left = new ArithNode(op, left, parseUnary(), ecma);
        }
    }

    private Node parseUnary() {
        Token t = operandToken();
        if (t.type == Token.OP) {
            int op = t.is("-") ? UnaryNode.NEG : t.is("+") ? UnaryNode.PLUS : t.is("!") ? UnaryNode.NOT
                    : t.is("~") ? UnaryNode.COMPLEMENT : -1;
            if (op >= 0) {
                next();
                enter();
                try {
                    return new UnaryNode(op, parseUnary(), ecma);
                } finally {
                    nesting--;
                }
            }
        }
        if (ecma && t.type == Token.NAME && t.text.equals("typeof")) {
            next();
            enter();
            try {
                return new TypeofNode(parseUnary());
            } finally {
                nesting--;
            }
        }
        return parsePostfix();
    }

    private Node parsePostfix() {
        Node n = parsePrimary();
        while (true) {
            Token t = cur();
            if (t.is(".")) {
                next();
                Token name = operandToken();
                if (name.type != Token.NAME) {
                    throw error(name, "expected a member name after '.' but found " + name.shown(),
                            "write obj.name, or obj['key'] for other keys");
                }
                next();
                n = new MemberNode(n, name.text, null, ecma);
            } else if (t.is("[")) {
                next();
                depth++;
                Node key = parseAssignment();
                Token close = cur();
                depth--;
                if (!close.is("]")) {
                    throw error(close, "the '[' opened at column " + column(t.offset) + " is not closed",
                            "add the missing ']'");
                }
                next();
                n = new MemberNode(n, null, key, ecma);
            } else if (t.is("(")) {
                throw error(t, "only named functions can be called", "call a function by its name, e.g. In('state')");
            } else {
                return n;
            }
        }
    }

    private Node parsePrimary() {
        Token t = operandToken();
        switch (t.type) {
            case Token.NUMBER:
                next();
                return ConstNode.of(t.value, ecma);
            case Token.STRING:
                next();
                return ConstNode.of(t.value, ecma);
            case Token.NAME:
                next();
                return name(t);
            case Token.OP:
                if (ecma && t.is("[")) {
                    return arrayLiteral();
                }
                if (ecma && t.is("{")) {
                    return objectLiteral();
                }
                if (t.is("(")) {
                    next();
                    depth++;
                    Node inner = parseAssignment();
                    Token close = cur();
                    depth--;
                    if (!close.is(")")) {
                        throw error(close, "the '(' opened at column " + column(t.offset) + " is not closed",
                                "add the missing ')'");
                    }
                    next();
                    return inner;
                }
                break;
            default:
                break;
        }
        throw missingOperand(t);
    }

    private Node arrayLiteral() {
        Token open = next();
        depth++;
        List<Node> items = new ArrayList<>();
        while (!cur().is("]")) {
            items.add(parseAssignment());
            Token t = cur();
            if (t.is(",")) {
                next();
            } else if (!t.is("]")) {
                throw error(t, "the '[' opened at column " + column(open.offset) + " is not closed",
                        "separate items with ',' and close the array with ']'");
            }
        }
        depth--;
        next();
        return new LiteralNode(null, items.toArray(new Node[0]));
    }

    private Node objectLiteral() {
        Token open = next();
        depth++;
        List<String> keys = new ArrayList<>();
        List<Node> values = new ArrayList<>();
        while (!cur().is("}")) {
            Token key = cur();
            if (key.type == Token.NAME || key.type == Token.STRING) {
                keys.add(key.type == Token.NAME ? key.text : (String) key.value);
            } else if (key.type == Token.NUMBER) {
                keys.add(Ops.formatNumber(((Number) key.value).doubleValue()));
            } else {
                throw error(key, "expected a property name in the object literal opened at column "
                        + column(open.offset) + " but found " + key.shown(), "write {name: value, 'other name': value}");
            }
            next();
            Token colon = cur();
            if (!colon.is(":")) {
                throw error(colon, "expected ':' after the property name '" + keys.get(keys.size() - 1) + "'",
                        "write {name: value}");
            }
            next();
            values.add(parseAssignment());
            Token t = cur();
            if (t.is(",")) {
                next();
            } else if (!t.is("}")) {
                throw error(t, "the '{' opened at column " + column(open.offset) + " is not closed",
                        "separate properties with ',' and close the object with '}'");
            }
        }
        depth--;
        next();
        return new LiteralNode(keys.toArray(new String[0]), values.toArray(new Node[0]));
    }

    private ExpressionSyntaxException missingOperand(Token t) {
        Token prev = previous();
        String after = prev != null && prev.type == Token.OP ? " after '" + prev.text + "'" : "";
        String fix = "write a number, a 'string', a variable name or a parenthesised expression";
        if (t.type == Token.END || t.type == Token.NEWLINE) {
            return error(t, "the script ends where a value is expected" + after, "complete the expression: " + fix);
        }
        if (t.is("=") && prev != null && (prev.is("=") || prev.is("!"))) {
            fix = "write '==' or '!=' without spaces";
        } else if (t.is("{") && !ecma) {
            fix = "blackboard keys are written without braces in scripts: write x, not {x}";
        }
        return error(t, "expected a value" + after + " but found " + t.shown(), fix);
    }

    private Node name(Token t) {
        String name = t.text;
        switch (name) {
            case "true":
                return ecma ? ConstNode.of(Boolean.TRUE, true) : ConstNode.of(1.0, false);
            case "false":
                return ecma ? ConstNode.of(Boolean.FALSE, true) : ConstNode.of(0.0, false);
            default:
                break;
        }
        if (ecma) {
            if (name.equals("null")) {
                return ConstNode.of(null, true);
            }
            if (name.equals("undefined")) {
                return ConstNode.of(Expressions.UNDEFINED, true);
            }
            if (RESERVED.contains(name)) {
                throw error(t, "'" + name + "' is an ECMAScript statement keyword, not supported in expressions",
                        "write an expression: values, variables, operators, member access and calls such as In('s1')");
            }
        }
        if (toks.get(p).is("(")) {
            return call(t);
        }
        Object constant = scope.constant(name);
        if (constant != null) {
            return ConstNode.of(constant, ecma);
        }
        Variable v = scope.variable(name);
        if (v == null) {
            throw new IllegalStateException("Scope.variable(\"" + name + "\") returned null");
        }
        return new VarNode(v, name, ecma);
    }

    private Node call(Token nameToken) {
        Token open = next();
        depth++;
        List<Node> args = new ArrayList<>();
        if (!cur().is(")")) {
            while (true) {
                args.add(parseAssignment());
                Token t = cur();
                if (t.is(",")) {
                    next();
                } else if (t.is(")")) {
                    break;
                } else {
                    throw error(t, "the call of " + nameToken.text + " opened at column " + column(open.offset)
                            + " is not closed", "separate arguments with ',' and close the call with ')'");
                }
            }
        }
        depth--;
        next();
        ExprFunction fn = scope.function(nameToken.text, args.size());
        if (fn == null) {
            throw error(nameToken, "unknown function '" + nameToken.text + "' with " + args.size()
                    + (args.size() == 1 ? " argument" : " arguments"), ecma
                    ? "the datamodel offers In('stateId'); check the name and the number of arguments"
                    : "no such function is registered; check the name and the number of arguments");
        }
        Object[] argv = new Object[args.size()];
        boolean constant = true;
        for (int i = 0; i < argv.length; i++) {
            Node a = args.get(i);
            if (a instanceof ConstNode) {
                argv[i] = ((ConstNode) a).javaValue();
            } else {
                constant = false;
            }
        }
        if (constant) {
            try {
                fn = fn.specialize(argv.clone());
            } catch (IllegalArgumentException e) {
                throw error(nameToken, "bad arguments for " + nameToken.text + ": " + e.getMessage(),
                        "fix the arguments of the call");
            }
        }
        return new CallNode(nameToken.text, fn, args.toArray(new Node[0]), argv, constant, ecma);
    }

    // ---------------------------------------------------------------- errors

    private int column(int offset) {
        int lineStart = src.lastIndexOf('\n', offset - 1) + 1;
        return offset - lineStart + 1;
    }

    private ExpressionSyntaxException error(Token t, String problem, String fix) {
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
