package io.canopy.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ScriptingEnumsTest {
    @Test
    void valuesAreNumberedFromZeroOrAsWritten() {
        assertThat(ScriptingEnums.parse("RED, GREEN,BLUE")).containsExactly(Map.entry("RED", 0L), Map.entry("GREEN", 1L),
                Map.entry("BLUE", 2L));
        assertThat(ScriptingEnums.parse("RED=1,BLUE,GREEN=0x10")).containsExactly(Map.entry("RED", 1L),
                Map.entry("BLUE", 2L), Map.entry("GREEN", 16L));
        assertThatThrownBy(() -> ScriptingEnums.parse("RED=one")).hasMessageContaining("'one' (value of RED) is not a whole number");
        assertThatThrownBy(() -> ScriptingEnums.parse("RED,RED")).hasMessageContaining("value 'RED' is listed twice");
        assertThatThrownBy(() -> ScriptingEnums.parse("RED,,BLUE")).hasMessageContaining("'' is not a name");
    }

    @Test
    void scriptsReadTheValuesAsNumbers() {
        ScriptingEnums enums = new ScriptingEnums();
        assertThat(enums.add("Color", ScriptingEnums.parse("RED=1,BLUE=2"), "p.xml:3:5")).isNull();
        MapScope vars = new MapScope();
        CompiledExpression set = Expressions.compile("color := BLUE", enums.over(vars), Dialect.BTCPP);
        set.execute();
        assertThat(Expressions.compile("color == BLUE && color != RED", enums.over(vars), Dialect.BTCPP).evalBoolean()).isTrue();
        assertThat(Expressions.compile("color == RED", enums.over(vars), Dialect.BTCPP).evalBoolean()).isFalse();
        // a text holding a value's name compares as its number (BT.CPP's StringToDouble)
        Expressions.compile("name := 'BLUE'", enums.over(vars), Dialect.BTCPP).execute();
        assertThat(Expressions.compile("name == 2", enums.over(vars), Dialect.BTCPP).evalBoolean()).isTrue();
    }

    @Test
    void contradictionsNameBothPlacesAndTheSameEnumTwiceIsOne() {
        ScriptingEnums enums = new ScriptingEnums();
        enums.add("Color", ScriptingEnums.parse("RED,GREEN"), "a.xml:2:3");
        assertThat(enums.add("Color", ScriptingEnums.parse("RED,GREEN"), "b.xml:4:5")).isNull();
        assertThat(enums.add("Color", ScriptingEnums.parse("RED,BLUE"), "b.xml:4:5")).isEqualTo("b.xml:4:5: enum"
                + " 'Color' is already declared at a.xml:2:3 with other values (RED=0,GREEN=1); declare it once, or give"
                + " both declarations the same values");
        assertThat(enums.add("Light", ScriptingEnums.parse("OFF,RED"), "c.xml:1:1")).isEqualTo("c.xml:1:1: value"
                + " 'RED' of enum 'Light' is 1 but value 'RED' of enum 'Color' (declared at a.xml:2:3) is 0; scripts"
                + " could not tell them apart: rename one");
        List<String> errors = new ArrayList<>();
        ScriptingEnums other = new ScriptingEnums();
        other.add("Color", Map.of("RED", 7L), "d.xml:1:1");
        enums.addAll(other, errors);
        assertThat(errors).singleElement().asString().startsWith("d.xml:1:1: enum 'Color' is already declared at a.xml:2:3");
    }
}
