package io.canopy.statemachine;

/** An {@code <invoke>} of a child SCXML session, compiled; the child chart is compiled at load time when known. */
final class InvokeDef {
    /** Resolves a {@code srcexpr} value to a chart at run time (throws when it cannot). */
    @FunctionalInterface
    interface ChartSource {
        Statechart load(String src);
    }

    final String where;
    /** The {@code type} attribute (null: SCXML), or null when {@link #typeExpr} is used. */
    final String type;
    final Value typeExpr;
    /** The child chart when known at load time ({@code src} or inline {@code <content>}), else null. */
    final Statechart child;
    final Value srcExpr;
    final ChartSource chartSource;
    /** The {@code id} attribute, or null to generate one. */
    final String id;
    final Location idLocation;
    final Param[] params;
    final boolean autoforward;
    final Action finalize;
    /** For {@code type="canopy:tree"}: the behavior-tree XML file, else null. */
    java.nio.file.Path treeFile;
    /** Index of the state that holds this invoke (set by the compiler). */
    int state = -1;

    InvokeDef(String where, String type, Value typeExpr, Statechart child, Value srcExpr, ChartSource chartSource,
            String id, Location idLocation, Param[] params, boolean autoforward, Action finalize) {
        this.where = where;
        this.type = type;
        this.typeExpr = typeExpr;
        this.child = child;
        this.srcExpr = srcExpr;
        this.chartSource = chartSource;
        this.id = id;
        this.idLocation = idLocation;
        this.params = params;
        this.autoforward = autoforward;
        this.finalize = finalize;
    }
}
