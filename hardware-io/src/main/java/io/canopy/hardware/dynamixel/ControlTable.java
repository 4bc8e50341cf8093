package io.canopy.hardware.dynamixel;

import io.canopy.InputException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A servo family's control table as data: name, address, size, access, sign and SI unit of each item, read from
 * a text table ({@code x-series.table} ships with Canopy; other families are one file away), and the model
 * numbers the table is for (lines {@code model NAME NUMBER} in a table file; the X series' from
 * {@link DxlModels}). Immutable.
 */
public final class ControlTable {
    /** One item: a value in SI units is {@code (raw - offset) * scale}. */
    public record Item(String name, int address, int size, boolean writable, boolean signed, double scale,
            long offset, String unit) {
        public double toSi(long raw) {
            return (raw - offset) * scale;
        }

        public long fromSi(double si) {
            return Math.round(si / scale) + offset;
        }
    }

    private final String name;
    private final Map<String, Item> items;
    private final Map<Integer, String> models;

    private ControlTable(String name, Map<String, Item> items, Map<Integer, String> models) {
        this.name = name;
        this.items = Collections.unmodifiableMap(items);
        this.models = Collections.unmodifiableMap(models);
    }

    /** The X series table that ships with Canopy. */
    public static ControlTable xSeries() {
        try (InputStream in = ControlTable.class.getResourceAsStream("x-series.table")) {
            ControlTable t = parse("x-series.table", new String(in.readAllBytes(), StandardCharsets.UTF_8));
            Map<Integer, String> models = new LinkedHashMap<>(t.models);
            DxlModels.xSeries().forEach((model, number) -> models.putIfAbsent(number, model));
            return new ControlTable(t.name, new LinkedHashMap<>(t.items), models);
        } catch (IOException e) {
            throw new IllegalStateException("x-series.table is missing from the jar", e);
        }
    }

    /** Parses a table; every bad line is reported at once, each as {@code file:line: what and how to fix}. */
    public static ControlTable parse(String file, String text) {
        Map<String, Item> items = new LinkedHashMap<>();
        Map<Integer, String> models = new LinkedHashMap<>();
        StringBuilder errors = new StringBuilder();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split("\\s+");
            String where = file + ":" + (i + 1) + ": ";
            if (f[0].equals("model")) {
                if (f.length != 3 || !f[2].matches("[0-9]{1,5}") || Integer.parseInt(f[2]) > 0xFFFF) {
                    errors.append(where).append("expected 'model NAME NUMBER' (a model this table is for, with the model"
                            + " number it answers to PING, 0..65535), for example: model XM430-W350 1020\n");
                } else {
                    models.put(Integer.parseInt(f[2]), f[1]);
                }
                continue;
            }
            if (f.length != 8) {
                errors.append(where).append("expected 8 columns (name address size access signed scale offset unit),"
                        + " found ").append(f.length).append('\n');
                continue;
            }
            try {
                int size = Integer.parseInt(f[2]);
                if (size != 1 && size != 2 && size != 4) {
                    errors.append(where).append("size ").append(size).append(" of '").append(f[0])
                            .append("' must be 1, 2 or 4\n");
                    continue;
                }
                if (!f[3].equals("R") && !f[3].equals("RW")) {
                    errors.append(where).append("access '").append(f[3]).append("' must be R or RW\n");
                    continue;
                }
                items.put(f[0], new Item(f[0], Integer.parseInt(f[1]), size, f[3].equals("RW"), f[4].equals("yes"),
                        Double.parseDouble(f[5]), Long.parseLong(f[6]), f[7]));
            } catch (NumberFormatException e) {
                errors.append(where).append("'").append(f[0]).append("': address, size, scale and offset must be"
                        + " numbers (").append(e.getMessage()).append(")\n");
            }
        }
        if (errors.length() > 0) {
            throw new InputException(errors.toString().strip());
        }
        return new ControlTable(file, items, models);
    }

    /** Whether the table has an item {@code itemName}. */
    public boolean has(String itemName) {
        return items.containsKey(itemName);
    }

    /** The item {@code name}; an input error naming the close names when there is none. */
    public Item item(String itemName) {
        Item it = items.get(itemName);
        if (it == null) {
            throw new InputException("control table " + name + " has no item '" + itemName + "'; it has: "
                    + String.join(", ", items.keySet()));
        }
        return it;
    }

    public String name() {
        return name;
    }

    /** Model number to model name of the servos this table is for; empty when the table does not say. */
    public Map<Integer, String> models() {
        return models;
    }

    /**
     * The model number of model {@code modelName} ({@code XM430-W350}; case-insensitive, a last suffix such as
     * {@code -T} or {@code -R} ignored) among the models this table is for, or 0 when it is not one of them.
     */
    public int modelNumber(String modelName) {
        if (modelName == null || modelName.isBlank()) {
            return 0;
        }
        String n = modelName.strip().toUpperCase(Locale.ROOT);
        String cut = n.lastIndexOf('-') > 0 ? n.substring(0, n.lastIndexOf('-')) : n;
        for (Map.Entry<Integer, String> m : models.entrySet()) {
            String known = m.getValue().toUpperCase(Locale.ROOT);
            if (known.equals(n)) {
                return m.getKey();
            }
        }
        for (Map.Entry<Integer, String> m : models.entrySet()) {
            if (m.getValue().toUpperCase(Locale.ROOT).equals(cut)) {
                return m.getKey();
            }
        }
        return 0;
    }

    /** {@code XM430-W350 (1020)} for a model this table knows, {@code model 1234} otherwise. */
    public String describeModel(int number) {
        String m = models.get(number);
        return m == null ? "model " + number : m + " (" + number + ")";
    }
}
