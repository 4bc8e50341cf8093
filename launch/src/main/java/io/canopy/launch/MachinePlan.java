package io.canopy.launch;

import java.nio.file.Path;

/** An SCXML state machine run on a named timer ({@code <statemachine name file timer>}). */
public record MachinePlan(String name, Path file, String timer, Source source) {}
