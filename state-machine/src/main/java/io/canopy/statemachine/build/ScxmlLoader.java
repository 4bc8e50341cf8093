package io.canopy.statemachine.build;

import io.canopy.InputException;
import io.canopy.bt.load.TextFile;
import io.canopy.statemachine.Statechart;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Loads SCXML 1.0 documents into compiled {@link Statechart}s. XML is parsed safely (no DTDs, no external
 * entities). {@code datamodel="ecmascript"} documents run on the compiled engine when every expression is in
 * its subset, else on the full engine (Rhino); see {@code datamodel-engine} in docs/statecharts.md. Every error is an
 * {@link InputException} whose one-line message names file, line, column and element.
 *
 * <p>Sub-machines named by {@code <invoke src="file:x.scxml">} are loaded (once) relative to the document.
 */
public final class ScxmlLoader {
    private final Map<Path, Statechart> cache = new HashMap<>();
    private final Set<Path> loading = new HashSet<>();
    /** Load-time diagnostics of this load, the documents it invokes included (see {@link Statechart#warnings()}). */
    final List<String> warnings = new ArrayList<>();

    /** {@code datamodel-engine} for every document of this load (overrides the documents' own), or null. */
    String engineOverride;

    private ScxmlLoader() {}

    /** Loads and compiles the document at {@code file}. */
    public static Statechart load(Path file) {
        return load(file, null);
    }

    /**
     * Loads the document at {@code file} (and those it invokes) on the datamodel engine {@code engine}:
     * {@code "full"}, {@code "compiled"} (a document beyond the compiled subset is refused), {@code "auto"}, or
     * null for what each document says ({@code datamodel-engine}, default auto).
     */
    public static Statechart load(Path file, String engine) {
        if (engine != null && !engine.equals("auto") && !engine.equals("compiled") && !engine.equals("full")) {
            throw new InputException("engine '" + engine + "' must be auto, compiled or full");
        }
        ScxmlLoader loader = new ScxmlLoader();
        loader.engineOverride = engine;
        return loader.withWarnings(loader.loadFile(file.toAbsolutePath().normalize()));
    }

    /** Compiles a document given as text; {@code name} names it in messages, relative srcs resolve to cwd. */
    public static Statechart parse(String xml, String name) {
        ScxmlLoader loader = new ScxmlLoader();
        return loader.withWarnings(loader.loadStream(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)),
                name, Path.of("").toAbsolutePath()));
    }

    private Statechart withWarnings(Statechart chart) {
        chart.warnings = List.copyOf(warnings);
        return chart;
    }

    Statechart loadFile(Path file) {
        Statechart cached = cache.get(file);
        if (cached != null) {
            return cached;
        }
        if (!loading.add(file)) {
            return null;
        }
        try {
            if (Files.exists(file) && !declaresOwnEncoding(file)) {
                // a directory, an empty file, binary data or another encoding: one clear line, not a parser message
                TextFile.read(file, "an SCXML document (<scxml>)");
            }
            InputStream in;
            try {
                in = Files.newInputStream(file);
            } catch (NoSuchFileException e) {
                throw new InputException(file + ": no such file: check the path");
            } catch (IOException e) {
                throw new InputException(file + ": cannot read: " + e.getMessage());
            }
            Path dir = file.getParent() == null ? Path.of("").toAbsolutePath() : file.getParent();
            Statechart chart = loadStream(in, display(file), dir);
            cache.put(file, chart);
            return chart;
        } finally {
            loading.remove(file);
        }
    }

    /**
     * Whether the file starts with a UTF-16 byte order mark (or UTF-16 text without one) or declares in its
     * XML prolog an encoding other than UTF-8 ({@code <?xml version="1.0" encoding="ISO-8859-1"?>}): the XML
     * parser then decodes it as declared. Other files must be UTF-8.
     */
    static boolean declaresOwnEncoding(Path file) {
        byte[] head = new byte[256];
        int n;
        try (InputStream in = Files.newInputStream(file)) {
            n = in.readNBytes(head, 0, head.length);
        } catch (IOException e) {
            return false;
        }
        if (n >= 2 && ((head[0] == (byte) 0xFE && head[1] == (byte) 0xFF) || (head[0] == (byte) 0xFF && head[1] == (byte) 0xFE)
                || (head[0] == 0 && head[1] == '<') || (head[0] == '<' && head[1] == 0))) {
            return true;
        }
        String prolog = new String(head, 0, n, StandardCharsets.ISO_8859_1);
        int end = prolog.indexOf("?>");
        if (!prolog.startsWith("<?xml") || end < 0) {
            return false;
        }
        Matcher m = Pattern.compile("encoding\\s*=\\s*[\"']([A-Za-z0-9._-]+)[\"']")
                .matcher(prolog.substring(0, end));
        if (!m.find()) {
            return false;
        }
        String enc = m.group(1).toLowerCase(Locale.ROOT);
        return !enc.equals("utf-8") && !enc.equals("utf8");
    }

    private Statechart loadStream(InputStream in, String name, Path dir) {
        ScxmlElement root = ScxmlElement.parse(in, name);
        return new DocumentReader(this, dir).read(root);
    }

    /**
     * Whether {@code file} is an SCXML document by its root element: {@code <scxml>} in the SCXML namespace
     * (or in none), whatever prefix it is written with ({@code <scxml:scxml xmlns:scxml="http://www.w3.org/2005/07/scxml">},
     * Apache Commons SCXML's {@code prefix-01.xml}) and whatever the file is called. Reads the first 4 KiB.
     */
    public static boolean looksLikeScxml(Path file) {
        String head;
        try (InputStream in = Files.newInputStream(file)) {
            head = new String(in.readNBytes(4096), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return false;
        }
        String h = head.replaceAll("(?s)<!--.*?-->|<\\?.*?\\?>|<!DOCTYPE[^>]*>", "");
        Matcher root = Pattern.compile("<(?:([A-Za-z_][\\w.-]*):)?scxml\\b([^>]*)>?").matcher(h);
        int lt = h.indexOf('<');
        if (!root.find() || root.start() != lt) {
            return false;
        }
        String prefix = root.group(1);
        String attrs = root.group(2);
        if (prefix == null) {
            Matcher ns = Pattern.compile("\\sxmlns\\s*=\\s*[\"']([^\"']*)[\"']").matcher(attrs);
            return !ns.find() || ns.group(1).equals(DocumentReader.NS);
        }
        Matcher ns = Pattern.compile("\\sxmlns:" + Pattern.quote(prefix) + "\\s*=\\s*[\"']([^\"']*)[\"']").matcher(attrs);
        return ns.find() && ns.group(1).equals(DocumentReader.NS);
    }

    /** The file as messages name it: relative to the working directory when it is below it. */
    private static String display(Path file) {
        Path cwd = Path.of("").toAbsolutePath();
        return file.startsWith(cwd) ? cwd.relativize(file).toString() : file.toString();
    }

    /** Resolves {@code file:x.scxml} (or a plain path) against {@code dir}. */
    static Path resolve(Path dir, String src) {
        String path = src.startsWith("file:") ? src.substring(5) : src;
        return dir.resolve(path).toAbsolutePath().normalize();
    }

    /** Reads the text of {@code src} (a path relative to {@code dir}) for {@code <data src>} and {@code <script src>}. */
    static String readSrc(Path dir, String src, ScxmlElement at) {
        if (isUrl(src)) {
            throw new InputException(at.where() + ": src=\"" + src + "\" is a URL: Canopy reads src only from local "
                    + "files (a path relative to the document); copy the content into the document or next to it");
        }
        return readText(resolve(dir, src), at);
    }

    static boolean isUrl(String src) {
        return src.matches("(?i)(https?|ftp)://.*");
    }

    /** Reads the text of a {@code src} file for {@code <data src>}. */
    static String readText(Path file, ScxmlElement at) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new InputException(at.where() + ": src '" + file + "' cannot be read (" + e.getClass().getSimpleName()
                    + "): check the path, relative to the document");
        }
    }
}
