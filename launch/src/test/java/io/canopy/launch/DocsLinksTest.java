package io.canopy.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The project's documentation stands alone: no Markdown file links outside the checkout (into ../shared or any
 * other folder next to it), and every relative link points at a file or folder that exists.
 */
class DocsLinksTest {
    /** The checkout's launcher, not an installed one such as /opt/canopy/bin/canopy. */
    private static final Pattern CHECKOUT_LAUNCHER = Pattern.compile("(?<![\\w/.])bin/canopy");
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");

    private static List<Path> markdownFiles() throws IOException {
        try (Stream<Path> s = Files.walk(ROOT)) {
            return s.filter(p -> p.toString().endsWith(".md"))
                    .filter(p -> {
                        String rel = ROOT.relativize(p).toString().replace('\\', '/');
                        return !rel.contains("/target/") && !rel.contains("node_modules/") && !rel.startsWith(".")
                                && !rel.contains("/corpus/") && !rel.contains("/src/test/resources/") && !rel.contains("/.");
                    })
                    .toList();
        }
    }

    @Test
    void everyRelativeLinkOfTheDocsResolvesInsideTheCheckout() throws IOException {
        List<String> bad = new ArrayList<>();
        List<Path> files = markdownFiles();
        assertThat(files).extracting(p -> ROOT.relativize(p).toString()).contains("launch/README.md", "docs/commands.md");
        for (Path md : files) {
            List<String> lines = Files.readAllLines(md);
            for (int i = 0; i < lines.size(); i++) {
                Matcher m = LINK.matcher(lines.get(i));
                while (m.find()) {
                    String target = m.group(1);
                    if (target.matches("^[a-z]+:.*") || target.startsWith("#")) {
                        continue; // http:, https:, mailto:, anchors
                    }
                    String path = target.replaceAll("#.*$", "");
                    Path resolved = md.getParent().resolve(path).normalize();
                    String where = ROOT.relativize(md) + ":" + (i + 1) + ": link (" + target + ")";
                    if (!resolved.startsWith(ROOT)) {
                        bad.add(where + " leaves the checkout; copy what a reader needs into the project's own docs");
                    } else if (!Files.exists(resolved)) {
                        bad.add(where + " points at nothing (" + ROOT.relativize(resolved) + ")");
                    }
                }
            }
        }
        assertThat(bad).as("dead or outside links in the docs").isEmpty();
    }

    /**
     * Once canopy is on the PATH (bin/canopy install), the docs say canopy; bin/canopy only where they say how, or
     * where they speak of the launcher script itself. The root README explains both and is left out.
     */
    @Test
    void theDocsSayCanopyAfterTheReadmeSaysOnceHowToInstallIt() throws IOException {
        List<String> bad = new ArrayList<>();
        List<Path> docs = markdownFiles().stream().filter(p -> !p.equals(ROOT.resolve("README.md"))).toList();
        assertThat(docs).contains(ROOT.resolve("launch/README.md"), ROOT.resolve("docs/commands.md"));
        for (Path md : docs) {
            List<String> lines = Files.readAllLines(md);
            for (int i = 0; i < lines.size(); i++) {
                String l = lines.get(i);
                if (CHECKOUT_LAUNCHER.matcher(l).find() && !l.contains("install") && !l.contains("from the checkout")
                        && !l.contains("launcher")) {
                    bad.add(ROOT.relativize(md) + ":" + (i + 1) + ": " + l.strip());
                }
            }
        }
        assertThat(bad).as("say `canopy` (the README says once how to install it with bin/canopy install)").isEmpty();
    }

    /** The project stands on its own: no doc sends a reader to the design notes or the samples beside the repository. */
    @Test
    void noDocPointsOutsideTheProject() throws IOException {
        Pattern outside = Pattern.compile("\\.\\./shared|shared/(seeds|bench|conformance)|DESIGN\\.md|ANCHORS\\.md");
        List<String> bad = new ArrayList<>();
        for (Path md : markdownFiles()) {
            List<String> lines = Files.readAllLines(md);
            for (int i = 0; i < lines.size(); i++) {
                if (outside.matcher(lines.get(i)).find()) {
                    bad.add(ROOT.relativize(md) + ":" + (i + 1) + ": " + lines.get(i).strip());
                }
            }
        }
        assertThat(bad).as("copy what a reader needs into the project's own docs instead").isEmpty();
    }
}
