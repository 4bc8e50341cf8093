package io.canopy.launch.cli.tree;

import io.canopy.InputException;
import io.canopy.bt.NodeRegistry;
import io.canopy.bt.load.XmlTreeLoader;
import io.canopy.launch.Artifacts;
import io.canopy.launch.cli.PluginOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One behavior-tree file checked as {@code validate} and {@code graph} check it: the registry {@code run} uses,
 * plus plugin jars and palettes; every error at once; the types a palette (or the file's own
 * {@code <TreeNodesModel>}) declares but nothing implements are checked as stand-ins, with their declared ports.
 */
public final class TreeCheck {
    private TreeCheck() {}

    /**
     * The errors of {@code file}, one line each (empty when it loads); its warnings (lenient syntax, deprecated
     * aliases, palette merges) are added to {@code warnings}, the palette-merge notes only when {@code verbose}.
     */
    public static List<String> check(Path file, String main, List<Path> searchPath, List<Path> palettes, PluginOptions plugins,
            boolean verbose, List<String> warnings) {
        NodeRegistry registry = Artifacts.registry();
        List<String> errors = new ArrayList<>();
        try {
            plugins.addTo(registry);
        } catch (InputException e) {
            errors.addAll(e.getMessage().lines().toList());
        }
        XmlTreeLoader loader = new XmlTreeLoader(registry).withMain(main).withSearchPath(searchPath)
                .withStandIns(Map.of());
        for (Path p : palettes) {
            try {
                loader.withPalette(p);
            } catch (InputException e) {
                errors.add(e.getMessage());
            }
        }
        if (errors.isEmpty()) {
            errors.addAll(loader.check(file));
        }
        for (String w : loader.warnings()) {
            if (verbose || !w.contains("merged (union of ports") && !w.contains("; ignored")) {
                warnings.add(w);
            }
        }
        return errors;
    }
}
