package io.canopy.launch;

import java.util.Map;
import java.util.function.Function;

/**
 * Expands {@code $(...)} substitutions in attribute values, as ROS 2 launch does:
 *
 * <ul>
 *   <li>{@code $(var NAME)}: the value of an argument ({@code <arg>}, {@code <let>}, {@code --arg});
 *   <li>{@code $(env NAME)}: an environment variable, an error when unset; {@code $(env NAME DEFAULT)}:
 *       its value or DEFAULT (quote a default with spaces or parentheses in single quotes: {@code 'a b'});
 *   <li>{@code $(dirname)}: the folder of the launch file being read.
 * </ul>
 *
 * Substitutions nest: {@code $(env $(var key_var) none)}.
 */
final class Substitutions {
    /** Why a value could not be expanded; the message says what to change. */
    static final class Failure extends Exception {
        Failure(String message) {
            super(message, null, false, false);
        }
    }

    private final Map<String, String> vars;
    private final Function<String, String> env;
    private final String dirname;

    Substitutions(Map<String, String> vars, Function<String, String> env, String dirname) {
        this.vars = vars;
        this.env = env;
        this.dirname = dirname;
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
            default:
                throw new Failure("unknown substitution \"$(" + inner + ")\" in \"" + whole
                        + "\"; use $(var NAME), $(env NAME [DEFAULT]) or $(dirname)");
        }
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
