package io.canopy.bt.plugin;

import io.canopy.InputException;
import io.canopy.bt.NodeRegistry;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;

/**
 * Loads plugin jars into a node registry: each jar gets its own class loader (parent: Canopy's), its
 * {@link CanopyPlugin}s are found by {@link ServiceLoader} and each registers its types. Every problem (missing
 * jar, no plugin in it, a class that does not load, a type ID registered twice) is one line naming the jar and
 * how to fix it; all are collected and thrown at once as one {@link InputException}.
 */
public final class PluginLoader {
    private PluginLoader() {}

    /** Loads every jar into {@code registry}; returns the loaded plugins' names ("name (jar)"). */
    public static List<String> load(List<Path> jars, NodeRegistry registry) {
        List<String> errors = new ArrayList<>();
        List<String> loaded = new ArrayList<>();
        for (Path jar : jars) {
            loadOne(jar, registry, errors, loaded);
        }
        if (!errors.isEmpty()) {
            throw new InputException(String.join("\n", errors));
        }
        return loaded;
    }

    private static void loadOne(Path jar, NodeRegistry registry, List<String> errors, List<String> loaded) {
        if (!Files.isRegularFile(jar)) {
            errors.add(jar + ": plugin jar not found; give the path of a built jar (mvn package writes it to target/)");
            return;
        }
        String notAJar = notAJar(jar);
        if (notAJar != null) {
            errors.add(jar + ": " + notAJar);
            return;
        }
        try {
            if (!registry.addPluginJar(jar.toRealPath())) {
                return; // already loaded into this registry (named both on the command line and in the launch file)
            }
        } catch (IOException e) {
            errors.add(jar + ": cannot read the plugin jar: " + InputException.oneLine(String.valueOf(e.getMessage())));
            return;
        }
        URL url;
        try {
            url = jar.toUri().toURL();
        } catch (MalformedURLException e) {
            errors.add(jar + ": not a usable path for a plugin jar: " + InputException.oneLine(e.getMessage()));
            return;
        }
        // Not closed: the plugin's classes are used for as long as the process runs.
        URLClassLoader classLoader = new URLClassLoader("plugin:" + jar.getFileName(), new URL[] {url},
                PluginLoader.class.getClassLoader());
        int found = 0;
        var it = ServiceLoader.load(CanopyPlugin.class, classLoader).iterator();
        while (true) {
            CanopyPlugin plugin;
            try {
                if (!it.hasNext()) {
                    break;
                }
                plugin = it.next();
            } catch (ServiceConfigurationError | LinkageError e) {
                errors.add(jar + ": a plugin class does not load: " + InputException.oneLine(String.valueOf(e.getMessage()))
                        + "; check META-INF/services/" + CanopyPlugin.class.getName()
                        + " names a public class with a public no-argument constructor, built for Java 17");
                return;
            }
            // Only plugins from this jar: a parent loader's (the classpath's) ones are loaded once, by their own jar.
            if (plugin.getClass().getClassLoader() != classLoader) {
                continue;
            }
            found++;
            try {
                plugin.register(registry);
                for (Class<? extends Enum<?>> e : plugin.scriptingEnums()) {
                    registry.registerScriptingEnum(e, "plugin " + plugin.name() + " (" + jar.getFileName() + ")");
                }
                loaded.add(plugin.name() + " (" + jar.getFileName() + ")");
            } catch (IllegalArgumentException e) {
                errors.add(jar + ": plugin " + plugin.name() + ": " + InputException.oneLine(e.getMessage())
                        + "; rename the type in the plugin or load only one jar that defines it");
            } catch (RuntimeException | LinkageError e) {
                Throwable cause = e instanceof ExceptionInInitializerError && e.getCause() != null ? e.getCause() : e;
                errors.add(jar + ": plugin " + plugin.name() + " failed while registering its types: "
                        + cause.getClass().getSimpleName() + ": " + InputException.oneLine(String.valueOf(cause.getMessage())));
            }
        }
        if (found == 0) {
            errors.add(jar + ": no plugin in this jar; add META-INF/services/" + CanopyPlugin.class.getName()
                    + " naming your class that implements " + CanopyPlugin.class.getName());
        }
    }

    /** Why {@code jar} is not a jar (a zip file), or null when it is one. */
    private static String notAJar(Path jar) {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            return null;
        } catch (ZipException e) {
            return "not a jar (not a zip file); give the jar that mvn package writes to target/, not "
                    + "a source or text file";
        } catch (IOException e) {
            return "cannot read the plugin jar: " + InputException.oneLine(String.valueOf(e.getMessage()));
        }
    }
}
