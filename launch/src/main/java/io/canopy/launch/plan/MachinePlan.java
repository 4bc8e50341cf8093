package io.canopy.launch.plan;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An SCXML state machine run on a named timer ({@code <statemachine name file timer>}).
 *
 * @param params its {@code <param name value>} children: values of its datamodel's {@code <data>} items
 */
public record MachinePlan(String name, Path file, String timer, Source source, Map<String, String> params) {
    public MachinePlan {
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
    }

    /** A machine without parameters. */
    public MachinePlan(String name, Path file, String timer, Source source) {
        this(name, file, timer, source, Map.of());
    }
}
