package io.canopy.expr;

import io.canopy.expr.ast.CallNode;
import io.canopy.expr.ast.ConstNode;
import io.canopy.expr.ast.ExprNode;
import io.canopy.expr.ast.LiteralNode;
import io.canopy.expr.ast.MemberNode;
import io.canopy.expr.ast.MethodCallNode;
import io.canopy.expr.ast.VarNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The operand half of the parser: literals, names (resolved through the scope here, at compile time),
 * calls, array and object literals, parentheses and the postfix member accesses.
 */
abstract class OperandParser extends TokenCursor {
    private static final Set<String> RESERVED = Set.of("break", "case", "catch", "class", "const", "continue",
            "debugger", "default", "delete", "do", "else", "export", "extends", "finally", "for", "function", "if",
            "import", "in", "instanceof", "new", "return", "super", "switch", "this", "throw", "try", "var", "void",
            "while", "with", "yield", "let", "static", "enum", "await");

    final Scope scope;

    OperandParser(String src, Scope scope, Dialect dialect) {
        super(src, dialect);
        this.scope = scope;
    }

    /** A full expression, assignments included (the parser's lowest precedence level). */
    abstract ExprNode parseAssignment();

    ExprNode parsePostfix() {
        ExprNode n = parsePrimary();
        while (true) {
            // '[' and '(' continue an expression only on the same line; '.' also on the next line
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
            } else if (t.is("[") && !afterNewline()) {
                next();
                ExprNode key = parseAssignment();
                Token close = cur();
                if (!close.is("]")) {
                    throw error(close, "the '[' opened at column " + column(t.offset) + " is not closed",
                            "add the missing ']'");
                }
                next();
                n = new MemberNode(n, null, key, ecma);
            } else if (t.is("(") && !afterNewline()) {
                if (ecma && n instanceof MemberNode && ((MemberNode) n).name != null) {
                    MemberNode m = (MemberNode) n;
                    n = new MethodCallNode(m.object, m.name, arguments(t, m.name));
                    continue;
                }
                throw error(t, "only named functions can be called", "call a function by its name, e.g. In('state')");
            } else {
                return n;
            }
        }
    }

    private ExprNode parsePrimary() {
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
                    ExprNode inner = parseAssignment();
                    Token close = cur();
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

    private ExprNode arrayLiteral() {
        Token open = next();
        List<ExprNode> items = new ArrayList<>();
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
        next();
        return new LiteralNode(null, items.toArray(new ExprNode[0]));
    }

    private ExprNode objectLiteral() {
        Token open = next();
        List<String> keys = new ArrayList<>();
        List<ExprNode> values = new ArrayList<>();
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
        next();
        return new LiteralNode(keys.toArray(new String[0]), values.toArray(new ExprNode[0]));
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

    private ExprNode name(Token t) {
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
            if (name.equals("NaN")) {
                return ConstNode.of(Double.NaN, true);
            }
            if (name.equals("Infinity")) {
                return ConstNode.of(Double.POSITIVE_INFINITY, true);
            }
            if (name.equals("Math") && !scope.variable(name).exists()) {
                return ConstNode.of(Builtins.MATH, true);
            }
            if (Builtins.isGlobalFunction(name) && toks.get(p).is("(") && scope.function(name, 1) == null) {
                Token open = next();
                return new MethodCallNode(null, name, arguments(open, name));
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

    /** The arguments of a call whose '(' ({@code open}) was just consumed, through the closing ')'. */
    private ExprNode[] arguments(Token open, String callee) {
        if (toks.get(p) == open) {
            next();
        }
        List<ExprNode> args = new ArrayList<>();
        if (!cur().is(")")) {
            while (true) {
                args.add(parseAssignment());
                Token t = cur();
                if (t.is(",")) {
                    next();
                } else if (t.is(")")) {
                    break;
                } else {
                    throw error(t, "the call of " + callee + " opened at column " + column(open.offset)
                            + " is not closed", "separate arguments with ',' and close the call with ')'");
                }
            }
        }
        next();
        return args.toArray(new ExprNode[0]);
    }

    private ExprNode call(Token nameToken) {
        Token open = next();
        List<ExprNode> args = new ArrayList<>();
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
            ExprNode a = args.get(i);
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
        return new CallNode(nameToken.text, fn, args.toArray(new ExprNode[0]), argv, constant, ecma);
    }
}
