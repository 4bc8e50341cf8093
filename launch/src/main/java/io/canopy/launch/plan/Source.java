package io.canopy.launch.plan;

import java.nio.file.Path;

/**
 * Where something was declared in a launch file: the file, the line and column of its start tag, and the
 * element name. Runtime errors about a declaration (a port that does not open, a tree that fails to load)
 * name it with {@link #toString()}, in the same {@code file:line:column: <element>} form as load errors.
 */
public record Source(Path file, int line, int column, String element) {
    @Override
    public String toString() {
        return file + ":" + line + ":" + column + ": <" + element + ">";
    }
}
