package io.canopy.bt;

import io.canopy.InputException;
import io.canopy.expr.Scope;
import io.canopy.expr.ValueKind;
import io.canopy.expr.Variable;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Typed entries shared by the nodes of one tree; each SubTree instance gets its own blackboard whose keys
 * are remapped to the parent's ({@code param="{key}"}), or all forwarded with {@code _autoremap} (except keys
 * starting with {@code _}). A key starting with {@code @} always refers to the root blackboard.
 *
 * <p>Lookups happen when a tree is built: nodes and compiled scripts keep the {@link Entry} objects, so the
 * tick path never touches the maps. Only the tick thread uses a blackboard.
 */
public final class Blackboard implements Scope {
    private final Blackboard parent;
    private final Blackboard root;
    private final Map<String, Entry> storage = new HashMap<>();
    private final Map<String, String> remapping = new HashMap<>();
    private boolean autoremap;

    private Blackboard(Blackboard parent) {
        this.parent = parent;
        this.root = parent == null ? this : parent.root;
    }

    /** A new root blackboard. */
    public static Blackboard create() {
        return new Blackboard(null);
    }

    /** A child blackboard for a SubTree instance. */
    public Blackboard child(boolean autoremapKeys) {
        Blackboard bb = new Blackboard(this);
        bb.autoremap = autoremapKeys;
        return bb;
    }

    /** Maps the internal key {@code internal} to {@code external} of the parent blackboard. */
    public void addRemapping(String internal, String external) {
        remapping.put(internal, external);
    }

    /** The entry {@code key} of this blackboard itself, created here (never remapped) if missing. */
    public Entry local(String key) {
        return storage.computeIfAbsent(key, k -> new Entry(k, null));
    }

    public Blackboard parent() {
        return parent;
    }

    public Blackboard root() {
        return root;
    }

    /** The entry for {@code key}, created empty and untyped if missing (following remapping). */
    public Entry entry(String key) {
        return entry(key, null);
    }

    /**
     * The entry for {@code key}, created with type {@code type} (null = any) if missing. An existing typed
     * entry must agree with {@code type} (or hold a string): otherwise an {@link InputException}.
     */
    public Entry entry(String key, ValueKind type) {
        if (key.startsWith("@")) {
            return root.entry(key.substring(1), type);
        }
        Entry found = storage.get(key);
        if (found == null) {
            String external = remapping.get(key);
            if (external != null && parent != null) {
                found = parent.entry(external, type);
            } else if (autoremap && parent != null && !key.startsWith("_")) {
                found = parent.entry(key, type);
            } else {
                found = new Entry(key, type);
            }
            storage.put(key, found);
            return found;
        }
        if (type != null && found.type != null && found.type != type && found.type != ValueKind.STRING) {
            throw new InputException("blackboard entry '" + key + "' holds " + Entry.typeName(found.type)
                    + " but a port of type " + Entry.typeName(type) + " is bound to it; use another key or "
                    + "store the value as " + Entry.typeName(type));
        }
        return found;
    }

    /** The existing entry for {@code key} (following remapping), or null; never creates one. */
    public Entry find(String key) {
        if (key.startsWith("@")) {
            return root.find(key.substring(1));
        }
        Entry found = storage.get(key);
        if (found != null) {
            return found;
        }
        if (parent != null) {
            String external = remapping.get(key);
            if (external != null) {
                return parent.find(external);
            }
            if (autoremap && !key.startsWith("_")) {
                return parent.find(key);
            }
        }
        return null;
    }

    @Override
    public Variable variable(String name) {
        return entry(name);
    }

    public void set(String key, long value) {
        entry(key).setLong(value);
    }

    public void set(String key, double value) {
        entry(key).setDouble(value);
    }

    public void set(String key, boolean value) {
        entry(key).setBoolean(value);
    }

    public void set(String key, String value) {
        entry(key).setObject(value);
    }

    /** Empties the entry for {@code key} if it exists; a missing key is fine. */
    public void unset(String key) {
        Entry e = find(key);
        if (e != null) {
            e.clear();
            e.boundByPort = false; // removed, as BT.CPP's unset does: `x = v` fails until `x := v`
        }
    }

    /** The keys of this blackboard's own storage (sorted), including empty entries. */
    public Set<String> keys() {
        return Collections.unmodifiableSet(new TreeSet<>(storage.keySet()));
    }

    @Override
    public String toString() {
        return new TreeMap<>(storage).values().toString();
    }
}
