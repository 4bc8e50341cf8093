package io.canopy.statemachine.build;

import io.canopy.statemachine.Action;
import io.canopy.statemachine.Location;
import io.canopy.statemachine.Statechart;
import io.canopy.statemachine.ValueExpr;
import java.nio.file.Path;

/** An {@code <invoke>} of a child SCXML session, compiled; the child chart is compiled at load time when known. */
public final class InvokeDef {
    /** Resolves a {@code srcexpr} value to a chart at run time (throws when it cannot). */
    @FunctionalInterface
    public interface ChartSource {
        Statechart load(String src);
    }

    public final String where;
    /** The {@code type} attribute (null: SCXML), or null when {@link #typeExpr} is used. */
    public final String type;
    public final ValueExpr typeExpr;
    /** The child chart when known at load time ({@code src} or inline {@code <content>}), else null. */
    public final Statechart child;
    public final ValueExpr srcExpr;
    public final ChartSource chartSource;
    /** The {@code id} attribute, or null to generate one. */
    public final String id;
    public final Location idLocation;
    public final Param[] params;
    public final boolean autoforward;
    public final Action finalize;
    /** For {@code type="canopy:tree"}: the behavior-tree XML file, else null. */
    public Path treeFile;
    /** Index of the state that holds this invoke (set by the compiler). */
    public int state = -1;

    InvokeDef(String where, String type, ValueExpr typeExpr, Statechart child, ValueExpr srcExpr, ChartSource chartSource,
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
