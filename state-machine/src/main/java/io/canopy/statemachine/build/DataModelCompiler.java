package io.canopy.statemachine.build;

import io.canopy.statemachine.Action;
import io.canopy.statemachine.Location;
import io.canopy.statemachine.TransitionGuard;
import io.canopy.statemachine.ValueExpr;
import io.canopy.statemachine.ecma.EcmaDataModel;
import io.canopy.statemachine.ecma.FullDataModel;

/**
 * Compiles the expressions of one SCXML document against its datamodel slots, at load time: the compiled
 * engine ({@link EcmaDataModel}, which throws {@link EcmaDataModel.BeyondSubset} for valid ECMAScript beyond its
 * subset) or the full one ({@link FullDataModel}); an expression that is ECMAScript-invalid on purpose (W3C tests) compiles to one that raises
 * {@code error.execution} when evaluated.
 */
public interface DataModelCompiler {
    ValueExpr value(String source, ScxmlElement at, String attribute);

    TransitionGuard cond(String source, ScxmlElement at, String attribute);

    /** {@code <assign location expr>} as one compiled assignment. */
    Action assign(String location, String source, ScxmlElement at);

    /** {@code <script>}: statements separated by ; or new lines. */
    Action script(String source, ScxmlElement at);

    /** An assignable location; an invalid one compiles to a location that fails when assigned. */
    Location location(String source, ScxmlElement at, String attribute);
}
