package io.canopy.bt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ValuesTest {
    @Test
    void integersAreWholeStrings() {
        assertThat(Values.parseLong("-42")).isEqualTo(-42);
        assertThat(Values.isInteger("42xx")).isFalse();
        assertThatThrownBy(() -> Values.parseLong("1 ")).hasMessageContaining("not an integer");
    }

    @Test
    void realsBooleansEnumsAndLists() {
        assertThat(Values.parseDouble("2.5")).isEqualTo(2.5);
        assertThat(Values.isReal("2.5 ")).isFalse();
        assertThat(Values.parseBoolean("TRUE")).isTrue();
        assertThat(Values.parseBoolean("0")).isFalse();
        assertThatThrownBy(() -> Values.parseBoolean("yes")).hasMessageContaining("not a boolean");
        assertThat(Values.parseEnum(Status.class, "RUNNING")).isEqualTo(Status.RUNNING);
        assertThat(Values.parseEnum(Status.class, "2")).isEqualTo(Status.SUCCESS);
        assertThatThrownBy(() -> Values.parseEnum(Status.class, "DONE")).hasMessageContaining("IDLE, RUNNING");
        assertThat(Values.parseDoubleList("1.5;2;3.25")).containsExactly(1.5, 2, 3.25);
        assertThat(Values.parseStringList("a;;b")).containsExactly("a", "", "b");
        assertThat(Values.parseLongList("")).isEmpty();
        assertThat(Values.parseLongList("1;2;")).containsExactly(1, 2);
    }

    @Test
    void thePaletteListsPortsWithTypesAndDefaults() {
        String xml = NodeRegistry.withBuiltins().toPaletteXml(true);
        assertThat(xml).contains("<Decorator ID=\"Repeat\">",
                "<input_port name=\"else\" type=\"Status\" default=\"FAILURE\">",
                "<Control ID=\"Switch3\">").doesNotContain("ID=\"SubTree\"");
        assertThat(NodeRegistry.withBtcppBuiltins().toPaletteXml(false)).doesNotContain("<Control");
        assertThat(NodeRegistry.withBuiltins().toPaletteXml(false)).doesNotContain("ID=\"Sequence\"");
    }
}
