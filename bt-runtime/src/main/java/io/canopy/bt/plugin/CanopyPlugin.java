package io.canopy.bt.plugin;

import io.canopy.bt.NodeRegistry;
import java.util.List;

/**
 * What a plugin jar implements to add node types: one class, named in the jar's
 * {@code META-INF/services/io.canopy.bt.plugin.CanopyPlugin}, with a public no-argument constructor.
 * {@link #register} adds its types with one line each, as code that builds a registry does:
 * <pre>{@code
 * public final class HelloPlugin implements CanopyPlugin {
 *     public void register(NodeRegistry registry) {
 *         registry.register(SayHello.TYPE);
 *     }
 * }
 * }</pre>
 * A type whose ID a palette declares replaces nothing: it is the declared type's implementation, checked
 * against the palette's ports like a built-in.
 */
public interface CanopyPlugin {
    /** A short name for messages (the jar's name is added by the loader); the class name by default. */
    default String name() {
        return getClass().getName();
    }

    /** Registers this plugin's node types. */
    void register(NodeRegistry registry);

    /**
     * Java enums whose constants scripts and numeric ports may name, numbered by ordinal (BehaviorTree.CPP's
     * {@code registerScriptingEnums<Color>()}): with {@code enum Color {RED, GREEN, BLUE}} listed here, a tree
     * can say {@code <Script code="color := GREEN"/>} and {@code <Precondition if="color == RED">}. None by
     * default.
     */
    default List<Class<? extends Enum<?>>> scriptingEnums() {
        return List.of();
    }
}
