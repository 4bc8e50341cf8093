package io.canopy.statemachine.build;

import io.canopy.statemachine.Action;
import io.canopy.statemachine.Location;
import io.canopy.statemachine.TransitionGuard;
import io.canopy.statemachine.ValueExpr;
import java.util.List;

/**
 * A {@link DataModelCompiler} that passes everything to the document's engine and notes, once per document, a
 * {@code /* ... *}{@code /} comment inside an expression or script (accepted; said so because some SCXML tools
 * and editors do not expect them).
 */
final class CommentNotice implements DataModelCompiler {
    private final DataModelCompiler engine;
    private final List<String> warnings;
    private int comments;
    private int warningIndex = -1;
    private String first;

    CommentNotice(DataModelCompiler engine, List<String> warnings) {
        this.engine = engine;
        this.warnings = warnings;
    }

    private void check(String source, ScxmlElement at, String attribute) {
        if (source == null || !hasBlockComment(source)) {
            return;
        }
        comments++;
        if (first == null) {
            first = at.where() + " " + attribute + "=\"" + source.strip() + "\": a /* */ comment in an expression: accepted "
                    + "(ECMAScript allows it; some SCXML editors do not expect it)";
            warningIndex = warnings.size();
            warnings.add(first);
        } else {
            warnings.set(warningIndex, first + "; " + comments + " expressions of this document have one");
        }
    }

    /** A {@code /*} outside string literals. */
    static boolean hasBlockComment(String s) {
        char quote = 0;
        for (int i = 0; i < s.length() - 1; i++) {
            char c = s.charAt(i);
            if (quote != 0) {
                if (c == '\\') {
                    i++;
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (c == '\'' || c == '"' || c == '`') {
                quote = c;
            } else if (c == '/' && s.charAt(i + 1) == '*') {
                return true;
            }
        }
        return false;
    }

    @Override
    public ValueExpr value(String source, ScxmlElement at, String attribute) {
        check(source, at, attribute);
        return engine.value(source, at, attribute);
    }

    @Override
    public TransitionGuard cond(String source, ScxmlElement at, String attribute) {
        check(source, at, attribute);
        return engine.cond(source, at, attribute);
    }

    @Override
    public Action assign(String location, String source, ScxmlElement at) {
        check(source, at, "expr");
        return engine.assign(location, source, at);
    }

    @Override
    public Action script(String source, ScxmlElement at) {
        check(source, at, "script");
        return engine.script(source, at);
    }

    @Override
    public Location location(String source, ScxmlElement at, String attribute) {
        return engine.location(source, at, attribute);
    }
}
