package io.canopy.hardware.dynamixel;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Model numbers of the Protocol 2.0 X-series servos (the value at address 0 of their control table, and what
 * they answer to PING), as the ROBOTIS e-Manual's model pages and the DYNAMIXEL SDK's model lists give them.
 * The X-series control table ({@link ControlTable#xSeries()}) covers exactly these models.
 */
public final class DxlModels {
    private static final Map<String, Integer> X_SERIES = new LinkedHashMap<>();

    static {
        String[] table = {
            "XL330-M077", "1190", "XL330-M288", "1200",
            "XC330-M181", "1230", "XC330-M288", "1240", "XC330-T181", "1210", "XC330-T288", "1220",
            "XL430-W250", "1060", "2XL430-W250", "1090", "2XC430-W250", "1160",
            "XC430-W150", "1070", "XC430-W240", "1080",
            "XM430-W210", "1030", "XM430-W350", "1020",
            "XH430-W210", "1010", "XH430-W350", "1000", "XH430-V210", "1050", "XH430-V350", "1040",
            "XD430-T210", "1011", "XD430-T350", "1001",
            "XW430-T200", "1280", "XW430-T333", "1270",
            "XM540-W150", "1130", "XM540-W270", "1120",
            "XH540-W150", "1110", "XH540-W270", "1100", "XH540-V150", "1150", "XH540-V270", "1140",
            "XW540-T140", "1180", "XW540-T260", "1170",
        };
        for (int i = 0; i < table.length; i += 2) {
            X_SERIES.put(table[i], Integer.parseInt(table[i + 1]));
        }
    }

    private DxlModels() {}

    /** Model name to model number for the X series, in the order above. */
    public static Map<String, Integer> xSeries() {
        return Collections.unmodifiableMap(X_SERIES);
    }

    /**
     * The model number of {@code name} ({@code XM430-W350}, case-insensitive, a suffix like {@code -T} or
     * {@code -R} ignored), or 0 when it is not a known X-series model.
     */
    public static int number(String name) {
        if (name == null) {
            return 0;
        }
        String n = name.strip().toUpperCase(Locale.ROOT);
        Integer exact = X_SERIES.get(n);
        if (exact != null) {
            return exact;
        }
        int dash = n.lastIndexOf('-');
        if (dash > 0) {
            Integer cut = X_SERIES.get(n.substring(0, dash)); // XM430-W350-T, XM430-W350-R
            if (cut != null) {
                return cut;
            }
        }
        return 0;
    }
}
