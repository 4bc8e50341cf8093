package io.canopy.hardware.dynamixel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.canopy.InputException;
import org.junit.jupiter.api.Test;

/** The model numbers a control table is for (what PING must answer), and the expected models of a bus's servos. */
class ControlTableModelsTest {
    @Test
    void theXSeriesTableKnowsTheXSeriesModelNumbers() {
        ControlTable x = ControlTable.xSeries();
        assertEquals(1020, x.modelNumber("XM430-W350"));
        assertEquals(1020, x.modelNumber("xm430-w350-t"), "case and the TTL/RS-485 suffix do not matter");
        assertEquals(1030, x.modelNumber("XM430-W210-R"));
        assertEquals(1060, x.modelNumber("XL430-W250"));
        assertEquals(1200, x.modelNumber("XL330-M288"));
        assertEquals(0, x.modelNumber("AX-12A"));
        assertEquals("XM430-W210 (1030)", x.describeModel(1030), "the manual's example servo");
        assertEquals("model 12", x.describeModel(12));
        assertEquals(DxlModels.number("XH540-V270"), x.modelNumber("XH540-V270"));
    }

    @Test
    void aTableFileNamesItsModels() {
        ControlTable t = ControlTable.parse("my.table", """
                # a family of my own
                model MY-SERVO-1 4242
                present_position 132 4 R yes 0.001 0 rad
                """);
        assertEquals(4242, t.modelNumber("my-servo-1"));
        assertEquals("MY-SERVO-1 (4242)", t.describeModel(4242));
        InputException e = assertThrows(InputException.class, () -> ControlTable.parse("bad.table", "model MY-SERVO\n"));
        assertEquals("bad.table:1: expected 'model NAME NUMBER' (a model this table is for, with the model number it"
                + " answers to PING, 0..65535), for example: model XM430-W350 1020", e.getMessage());
    }

    @Test
    void aBusNeedsOneExpectedModelPerServo() {
        DynamixelConfig c = DynamixelConfig.of("arm", 1, 2);
        assertEquals(0, c.model(1), "by default any model the table is for");
        assertEquals(1020, c.withModels(1030, 1020).model(1));
        InputException e = assertThrows(InputException.class, () -> c.withModels(1030).validate());
        assertTrue(e.getMessage().startsWith("dynamixel 'arm': 1 model numbers for 2 servos"), e.getMessage());
    }
}
