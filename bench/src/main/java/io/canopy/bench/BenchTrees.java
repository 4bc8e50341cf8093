package io.canopy.bench;

import io.canopy.bt.Blackboard;
import io.canopy.bt.NodeRegistry;
import io.canopy.bt.Tree;
import io.canopy.bt.TreeContext;
import io.canopy.bt.bench.BenchLeaves;
import io.canopy.bt.load.XmlTreeLoader;
import io.canopy.tick.DeadlineTimerQueue;
import io.canopy.tick.SystemNanoClock;
import java.nio.file.Files;
import java.nio.file.Path;

/** Finds the bench tree files and loads one on Canopy with the benchmark leaves ({@code target = 42}). */
public final class BenchTrees {
    private BenchTrees() {}

    /** {@code -Dcanopy.bench.trees=DIR}, else the first {@code bench/trees} found from the working directory up. */
    public static Path dir() {
        String given = System.getProperty("canopy.bench.trees");
        if (given != null) {
            return Path.of(given);
        }
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("bench/trees"))) {
                return p.resolve("bench/trees");
            }
            if (p.getFileName() != null && p.getFileName().toString().equals("bench") && Files.isDirectory(p.resolve("trees"))) {
                return p.resolve("trees");
            }
        }
        throw new IllegalStateException("bench/trees not found above " + Path.of("").toAbsolutePath()
                + "; run from the Canopy checkout or pass -Dcanopy.bench.trees=DIR");
    }

    public static Path file(String name) {
        return dir().resolve(name + ".xml");
    }

    public static Tree loadCanopy(String name) {
        NodeRegistry registry = BenchLeaves.register(NodeRegistry.withBuiltins());
        Blackboard bb = Blackboard.create();
        bb.set("target", 42L);
        return new XmlTreeLoader(registry).loadFile(file(name), bb,
                new TreeContext(new DeadlineTimerQueue(SystemNanoClock.INSTANCE), 0L));
    }
}
