package io.canopy.launch;

import java.nio.file.Path;

/**
 * A behavior tree run on a named timer ({@code <tree file main timer seed on_finish>}).
 *
 * @param main     the {@code <BehaviorTree ID>} to run, or null for the file's {@code main_tree_to_execute}
 * @param seed     the seed of the tree's random source (reproducible runs)
 * @param restart  true: a tree that finished starts again on the next tick; false: it stays finished
 */
public record TreePlan(String name, Path file, String main, String timer, long seed, boolean restart, Source source) {}
