package io.canopy.bt.plugin;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.ToolProvider;

/** Test helper: builds a plugin project (src/main/java + src/main/resources) into a jar with javac. */
public final class PluginJars {
    private PluginJars() {}

    /** Compiles {@code project} against the test class path; returns {@code out/<project name>.jar}. */
    public static Path build(Path project, Path out) throws IOException {
        Path classes = Files.createDirectories(out.resolve("classes-" + project.getFileName()));
        List<String> args = new ArrayList<>(List.of("--release", "17", "-d", classes.toString(),
                "-cp", System.getProperty("java.class.path")));
        try (Stream<Path> s = Files.walk(project.resolve("src/main/java"))) {
            s.filter(p -> p.toString().endsWith(".java")).forEach(p -> args.add(p.toString()));
        }
        int rc = ToolProvider.getSystemJavaCompiler().run(null, null, null, args.toArray(String[]::new));
        if (rc != 0) {
            throw new IllegalStateException("javac failed on " + project + " (exit " + rc + ")");
        }
        Path resources = project.resolve("src/main/resources");
        if (Files.isDirectory(resources)) {
            try (Stream<Path> s = Files.walk(resources)) {
                for (Path p : (Iterable<Path>) s.filter(Files::isRegularFile)::iterator) {
                    Path target = classes.resolve(resources.relativize(p).toString());
                    Files.createDirectories(target.getParent());
                    Files.copy(p, target);
                }
            }
        }
        return jar(out.resolve(project.getFileName() + ".jar"), classes);
    }

    /** Writes every file under {@code dir} (which may not exist: an empty jar) into {@code jar}. */
    public static Path jar(Path jar, Path dir) throws IOException {
        try (OutputStream os = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(os)) {
            if (Files.isDirectory(dir)) {
                try (Stream<Path> s = Files.walk(dir)) {
                    for (Path p : (Iterable<Path>) s.filter(Files::isRegularFile)::iterator) {
                        j.putNextEntry(new JarEntry(dir.relativize(p).toString().replace('\\', '/')));
                        Files.copy(p, j);
                        j.closeEntry();
                    }
                }
            }
        }
        return jar;
    }
}
