package io.canopy;

/**
 * Limits every Canopy XML reader (trees, SCXML, launch files) checks while reading, so that a hostile or
 * generated file is one clear error line instead of a stack overflow: at most {@link #maxDepth()} nested
 * elements (256 by default; the system property {@code canopy.xml.max-depth} changes it).
 */
public final class XmlLimits {
    public static final int DEFAULT_MAX_DEPTH = 256;
    private static final int MAX_DEPTH = Integer.getInteger("canopy.xml.max-depth", DEFAULT_MAX_DEPTH);

    private XmlLimits() {}

    public static int maxDepth() {
        return MAX_DEPTH;
    }

    /**
     * Throws when an element opened at {@code depth} (1 for the root) is too deep: one line naming the file,
     * line, column and element, and how to fix it.
     */
    public static void checkDepth(int depth, String file, int line, int column, String element) {
        if (depth > MAX_DEPTH) {
            throw new InputException(file + ":" + line + ":" + column + ": <" + element + "> is nested " + depth
                    + " elements deep; Canopy reads at most " + MAX_DEPTH + " levels (-Dcanopy.xml.max-depth=N raises the"
                    + " limit): flatten the file (a tree can move deep parts into SubTrees, a launch file into included files)");
        }
    }
}
