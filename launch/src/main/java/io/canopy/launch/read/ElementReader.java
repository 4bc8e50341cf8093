package io.canopy.launch.read;

import io.canopy.Names;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads the attributes of one element: expands substitutions, converts values, and reports every problem
 * (unknown attribute, missing attribute, bad value, missing file) as one error line naming the file, line,
 * column and element. A getter that fails records the error and returns a harmless placeholder, so the
 * loader goes on and reports all errors at once.
 */
public final class ElementReader {
    static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_.-]*");

    private final XmlElement element;
    private final Substitutions subst;
    private final List<String> errors;
    private final Set<String> allowed;

    public ElementReader(XmlElement element, Substitutions subst, List<String> errors, String... allowed) {
        this.element = element;
        this.subst = subst;
        this.errors = errors;
        this.allowed = new LinkedHashSet<>(Arrays.asList(allowed));
        this.allowed.add("if");
        this.allowed.add("unless");
        for (String attr : element.attributes.keySet()) {
            if (!this.allowed.contains(attr)) {
                List<String> candidates = new ArrayList<>(this.allowed);
                error("unknown attribute '" + attr + "'" + Names.suggestion(attr, candidates) + "; <" + element.name
                        + "> takes " + String.join(", ", this.allowed));
            }
        }
    }

    public XmlElement element() {
        return element;
    }

    /**
     * Records an error about the element; one about an attribute ({@code "attribute 'x': ..."}, {@code "unknown
     * attribute 'x'..."}) names the line and column where that attribute is written.
     */
    public void error(String message) {
        errors.add(element.where(attributeNamed(message)) + ": " + message);
    }

    private static String attributeNamed(String message) {
        String m = message.startsWith("unknown ") ? message.substring("unknown ".length()) : message;
        if (!m.startsWith("attribute '")) {
            return "";
        }
        int end = m.indexOf('\'', "attribute '".length());
        return end < 0 ? "" : m.substring("attribute '".length(), end);
    }

    /** Evaluates {@code if} and {@code unless}: false when the element is switched off. */
    public boolean enabled() {
        boolean on = true;
        if (element.attributes.containsKey("if")) {
            on = bool("if", true);
        }
        if (element.attributes.containsKey("unless")) {
            on &= !bool("unless", false);
        }
        return on;
    }

    public boolean has(String attr) {
        return element.attributes.containsKey(attr);
    }

    /** The expanded value, or {@code fallback} when absent (null on a substitution error, already reported). */
    public String string(String attr, String fallback) {
        String raw = element.attributes.get(attr);
        if (raw == null) {
            return fallback;
        }
        try {
            return subst.expand(raw);
        } catch (Substitutions.Failure f) {
            error("attribute '" + attr + "': " + f.getMessage());
            return null;
        }
    }

    /** A required attribute; null (error reported) when missing or empty. */
    public String required(String attr, String example) {
        if (!has(attr)) {
            error("missing attribute '" + attr + "'; add it, for example " + attr + "=\"" + example + "\"");
            return null;
        }
        String v = string(attr, null);
        if (v != null && v.isEmpty()) {
            error("attribute '" + attr + "' is empty; give a value, for example " + attr + "=\"" + example + "\"");
            return null;
        }
        return v;
    }

    /** A name ({@code [A-Za-z_][A-Za-z0-9_.-]*}). */
    public String name(String attr, String fallback, boolean required) {
        String v = required ? required(attr, "base") : string(attr, fallback);
        if (v != null && !NAME.matcher(v).matches()) {
            error("attribute '" + attr + "': \"" + v + "\" is not a valid name; use letters, digits, '_', '-' and '.', starting with a letter or '_'");
            return null;
        }
        return v;
    }

    boolean bool(String attr, boolean fallback) {
        String v = string(attr, null);
        if (v == null) {
            return fallback;
        }
        switch (v.strip().toLowerCase(Locale.ROOT)) {
            case "true":
            case "1":
                return true;
            case "false":
            case "0":
                return false;
            default:
                error("attribute '" + attr + "': \"" + v + "\" is not a boolean; write true or false");
                return fallback;
        }
    }

    long integer(String attr, long fallback, long min, long max, String unit) {
        String v = string(attr, null);
        if (v == null) {
            return fallback;
        }
        try {
            long n = Long.parseLong(v.strip());
            if (n < min || n > max) {
                error("attribute '" + attr + "': " + n + " is out of range; write " + unit + " from " + min + " to " + max);
                return fallback;
            }
            return n;
        } catch (NumberFormatException e) {
            error("attribute '" + attr + "': \"" + v + "\" is not a whole number; write " + unit + " from " + min + " to " + max);
            return fallback;
        }
    }

    double positive(String attr, double fallback, double max, String unit) {
        String v = string(attr, null);
        if (v == null) {
            return fallback;
        }
        try {
            double d = Double.parseDouble(v.strip());
            if (!(d > 0) || d > max || Double.isNaN(d)) {
                error("attribute '" + attr + "': " + v.strip() + " is out of range; write " + unit + " above 0 and at most " + (long) max);
                return fallback;
            }
            return d;
        } catch (NumberFormatException e) {
            error("attribute '" + attr + "': \"" + v + "\" is not a number; write " + unit + ", for example " + attr + "=\"50\"");
            return fallback;
        }
    }

    /** One of {@code options} (case-sensitive as written in the options). */
    String choice(String attr, String fallback, String... options) {
        String v = string(attr, null);
        if (v == null) {
            return fallback;
        }
        for (String o : options) {
            if (o.equals(v.strip())) {
                return o;
            }
        }
        error("attribute '" + attr + "': \"" + v + "\" is not allowed; write one of " + String.join(", ", options));
        return fallback;
    }

    /** A path relative to the element's file, which must name an existing regular file; null when absent. */
    public Path file(String attr, boolean required, String example) {
        String v = required ? required(attr, example) : string(attr, null);
        if (v == null || v.isEmpty()) {
            return null;
        }
        Path dir = element.file.toAbsolutePath().getParent();
        Path p = dir.resolve(v).normalize();
        if (!Files.isRegularFile(p)) {
            error("attribute '" + attr + "': file \"" + v + "\" not found (looked for " + p
                    + "); paths are relative to the launch file that names them");
            return null;
        }
        return p;
    }
}
