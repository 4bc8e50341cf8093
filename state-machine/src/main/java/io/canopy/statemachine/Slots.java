package io.canopy.statemachine;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The datamodel slots of a chart: the system variables first, then every declared (or referenced) name. */
public final class Slots {
    static final int EVENT = 0;
    static final int SESSIONID = 1;
    static final int NAME = 2;
    static final int IOPROCESSORS = 3;
    private static final String[] SYSTEM = {"_event", "_sessionid", "_name", "_ioprocessors"};
    public static final String SCXML_PROCESSOR = "http://www.w3.org/TR/scxml/#SCXMLEventProcessor";

    private final List<String> names = new ArrayList<>();
    private final Map<String, Integer> index = new LinkedHashMap<>();

    public Slots() {
        for (String s : SYSTEM) {
            slot(s);
        }
    }

    public static boolean isSystem(String name) {
        for (String s : SYSTEM) {
            if (s.equals(name)) {
                return true;
            }
        }
        return false;
    }

    public int slot(String name) {
        Integer i = index.get(name);
        if (i == null) {
            i = names.size();
            names.add(name);
            index.put(name, i);
        }
        return i;
    }

    public boolean has(String name) {
        return index.containsKey(name);
    }

    public String[] names() {
        return names.toArray(new String[0]);
    }

    static Map<String, Object> ioProcessors(String origin) {
        Map<String, Object> location = Collections.singletonMap("location", origin);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put(SCXML_PROCESSOR, location);
        out.put("scxml", location);
        return Collections.unmodifiableMap(out);
    }
}
