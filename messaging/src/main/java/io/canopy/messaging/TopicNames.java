package io.canopy.messaging;

import io.canopy.InputException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Name resolution in the spirit of ROS: a node {@code controller} in namespace {@code robot1} resolves
 * {@code cmd/goal} to the MQTT topic {@code robot1/cmd/goal}, {@code ~range} to {@code robot1/controller/range}
 * and {@code /fleet/status} (global) to {@code fleet/status}. A remapping {@code from:=to} replaces a name
 * whose resolved form is {@code from} (resolved the same way) by the resolved {@code to}. Topics never start
 * with a slash (an MQTT topic starting with '/' has an empty first level).
 *
 * <p>Immutable; built once per node.
 */
final class TopicNames {
    private final String namespace;
    private final String nodeName;
    private final Map<String, String> remappings;

    TopicNames(String namespace, String nodeName, List<String> remappings) {
        this.namespace = normalizeNamespace(namespace);
        if (nodeName == null || nodeName.isEmpty() || nodeName.indexOf('/') >= 0 || nodeName.startsWith("~")) {
            throw new InputException("node name '" + nodeName + "': must be one non-empty topic level without '/' or '~'"
                    + " (for example controller)");
        }
        checkLevels(nodeName, "node name", false);
        this.nodeName = nodeName;
        Map<String, String> map = new LinkedHashMap<>();
        for (String rule : remappings) {
            int sep = rule.indexOf(":=");
            if (sep <= 0 || sep == rule.length() - 2) {
                throw new InputException("remapping '" + rule + "': expected from:=to with both sides non-empty"
                        + " (for example cmd:=/robot2/cmd)");
            }
            String from = resolveUnmapped(rule.substring(0, sep), true);
            String to = resolveUnmapped(rule.substring(sep + 2), true);
            map.put(from, to);
        }
        this.remappings = Collections.unmodifiableMap(map);
    }

    String namespace() {
        return namespace;
    }

    String nodeName() {
        return nodeName;
    }

    /** The node's own topic prefix: {@code <namespace>/<node>} (or just the node name with no namespace). */
    String nodePath() {
        return namespace.isEmpty() ? nodeName : namespace + "/" + nodeName;
    }

    /** Resolves a publisher or service name (no wildcards) to an MQTT topic, applying remappings. */
    String resolveTopic(String name) {
        String resolved = resolveUnmapped(name, false);
        String mapped = remappings.get(resolved);
        if (mapped == null) {
            return resolved;
        }
        checkLevels(mapped, "topic name '" + name + "' (remapped to '" + mapped + "')", false);
        return mapped;
    }

    /** Resolves a subscription name, which may contain the MQTT wildcards '+' and '#' as whole levels. */
    String resolveFilter(String name) {
        String resolved = resolveUnmapped(name, true);
        return remappings.getOrDefault(resolved, resolved);
    }

    /** See {@link MqttNode#checkFilter(String)}. */
    static String checkFilter(String filter) {
        if (filter == null || filter.isEmpty()) {
            throw new InputException("topic filter '': must not be empty (for example robot1/# or robot1/+/state)");
        }
        String absolute = filter.startsWith("/") ? filter.substring(1) : filter;
        checkLevels(absolute, "topic filter '" + filter + "'", true);
        return absolute;
    }

    private String resolveUnmapped(String name, boolean wildcards) {
        if (name == null || name.isEmpty()) {
            throw new InputException("topic name '': must not be empty (for example cmd/goal, ~state or /fleet/status)");
        }
        String resolved;
        if (name.startsWith("~")) {
            String rest = name.substring(1);
            if (rest.startsWith("/")) {
                rest = rest.substring(1);
            }
            resolved = rest.isEmpty() ? nodePath() : nodePath() + "/" + rest;
        } else if (name.startsWith("/")) {
            resolved = name.substring(1);
        } else {
            resolved = namespace.isEmpty() ? name : namespace + "/" + name;
        }
        checkLevels(resolved, "topic name '" + name + "'", wildcards);
        return resolved;
    }

    private static String normalizeNamespace(String ns) {
        if (ns == null) {
            return "";
        }
        String s = ns;
        while (s.startsWith("/")) {
            s = s.substring(1);
        }
        while (s.endsWith("/")) {
            s = s.substring(0, s.length() - 1);
        }
        if (!s.isEmpty()) {
            checkLevels(s, "namespace '" + ns + "'", false);
        }
        return s;
    }

    /** Checks that every level is non-empty and that wildcards, if allowed, fill a whole level. */
    static void checkLevels(String topic, String what, boolean wildcards) {
        if (topic.isEmpty()) {
            throw new InputException(what + ": resolves to an empty topic; give a non-empty name");
        }
        String[] levels = topic.split("/", -1);
        for (int i = 0; i < levels.length; i++) {
            String level = levels[i];
            if (level.isEmpty()) {
                throw new InputException(what + ": resolves to '" + topic + "', which has an empty level"
                        + " (a doubled or trailing '/'); remove it");
            }
            for (int c = 0; c < level.length(); c++) {
                char ch = level.charAt(c);
                if (ch == 0) {
                    throw new InputException(what + ": contains a NUL character; remove it");
                }
                if (ch == '+' || ch == '#') {
                    if (!wildcards) {
                        throw new InputException(what + ": '" + ch + "' is an MQTT wildcard, allowed only in subscriptions;"
                                + " publish to a concrete topic");
                    }
                    if (level.length() != 1 || (ch == '#' && i != levels.length - 1)) {
                        throw new InputException(what + ": wildcard '" + ch + "' must fill a whole level"
                                + (ch == '#' ? " and be the last one" : "") + " (for example robot1/+/state or robot1/#)");
                    }
                }
            }
        }
    }
}
