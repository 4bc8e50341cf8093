package io.canopy.launch;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes launch files and their companions into a test's temporary folder. */
public final class LaunchFiles {
    static final String TREE = "<root BTCPP_format=\"4\" main_tree_to_execute=\"Main\">\n"
            + "  <BehaviorTree ID=\"Main\"><AlwaysSuccess/></BehaviorTree>\n</root>\n";
    static final String SCXML = "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"1.0\" initial=\"a\">\n"
            + "  <state id=\"a\"/>\n</scxml>\n";

    private LaunchFiles() {}

    public static Path write(Path dir, String name, String text) {
        try {
            Path p = dir.resolve(name);
            Files.createDirectories(p.getParent());
            Files.writeString(p, text);
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A launch document: {@code <launch>} around {@code body}. */
    static String launch(String body) {
        return "<?xml version=\"1.0\"?>\n<launch>\n" + body + "\n</launch>\n";
    }
}
