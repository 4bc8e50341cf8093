package io.canopy.launch.read;

import io.canopy.InputException;
import io.canopy.launch.LaunchLoader;
import io.canopy.launch.plan.Source;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The arguments a launch file declares ({@code <arg name default description>} in it and its {@code <group>}s,
 * not in the files it includes), as written: for {@code canopy run FILE --show-args}, like
 * {@code ros2 launch --show-args}.
 */
public final class LaunchArgs {
    /** One {@code <arg>}: its default as written (null when it has none: the argument must be given). */
    public record Arg(String name, String defaultValue, String description, Source source) {}

    private LaunchArgs() {}

    public static List<Arg> of(Path file) {
        XmlElement root = SafeXml.parse(LaunchLoader.display(file.toAbsolutePath().normalize()));
        if (!root.name.equals("launch")) {
            throw new InputException(root.where() + ": the root element must be <launch>, not <" + root.name + ">");
        }
        List<Arg> out = new ArrayList<>();
        collect(root, out);
        return out;
    }

    private static void collect(XmlElement parent, List<Arg> out) {
        for (XmlElement e : parent.children) {
            if (e.name.equals("arg")) {
                out.add(new Arg(e.attributes.getOrDefault("name", "?"), e.attributes.get("default"),
                        e.attributes.getOrDefault("description", ""), e.source()));
            } else if (e.name.equals("group")) {
                collect(e, out);
            }
        }
    }

    /** The listing: one block per argument, as {@code ros2 launch --show-args} prints it. */
    public static String describe(List<Arg> args) {
        if (args.isEmpty()) {
            return "No arguments.\n";
        }
        StringBuilder b = new StringBuilder("Arguments (pass arguments as '--arg NAME=VALUE'):\n");
        for (Arg a : args) {
            b.append("\n    '").append(a.name()).append("':\n        ")
                    .append(a.description().isBlank() ? "no description given" : a.description().strip()).append('\n')
                    .append(a.defaultValue() == null ? "        (required)\n" : "        (default: '" + a.defaultValue() + "')\n");
        }
        return b.toString();
    }
}
