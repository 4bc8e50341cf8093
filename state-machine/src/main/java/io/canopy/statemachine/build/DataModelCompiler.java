package io.canopy.statemachine.build;

import io.canopy.statemachine.Action;
import io.canopy.statemachine.Guard;
import io.canopy.statemachine.Location;
import io.canopy.statemachine.Value;
import io.canopy.statemachine.ecma.EcmaDataModel;
import io.canopy.statemachine.ecma.FullDataModel;

/**
 * Compiles the expressions of one SCXML document against its datamodel slots, at load time: the compiled
 * engine ({@link EcmaDataModel}, which throws {@link EcmaDataModel.BeyondSubset} for valid ECMAScript beyond its
 * subset) or the full one ({@link FullDataModel}); an expression that is ECMAScript-invalid on purpose (W3C tests) compiles to one that raises
 * {@code error.execution} when evaluated.
 */
public interface DataModelCompiler {
    Value value(String source, XmlElement at, String attribute);

    Guard cond(String source, XmlElement at, String attribute);

    /** {@code <assign location expr>} as one compiled assignment. */
    Action assign(String location, String source, XmlElement at);

    /** {@code <script>}: statements separated by ; or new lines. */
    Action script(String source, XmlElement at);

    /** An assignable location; an invalid one compiles to a location that fails when assigned. */
    Location location(String source, XmlElement at, String attribute);
}
