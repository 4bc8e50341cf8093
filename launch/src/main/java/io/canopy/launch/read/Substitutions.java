package io.canopy.launch.read;

import io.canopy.Names;
import io.canopy.bt.Values;
import io.canopy.expr.CompiledExpression;
import io.canopy.expr.Dialect;
import io.canopy.expr.Expressions;
import io.canopy.expr.MapScope;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Expands {@code $(...)} substitutions in attribute values, as ROS 2 launch does:
 *
 * <ul>
 *   <li>{@code $(var NAME)}: the value of an argument ({@code <arg>}, {@code <let>}, {@code --arg});
 *   <li>{@code $(env NAME)}: an environment variable, an error when unset; {@code $(env NAME DEFAULT)}:
 *       its value or DEFAULT (quote a default with spaces or parentheses in single quotes: {@code 'a b'});
 *   <li>{@code $(dirname)}: the folder of the launch file being read;
 *   <li>{@code $(find-pkg-share NAME)}: the folder NAME found in the search path ({@code --path DIR}, then
 *       {@code CANOPY_PATH}): {@code DIR/NAME}, {@code DIR/share/NAME}, or DIR itself when it is named NAME;
 *   <li>{@code $(eval EXPR)}: the value of an expression of the tree scripting language's ECMAScript
 *       dialect ({@code io.canopy.expr}: arithmetic, comparisons, {@code && || !}, {@code ?:}, strings in
 *       single quotes); it reads nothing but the launch variables, which it sees by name.
 * </ul>
 *
 * Substitutions nest: {@code $(env $(var key_var) none)}.
 */
public final class Substitutions {
    /** Why a value could not be expanded; the message says what to change. */
    static final class Failure extends Exception {
        Failure(String message) {
            super(message, null, false, false);
        }
    }

    private final Map<String, String> vars;
    private final Function<String, String> env;
    private final String dirname;
    private final List<Path> searchPath;

    public Substitutions(Map<String, String> vars, Function<String, String> env, String dirname) {
        this(vars, env, dirname, List.of());
    }

    public Substitutions(Map<String, String> vars, Function<String, String> env, String dirname,
            List<Path> searchPath) {
        this.vars = vars;
        this.env = env;
        this.dirname = dirname;
        this.searchPath = searchPath;
    }

    /** How deeply substitutions may nest inside each other ({@code $(env A $(var b))} is 2 levels). */
    static final int MAX_NESTING = 32;

    String expand(String text) throws Failure {
        return expand(text, 1);
    }

    private String expand(String text, int level) throws Failure {
        if (text.indexOf("$(") < 0) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length());
        int i = 0;
        while (i < text.length()) {
            if (text.startsWith("$(", i)) {
                int end = closing(text, i + 2);
                if (end < 0) {
                    throw new Failure("unclosed '$(' in \"" + text + "\"; close it with ')'");
                }
                if (level > MAX_NESTING) {
                    throw new Failure("substitutions nested more than " + MAX_NESTING + " levels deep (\""
                            + text.substring(0, Math.min(40, text.length())) + "...\"); compute the value in fewer steps,"
                            + " for example with an <arg> holding the inner part");
                }
                out.append(evaluate(expand(text.substring(i + 2, end), level + 1).strip(), text));
                i = end + 1;
            } else {
                out.append(text.charAt(i++));
            }
        }
        return out.toString();
    }

    private static int closing(String text, int from) {
        int depth = 1;
        boolean quoted = false;
        for (int j = from; j < text.length(); j++) {
            char c = text.charAt(j);
            if (c == '\'') {
                quoted = !quoted;
            } else if (!quoted && c == '$' && j + 1 < text.length() && text.charAt(j + 1) == '(') {
                depth++;
                j++;
            } else if (!quoted && c == '(') { // $(eval (a + b) * 2)
                depth++;
            } else if (!quoted && c == ')' && --depth == 0) {
                return j;
            }
        }
        return -1;
    }

    private String evaluate(String inner, String whole) throws Failure {
        int space = indexOfSpace(inner);
        String command = space < 0 ? inner : inner.substring(0, space);
        String rest = space < 0 ? "" : inner.substring(space + 1).strip();
        switch (command) {
            case "var": {
                if (rest.isEmpty() || indexOfSpace(rest) >= 0) {
                    throw new Failure("$(var) takes one argument name, as in $(var robot); got \"$(" + inner + ")\"");
                }
                String value = vars.get(rest);
                if (value == null) {
                    throw new Failure("$(var " + rest + "): no argument '" + rest + "'" + Names.suggestion(rest, vars.keySet())
                            + "; declare it with <arg name=\"" + rest + "\" default=\"...\"/>");
                }
                return value;
            }
            case "env": {
                if (rest.isEmpty()) {
                    throw new Failure("$(env) takes a variable name and an optional default, as in $(env CANOPY_PORT /dev/ttyUSB0)");
                }
                int sp = indexOfSpace(rest);
                String name = sp < 0 ? rest : rest.substring(0, sp);
                String value = env.apply(name);
                if (value != null) {
                    return value;
                }
                if (sp < 0) {
                    throw new Failure("$(env " + name + "): environment variable " + name
                            + " is not set; set it, or give a default: $(env " + name + " DEFAULT)");
                }
                return unquote(rest.substring(sp + 1).strip());
            }
            case "dirname":
                if (!rest.isEmpty()) {
                    throw new Failure("$(dirname) takes no argument; got \"$(" + inner + ")\"");
                }
                return dirname;
            case "find-pkg-share":
            case "find_pkg_share":
                return findPackage(rest, inner);
            case "eval":
                return eval(unquoteAny(rest), inner);
            default:
                throw new Failure("unknown substitution \"$(" + inner + ")\" in \"" + whole + "\"" + Names.suggestion(command,
                        List.of("var", "env", "dirname", "find-pkg-share", "eval"))
                        + "; use $(var NAME), $(env NAME [DEFAULT]), $(dirname), $(find-pkg-share NAME) or $(eval EXPR)");
        }
    }

    private String findPackage(String name, String inner) throws Failure {
        if (name.isEmpty() || indexOfSpace(name) >= 0 || name.contains("/")) {
            throw new Failure("$(find-pkg-share) takes one folder name, as in $(find-pkg-share my_robot); got \"$(" + inner + ")\"");
        }
        for (Path dir : searchPath) {
            Path abs = dir.toAbsolutePath().normalize();
            for (Path candidate : new Path[] {abs.resolve(name), abs.resolve("share").resolve(name)}) {
                if (Files.isDirectory(candidate)) {
                    return candidate.toString();
                }
            }
            if (abs.getFileName() != null && abs.getFileName().toString().equals(name) && Files.isDirectory(abs)) {
                return abs.toString();
            }
        }
        throw new Failure("$(find-pkg-share " + name + "): no folder '" + name + "' in the search path ("
                + (searchPath.isEmpty() ? "empty" : String.join(", ", searchPath.stream().map(Path::toString).toList()))
                + "); pass --path DIR (DIR/" + name + " or DIR/share/" + name + "), or list folders in CANOPY_PATH");
    }

    private String eval(String expression, String inner) throws Failure {
        if (expression.isBlank()) {
            throw new Failure("$(eval) takes an expression, as in $(eval $(var rate) * 2) or $(eval '$(var mode)' == 'sim')");
        }
        MapScope scope = new MapScope();
        for (Map.Entry<String, String> v : vars.entrySet()) {
            if (v.getKey().matches("[A-Za-z_][A-Za-z0-9_]*")) {
                scope.declare(v.getKey(), Values.literal(v.getValue()));
            }
        }
        try {
            CompiledExpression c = Expressions.compile(expression, scope, Dialect.ECMASCRIPT);
            return c.evalString();
        } catch (RuntimeException e) { // a syntax error (InputException) or an evaluation error (ExpressionException)
            String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst().orElse("");
            String shown = inner.length() > 60 ? inner.substring(0, 57) + "..." : inner;
            if (why.length() > 300) {
                why = why.substring(0, 297) + "...";
            }
            throw new Failure("$(" + shown + "): " + why + "; write an expression such as $(eval $(var rate) * 2),"
                    + " with text in single quotes: $(eval '$(var mode)' == 'sim')");
        }
    }

    /** A launch variable's value as the expression sees it: a number or boolean when it reads as one, else text. */
    /** Drops one pair of double quotes around an eval expression, as ROS writes $(eval "..."). */
    private static String unquoteAny(String s) {
        if (s.length() >= 2 && s.charAt(0) == '"' && s.charAt(s.length() - 1) == '"') {
            return s.substring(1, s.length() - 1);
        }
        return s;
    }

    private static int indexOfSpace(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (Character.isWhitespace(s.charAt(i))) {
                return i;
            }
        }
        return -1;
    }

    private static String unquote(String s) {
        if (s.length() >= 2 && s.charAt(0) == '\'' && s.charAt(s.length() - 1) == '\'') {
            return s.substring(1, s.length() - 1);
        }
        return s;
    }
}
