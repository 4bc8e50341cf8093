package io.canopy.expr;

import io.canopy.expr.ast.ArithNode;
import io.canopy.expr.ast.AssignNode;
import io.canopy.expr.ast.CompareChainNode;
import io.canopy.expr.ast.CompareNode;
import io.canopy.expr.ast.ConstNode;
import io.canopy.expr.ast.ExprNode;
import io.canopy.expr.ast.InNode;
import io.canopy.expr.ast.IncDecNode;
import io.canopy.expr.ast.LogicNode;
import io.canopy.expr.ast.MemberAssignNode;
import io.canopy.expr.ast.MemberNode;
import io.canopy.expr.ast.SequenceNode;
import io.canopy.expr.ast.TernaryNode;
import io.canopy.expr.ast.TypeofNode;
import io.canopy.expr.ast.UnaryNode;
import io.canopy.expr.ast.VarNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Recursive-descent parser that builds the node tree and resolves every name through the scope.
 *
 * <p>Precedence, lowest first: assignment ({@code := = += -= *= /= %=}, right-assoc), {@code ?:}, {@code
 * ||}, {@code &&}, then BehaviorTree.CPP: one level of chained comparisons, {@code | ^} (one level), {@code
 * &}; ECMAScript: {@code |}, {@code ^}, {@code &}, equality, relational. Then {@code + - ..}, {@code * / %},
 * prefix {@code - + ! ~ typeof}, postfix {@code .name [key] (args)}.
 */
final class Parser extends OperandParser {
    Parser(String src, Scope scope, Dialect dialect) {
        super(src, scope, dialect);
    }

    // ---------------------------------------------------------------- entry points

    /** Statements separated by ';' or newlines. */
    ExprNode parseScript() {
        List<ExprNode> statements = new ArrayList<>();
        skipSeparators();
        while (toks.get(p).type != Token.END) {
            statements.add(parseAssignment());
            Token t = toks.get(p);
            if (t.type == Token.NEWLINE || t.is(";") || afterNewline()) {
                skipSeparators();
            } else if (t.type != Token.END) {
                throw error(t, "unexpected " + t.shown() + " after a complete expression",
                        unexpectedFix(t));
            }
        }
        if (statements.isEmpty()) {
            throw error(toks.get(p), "the script is empty", "write at least one expression, e.g. 'x := 1' or 'x > 0'");
        }
        return statements.size() == 1 ? statements.get(0) : new SequenceNode(statements.toArray(new ExprNode[0]));
    }

    /** A single expression filling the whole source (no statements). */
    ExprNode parseSingle() {
        ExprNode n = parseAssignment();
        skipNewlines();
        Token t = toks.get(p);
        if (t.type != Token.END) {
            throw error(t, "unexpected " + t.shown() + " after a complete expression", "a single expression is expected here");
        }
        return n;
    }

    /** An assignable location: a name, or member accesses on it. */
    ExprNode parseLocation() {
        Token first = operandToken();
        if (first.type != Token.NAME) {
            throw error(first, "a location must start with a variable name", "write a variable name such as Var1");
        }
        ExprNode n = parsePostfix();
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

    // ---------------------------------------------------------------- grammar

    @Override
    ExprNode parseAssignment() {
        enter();
        try {
            return parseAssignmentInner();
        } finally {
            nesting--;
        }
    }

    private ExprNode parseAssignmentInner() {
        Token start = operandToken();
        ExprNode lhs = parseTernary();
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
        ExprNode rhs = parseAssignment();
        return assignment(start, lhs, t, op, rhs);
    }

    private ExprNode assignment(Token start, ExprNode lhs, Token opToken, int op, ExprNode rhs) {
        if (lhs instanceof VarNode) {
            VarNode v = (VarNode) lhs;
            return new AssignNode(v.variable, v.name, op, rhs, ecma, scope);
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
            case "**=": return Ops.POW;
            case "<<=": return Ops.SHL;
            case ">>=": return Ops.SHR;
            case ">>>=": return Ops.USHR;
            case "&=": return Ops.BAND;
            case "|=": return Ops.BOR;
            case "^=": return Ops.BXOR;
            default: return -1;
        }
    }

    private ExprNode parseTernary() {
        ExprNode c = parseOr();
        Token q = cur();
        if (!q.is("?")) {
            return c;
        }
        next();
        ExprNode a = parseAssignment();
        Token colon = cur();
        if (!colon.is(":")) {
            throw error(colon, "the '?' at column " + column(q.offset) + " has no ':'",
                    "write 'condition ? value_if_true : value_if_false'");
        }
        next();
        ExprNode b = parseAssignment();
        return new TernaryNode(c, a, b, ecma);
    }

    private ExprNode parseOr() {
        ExprNode left = parseAnd();
        while (cur().is("||")) {
            next();
            left = new LogicNode(Ops.OR, left, parseAnd(), ecma);
        }
        return left;
    }

    private ExprNode parseAnd() {
        ExprNode left = ecma ? parseBitOr() : parseChain();
        while (cur().is("&&")) {
            next();
            left = new LogicNode(Ops.AND, left, ecma ? parseBitOr() : parseChain(), ecma);
        }
        return left;
    }

    /** BehaviorTree.CPP: {@code a < b <= c == d}, evaluated pairwise. */
    private ExprNode parseChain() {
        ExprNode first = parseBitOr();
        int op = compareOp(cur());
        if (op < 0) {
            return first;
        }
        List<ExprNode> operands = new ArrayList<>();
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
        return new CompareChainNode(codes, operands.toArray(new ExprNode[0]), scope);
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
    private ExprNode parseBitOr() {
        ExprNode left = parseBitXor();
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

    private ExprNode parseBitXor() {
        ExprNode left = parseBitAnd();
        while (ecma && cur().is("^")) {
            next();
            left = new ArithNode(Ops.BXOR, left, parseBitAnd(), ecma);
        }
        return left;
    }

    private ExprNode parseBitAnd() {
        ExprNode left = ecma ? parseEquality() : parseAdditive();
        while (cur().is("&")) {
            next();
            left = new ArithNode(Ops.BAND, left, ecma ? parseEquality() : parseAdditive(), ecma);
        }
        return left;
    }

    private ExprNode parseEquality() {
        ExprNode left = parseRelational();
        while (true) {
            int op = compareOp(cur());
            if (op != Ops.EQ && op != Ops.NE && op != Ops.SEQ && op != Ops.SNE) {
                return left;
            }
            next();
            left = new CompareNode(op, left, parseRelational());
        }
    }

    private ExprNode parseRelational() {
        ExprNode left = parseShift();
        while (true) {
            Token t = cur();
            if (t.type == Token.NAME && t.text.equals("in")) {
                next();
                left = new InNode(left, parseShift());
                continue;
            }
            int op = compareOp(t);
            if (op != Ops.LT && op != Ops.GT && op != Ops.LE && op != Ops.GE) {
                return left;
            }
            next();
            left = new CompareNode(op, left, parseShift());
        }
    }

    /** ECMASCRIPT {@code << >> >>>} (BTCPP has no shifts: the tokens do not exist there). */
    private ExprNode parseShift() {
        ExprNode left = parseAdditive();
        while (true) {
            Token t = cur();
            int op = t.is("<<") ? Ops.SHL : t.is(">>") ? Ops.SHR : t.is(">>>") ? Ops.USHR : -1;
            if (op < 0) {
                return left;
            }
            next();
            left = new ArithNode(op, left, parseAdditive(), ecma);
        }
    }

    private ExprNode parseAdditive() {
        ExprNode left = parseMultiplicative();
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

    private ExprNode parseMultiplicative() {
        ExprNode left = parseExponent();
        while (true) {
            Token t = cur();
            int op = t.is("*") ? Ops.MUL : t.is("/") ? Ops.DIV : t.is("%") ? Ops.MOD : -1;
            if (op < 0) {
                return left;
            }
            next();
            left = new ArithNode(op, left, parseExponent(), ecma);
        }
    }

    /** ECMASCRIPT {@code a ** b}, right-associative. */
    private ExprNode parseExponent() {
        Token first = operandToken();
        ExprNode base = parseUnary();
        if (!cur().is("**")) {
            return base;
        }
        boolean unary = first.type == Token.OP && (first.is("-") || first.is("+") || first.is("!") || first.is("~"))
                || first.type == Token.NAME && (first.text.equals("typeof") || first.text.equals("void"));
        if (unary) {
            throw error(first, "a unary '" + first.text + "' directly before '**' is ambiguous",
                    "add parentheses: (" + first.text + "a) ** b or " + first.text + "(a ** b)");
        }
        next();
        enter();
        try {
            return new ArithNode(Ops.POW, base, parseExponent(), ecma);
        } finally {
            nesting--;
        }
    }

    private ExprNode parseUnary() {
        Token t = operandToken();
        if (t.is("++") || t.is("--")) {
            next();
            enter();
            try {
                ExprNode target = parseUnary();
                return IncDecNode.of(target, t.is("++") ? 1 : -1, true, () -> error(t, "'" + t.text
                        + "' needs a variable, e.g. " + t.text + "x", "apply it to a declared variable"));
            } finally {
                nesting--;
            }
        }
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
        if (ecma && t.type == Token.NAME && t.text.equals("void")) {
            next();
            enter();
            try {
                return new SequenceNode(new ExprNode[] {parseUnary(), ConstNode.of(Expressions.UNDEFINED, true)});
            } finally {
                nesting--;
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
        ExprNode n = parsePostfix();
        Token post = toks.get(p);
        if ((post.is("++") || post.is("--")) && !afterNewline()) {
            next();
            return IncDecNode.of(n, post.is("++") ? 1 : -1, false, () -> error(post, "'" + post.text
                    + "' needs a variable, e.g. x" + post.text, "apply it to a declared variable"));
        }
        return n;
    }

}
