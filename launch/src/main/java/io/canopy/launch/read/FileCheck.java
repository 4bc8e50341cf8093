package io.canopy.launch.read;

import io.canopy.InputException;
import io.canopy.bt.load.TextFile;
import io.canopy.launch.Artifacts;
import io.canopy.launch.LaunchException;
import io.canopy.launch.LaunchLoader;
import io.canopy.launch.plan.LaunchPlan;
import io.canopy.statemachine.Statechart;
import io.canopy.statemachine.build.ScxmlLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What {@code canopy validate} does for one file: decides what kind of file it is (launch, behavior tree,
 * SCXML) and loads it completely without running anything, returning every error as one line.
 */
public final class FileCheck {
    /** The kinds of file Canopy reads. */
    public enum Kind { LAUNCH, TREE, SCXML }

    private FileCheck() {}

    /** Every error in {@code file} (and the files a launch file names), one line each; empty when it is good. */
    public static List<String> check(Path file, Map<String, String> args) {
        return check(file, args, new ArrayList<>());
    }

    /**
     * Like {@link #check(Path, Map)}, and adds to {@code warnings} one line per thing that loads but will fail
     * when run: for an SCXML document, every expression that is not valid ECMAScript ({@link Statechart#warnings()}).
     */
    public static List<String> check(Path file, Map<String, String> args, List<String> warnings) {
        return check(file, args, warnings, List.of());
    }

    /** As {@link #check(Path, Map, List)}, with the folders {@code $(find-pkg-share)} searches. */
    public static List<String> check(Path file, Map<String, String> args, List<String> warnings, List<Path> searchPath) {
        Kind kind;
        try {
            kind = kindOf(file);
        } catch (InputException e) {
            return List.of(e.getMessage());
        }
        List<String> errors = new ArrayList<>();
        try {
            switch (kind) {
                case LAUNCH -> {
                    LaunchPlan plan = LaunchLoader.load(file, args, searchPath);
                    errors.addAll(Artifacts.checkAll(plan));
                }
                case TREE -> Artifacts.checkTree(file, errors);
                case SCXML -> {
                    Statechart chart = ScxmlLoader.load(LaunchLoader.display(file.toAbsolutePath().normalize()));
                    warnings.addAll(chart.warnings());
                }
            }
        } catch (LaunchException e) {
            errors.addAll(e.errors());
            errors.addAll(Artifacts.checkFiles(e.trees(), e.machines())); // every error at once, the named files' too
        } catch (InputException e) {
            errors.add(e.getMessage());
        }
        return errors;
    }

    /** By name ({@code .launch.xml}, {@code .scxml}) or else by the root element ({@code <launch>}, {@code <scxml>}, {@code <root>}). */
    public static Kind kindOf(Path file) {
        String text = TextFile.read(file, "a launch file, behavior tree or SCXML document");
        String n = file.getFileName().toString();
        if (n.endsWith(".launch.xml") || n.endsWith(".launch")) {
            return Kind.LAUNCH;
        }
        if (n.endsWith(".scxml")) {
            return Kind.SCXML;
        }
        String head = text.substring(0, Math.min(text.length(), 4096));
        String root = rootName(head);
        if ("launch".equals(root)) {
            return Kind.LAUNCH;
        }
        if ("scxml".equals(root)) {
            return Kind.SCXML;
        }
        if ("root".equals(root)) {
            return Kind.TREE;
        }
        if (root.isEmpty()) {
            throw new InputException(file + ": no XML element found (is it XML?); Canopy reads launch files (<launch>),"
                    + " behavior trees (<root BTCPP_format=\"4\">) and SCXML (<scxml>)");
        }
        throw new InputException(file + ": not a launch file, behavior tree or SCXML document (root element <"
                + root + ">); Canopy reads <launch>, <root BTCPP_format=\"4\"> and <scxml>");
    }

    private static String rootName(String head) {
        int i = 0;
        while (true) {
            int lt = head.indexOf('<', i);
            if (lt < 0 || lt + 1 >= head.length()) {
                return "";
            }
            char c = head.charAt(lt + 1);
            if (c == '?' || c == '!') {
                int end = c == '!' && head.startsWith("<!--", lt) ? head.indexOf("-->", lt) : head.indexOf('>', lt);
                if (end < 0) {
                    return "";
                }
                i = end + 1;
                continue;
            }
            int j = lt + 1;
            while (j < head.length() && (Character.isLetterOrDigit(head.charAt(j)) || head.charAt(j) == '_' || head.charAt(j) == ':')) {
                j++;
            }
            return head.substring(lt + 1, j);
        }
    }
}
