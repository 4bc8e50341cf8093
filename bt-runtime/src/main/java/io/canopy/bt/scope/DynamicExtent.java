package io.canopy.bt.scope;

import io.canopy.bt.Entry;
import java.util.ArrayList;
import java.util.List;

/**
 * cark's dynamic extent: blackboard entries bound for as long as one subtree runs. {@link #enter()} saves
 * each entry's value (or its absence) the first time it is called; the node then writes the bound values;
 * {@link #exit()} gives every entry its saved value back (an entry that held nothing is emptied), innermost
 * last-saved first. Both are idempotent, so a node calls {@code exit()} on every way out: completion,
 * SKIPPED, halt. Nested extents of the same name shadow each other like a stack. Preallocated: nothing
 * allocates after construction.
 */
public final class DynamicExtent {
    private final Entry[] entries;
    private final Saved[] saved;
    private boolean active;

    /** An extent over the given entries; null ones (an optional port not given) are left out. */
    public DynamicExtent(Entry... entries) {
        List<Entry> list = new ArrayList<>();
        for (Entry e : entries) {
            if (e != null && !list.contains(e)) {
                list.add(e);
            }
        }
        this.entries = list.toArray(new Entry[0]);
        this.saved = new Saved[this.entries.length];
        for (int i = 0; i < saved.length; i++) {
            saved[i] = new Saved();
        }
    }

    /** Saves the entries' current values, unless the extent is already entered. */
    public void enter() {
        if (!active) {
            active = true;
            for (int i = 0; i < entries.length; i++) {
                saved[i].save(entries[i]);
            }
        }
    }

    /** Restores the saved values (or absence), if the extent is entered. */
    public void exit() {
        if (active) {
            active = false;
            for (int i = entries.length - 1; i >= 0; i--) {
                entries[i].clear();
                saved[i].restore(entries[i]);
            }
        }
    }

    /** True between {@link #enter()} and {@link #exit()}. */
    public boolean active() {
        return active;
    }
}
