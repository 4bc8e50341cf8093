package io.canopy.launch.record;

import io.canopy.InputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The files of one recording, in order. A recording split by {@code --record-max-size} is {@code run.mcap} (file 0),
 * then {@code run-001.mcap}, {@code run-002.mcap}, ... (older recordings: {@code run-1.mcap}, ...), each saying in its
 * {@code canopy} metadata which file it is ({@code file_index}) and of which recording ({@code recording}, an id all
 * its files share). Given any of them (the first, or {@code run-*.mcap}, which leaves the first out), this finds the
 * first file and every continuation file next to it, and refuses a set with a gap.
 */
final class RecordingFiles {
    private static final Pattern CONTINUATION = Pattern.compile("^(.*)-(\\d+)(\\.[^.]*)?$");

    private record Head(Path file, int index, String id) {}

    private RecordingFiles() {}

    /** The continuation file {@code index} (1, 2, ...) of a recording whose first file is {@code base}. */
    static Path continuation(Path base, int index) {
        String name = base.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String n = String.format(Locale.ROOT, "%03d", index);
        return base.resolveSibling(dot > 0 ? name.substring(0, dot) + "-" + n + name.substring(dot) : name + "-" + n);
    }

    /** Every file of the recording {@code given} belong to, file 0 first. */
    static List<Path> resolve(List<Path> given) {
        List<Head> heads = new ArrayList<>();
        for (Path p : given) {
            if (!Files.isRegularFile(p)) {
                throw new InputException(p + ": no such file; give a recording made with canopy run --record");
            }
            Head h = head(p);
            if (h == null) {
                return List.of(p); // not an MCAP file: reading it says so
            }
            if (heads.stream().noneMatch(o -> same(o.file(), p))) {
                heads.add(h);
            }
        }
        heads.sort(Comparator.comparingInt(Head::index));
        Head low = heads.get(0);
        for (Head h : heads) {
            if (!Objects.equals(h.id(), low.id())) {
                throw new InputException(h.file() + " and " + low.file() + " are parts of two different recordings; give the "
                        + "files of one");
            }
        }
        Head base = low.index() == 0 ? low : firstOf(low);
        TreeMap<Integer, Path> files = new TreeMap<>();
        files.put(0, base.file());
        for (Head h : heads) {
            Path had = files.putIfAbsent(h.index(), h.file());
            if (had != null && !same(had, h.file())) {
                throw new InputException(h.file() + " and " + had + " are both file " + h.index() + " of the recording; give one");
            }
        }
        for (Head h : siblings(base)) { // the continuation files next to the first
            files.putIfAbsent(h.index(), h.file());
        }
        List<Path> out = new ArrayList<>();
        for (Map.Entry<Integer, Path> e : files.entrySet()) {
            if (e.getKey() != out.size()) {
                throw new InputException(base.file() + ": file " + out.size() + " of this split recording ("
                        + continuation(base.file(), out.size()).getFileName() + ") is missing, but " + e.getValue()
                        + " (file " + e.getKey() + ") is there; a replay needs every file up to the last one given");
            }
            out.add(e.getValue());
        }
        return out;
    }

    /** The first file of the recording {@code h} continues: its name without the {@code -NNN}. */
    private static Head firstOf(Head h) {
        Matcher m = CONTINUATION.matcher(h.file().getFileName().toString());
        Path first = m.matches() ? h.file().resolveSibling(m.group(1) + (m.group(3) == null ? "" : m.group(3))) : null;
        Head f = first != null && Files.isRegularFile(first) ? head(first) : null;
        if (f == null || f.index() != 0 || !Objects.equals(f.id(), h.id())) {
            throw new InputException(h.file() + ": is continuation file " + h.index() + " of a recording split by "
                    + "--record-max-size, and its first file" + (first == null ? "" : " (" + first + ")") + " is not there; "
                    + "a replay starts from the first file (the node's state at a later file's start is not recorded)");
        }
        return f;
    }

    /**
     * The continuation files of {@code base} in its folder: named {@code <name>-<N><ext>} and saying they are file N of
     * the same recording (older recordings, without an id: file N).
     */
    private static List<Head> siblings(Head base) {
        String name = base.file().getFileName().toString();
        int dot = name.lastIndexOf('.');
        String stem = dot > 0 ? name.substring(0, dot) : name;
        String ext = dot > 0 ? name.substring(dot) : "";
        Pattern p = Pattern.compile(Pattern.quote(stem) + "-(\\d{1,9})" + Pattern.quote(ext));
        Path folder = base.file().toAbsolutePath().getParent();
        List<Head> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(folder)) {
            for (Path f : (Iterable<Path>) s::iterator) {
                Matcher m = p.matcher(f.getFileName().toString());
                if (m.matches() && Files.isRegularFile(f)) {
                    Head h = head(base.file().resolveSibling(f.getFileName()));
                    if (h != null && h.index() == Integer.parseInt(m.group(1)) && Objects.equals(h.id(), base.id())) {
                        out.add(h);
                    }
                }
            }
        } catch (IOException e) {
            throw new InputException(folder + ": cannot list it for the continuation files of " + name + " (" + e.getMessage() + ")");
        }
        return out;
    }

    private static Head head(Path p) {
        try {
            Map<String, String> meta = McapReader.headMetadata(p, "canopy");
            int index = Integer.parseInt(meta.getOrDefault("file_index", "0"));
            return new Head(p, index, meta.get("recording"));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static boolean same(Path a, Path b) {
        try {
            return Files.isSameFile(a, b);
        } catch (IOException e) {
            return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
        }
    }
}
