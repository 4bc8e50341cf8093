package io.canopy.statemachine.build;

import io.canopy.InputException;
import io.canopy.statemachine.Action;
import io.canopy.statemachine.Bits;
import io.canopy.statemachine.NameTable;
import io.canopy.statemachine.StateKind;
import io.canopy.statemachine.Statechart;
import io.canopy.statemachine.TransitionGuard;
import io.canopy.statemachine.ecma.ExprProgram;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Turns a described state tree ({@link StateNode}s) into the tables of a {@link Statechart}. */
final class Compiler {
    private final StateNode root;
    private final Statechart c = new Statechart();
    private List<String> warnings;
    private final List<StateNode> order = new ArrayList<>();
    private final Map<String, Integer> index = new HashMap<>();
    private final Map<StateNode, Integer> position = new IdentityHashMap<>();
    private final List<TransitionNode> transitions = new ArrayList<>();
    private final Map<TransitionNode, Integer> transitionIndex = new HashMap<>();

    private Compiler(StateNode root) {
        this.root = root;
    }

    /**
     * @param slotNames the datamodel slots the expressions were compiled against
     * @param topData   the {@code <data>} of the root, in document order
     */
    static Statechart compile(StateNode root, String name, String source, boolean lateBinding, boolean ecmascript,
            String[] slotNames, ExprProgram program) {
        return compile(root, name, source, lateBinding, ecmascript, slotNames, program, new ArrayList<>());
    }

    /** @param warnings receives one line per construct that loads with a guess (a history without default) */
    static Statechart compile(StateNode root, String name, String source, boolean lateBinding, boolean ecmascript,
            String[] slotNames, ExprProgram program, List<String> warnings) {
        Compiler k = new Compiler(root);
        k.warnings = warnings;
        Statechart c = k.c;
        c.name = name;
        c.source = source;
        c.lateBinding = lateBinding;
        c.ecmascript = ecmascript;
        c.slotNames = slotNames;
        c.program = program;
        c.slotIndex = new NameTable(slotNames);
        k.number(root);
        k.states();
        k.transitionTables();
        k.eventTables();
        new StaticSets(c).compute();
        return c;
    }

    /**
     * SCXML 3.10.2: a history state without a default transition behaves as if its default were the parent's
     * initial transition (all children of a parallel parent). Loaded with a warning naming the states used.
     */
    private TransitionNode parentsInitial(StateNode h) {
        StateNode p = h.parent;
        TransitionNode t = new TransitionNode(h, h.where);
        List<String> targets = new ArrayList<>();
        if (p.kind == StateKind.PARALLEL) {
            for (StateNode child : p.children) {
                if (!child.kind.isHistory()) {
                    targets.add(child.id);
                }
            }
        } else if (p.initialTransition != null) {
            targets.addAll(List.of(p.initialTransition.targets));
        } else if (p.initialIds != null) {
            targets.addAll(List.of(p.initialIds));
        } else {
            for (StateNode child : p.children) {
                if (!child.kind.isHistory()) {
                    targets.add(child.id);
                    break;
                }
            }
        }
        if (targets.isEmpty()) {
            throw error(h.where, "<history> '" + h.id + "' has no default <transition> and its parent '" + p.id
                    + "' no child state to fall back to: add <transition target=\"...\"/> inside the <history>");
        }
        t.targets = targets.toArray(new String[0]);
        warnings.add(h.where + ": <history id=\"" + h.id + "\"> has no default transition: when nothing is recorded"
                + " it enters the initial state of '" + p.id + "' (" + String.join(" ", targets) + "), as SCXML 3.10.2"
                + " says; add <transition target=\"...\"/> inside the <history> to choose another");
        return t;
    }

    private InputException error(String where, String message) {
        return new InputException(where + ": " + message);
    }

    private void number(StateNode s) {
        if (s != root) {
            Integer previous = index.put(s.id, order.size());
            if (previous != null) {
                throw error(s.where, "duplicate state id '" + s.id + "' (first declared at "
                        + order.get(previous).where + "): give every state a unique id");
            }
        }
        position.put(s, order.size());
        order.add(s);
        for (StateNode child : s.children) {
            number(child);
        }
    }

    private int resolve(String id, String where) {
        Integer i = index.get(id);
        if (i == null) {
            throw error(where, "target '" + id + "' is not a state of this document: use the id of a <state>, "
                    + "<parallel>, <final> or <history>");
        }
        return i;
    }

    private void states() {
        int n = order.size();
        c.stateCount = n;
        c.words = Bits.words(n);
        c.ids = new String[n];
        c.kinds = new StateKind[n];
        c.parent = new int[n];
        c.children = new int[n][];
        c.histories = new int[n][];
        c.initial = new int[n];
        c.descendants = new long[n][c.words];
        c.childMask = new long[n][c.words];
        c.atomic = new boolean[n];
        c.onEntry = new Action[n][];
        c.onExit = new Action[n][];
        c.doneEvent = new String[n];
        c.stateData = new DataDecl[n][];
        c.invokes = new InvokeDef[n][];
        c.doneData = new DoneData[n];
        String[] names = new String[n];
        names[0] = "\u0000root";
        for (int i = 0; i < n; i++) {
            StateNode s = order.get(i);
            c.ids[i] = s.id;
            if (i > 0) {
                names[i] = s.id;
            }
            c.parent[i] = s.parent == null ? -1 : position.get(s.parent);
            List<Integer> kids = new ArrayList<>();
            List<Integer> hist = new ArrayList<>();
            for (StateNode child : s.children) {
                (child.kind.isHistory() ? hist : kids).add(position.get(child));
            }
            if (s.kind == StateKind.ATOMIC && !kids.isEmpty()) {
                s.kind = StateKind.COMPOUND;
            }
            if (s.kind == StateKind.FINAL && !kids.isEmpty()) {
                throw error(s.where, "<final> '" + s.id + "' has child states: a final state must be atomic");
            }
            if (s.kind.isHistory() && (s.parent == null || s.parent.kind == StateKind.ROOT)) {
                throw error(s.where, "<history> '" + s.id + "' must be inside a <state> or <parallel>");
            }
            c.kinds[i] = s.kind;
            c.children[i] = kids.stream().mapToInt(Integer::intValue).toArray();
            c.histories[i] = hist.stream().mapToInt(Integer::intValue).toArray();
            c.atomic[i] = s.kind == StateKind.ATOMIC || s.kind == StateKind.FINAL;
            c.onEntry[i] = s.onEntry.toArray(new Action[0]);
            c.onExit[i] = s.onExit.toArray(new Action[0]);
            c.doneEvent[i] = "done.state." + s.id;
            c.stateData[i] = s.data.toArray(new DataDecl[0]);
            c.invokes[i] = s.invokes.toArray(new InvokeDef[0]);
            for (InvokeDef inv : c.invokes[i]) {
                inv.state = i;
                c.hasInvokes = true;
            }
            c.doneData[i] = s.doneData;
            c.hasHistory |= !hist.isEmpty();
        }
        c.topData = c.stateData[0];
        c.stateIndex = new NameTable(names);
        for (int i = n - 1; i > 0; i--) {
            int p = c.parent[i];
            Bits.set(c.childMask[p], i);
            Bits.set(c.descendants[p], i);
            Bits.or(c.descendants[p], c.descendants[i]);
        }
        c.maxActiveAtomic = maxActive(0);
        long h = 0xcbf29ce484222325L;
        for (int i = 1; i < n; i++) {
            for (char ch : (c.ids[i] + '/' + c.kinds[i] + '/' + c.parent[i]).toCharArray()) {
                h = (h ^ ch) * 0x100000001b3L;
            }
        }
        c.fingerprint = h;
    }

    private int maxActive(int s) {
        if (c.atomic[s] || c.children[s].length == 0) {
            return 1;
        }
        int total = 0;
        for (int child : c.children[s]) {
            int m = maxActive(child);
            total = c.kinds[s] == StateKind.PARALLEL ? total + m : Math.max(total, m);
        }
        return total;
    }

    private void transitionTables() {
        for (StateNode s : order) {
            if (!s.kind.isHistory()) {
                for (TransitionNode t : s.transitions) {
                    add(t);
                }
            }
        }
        int n = order.size();
        for (int i = 0; i < n; i++) {
            StateNode s = order.get(i);
            c.initial[i] = -1;
            if (s.kind.isHistory()) {
                if (s.initialTransition == null) {
                    s.initialTransition = parentsInitial(s);
                }
                checkDescendants(s.initialTransition, s.parent, "the default transition of <history> '" + s.id + "'");
                c.initial[i] = add(s.initialTransition);
            } else if (s.kind == StateKind.COMPOUND || s.kind == StateKind.ROOT) {
                TransitionNode t = s.initialTransition;
                if (t == null) {
                    t = new TransitionNode(s, s.where);
                    if (s.initialIds != null) {
                        t.targets = s.initialIds;
                    } else {
                        StateNode first = null;
                        for (StateNode child : s.children) {
                            if (!child.kind.isHistory()) {
                                first = child;
                                break;
                            }
                        }
                        if (first == null) {
                            throw error(s.where, "the document has no states: add a <state> or <final>");
                        }
                        t.targets = new String[] {first.id};
                    }
                }
                checkDescendants(t, s, "the initial state of '" + (s.kind == StateKind.ROOT ? "<scxml>" : s.id) + "'");
                c.initial[i] = add(t);
            }
        }
        int m = transitions.size();
        c.transitionCount = m;
        c.tSource = new int[m];
        c.tTargets = new int[m][];
        c.tInternal = new boolean[m];
        c.tCond = new TransitionGuard[m];
        c.tCondText = new String[m];
        c.tEvents = new String[m][];
        c.tAction = new Action[m];
        for (int t = 0; t < m; t++) {
            TransitionNode tn = transitions.get(t);
            c.tSource[t] = position.get(tn.source);
            c.tTargets[t] = new int[tn.targets.length];
            for (int k = 0; k < tn.targets.length; k++) {
                c.tTargets[t][k] = resolve(tn.targets[k], tn.where);
            }
            c.tInternal[t] = tn.internal;
            c.tCond[t] = tn.cond;
            c.tCondText[t] = tn.condText;
            c.tEvents[t] = tn.events;
            c.tAction[t] = tn.action;
        }
    }

    private void checkDescendants(TransitionNode t, StateNode of, String what) {
        if (t.targets.length == 0) {
            throw error(t.where, what + " has no target");
        }
        for (String id : t.targets) {
            StateNode target = order.get(resolve(id, t.where));
            StateNode p = target.parent;
            while (p != null && p != of) {
                p = p.parent;
            }
            if (p == null) {
                throw error(t.where, what + " targets '" + id + "', which is not inside it: name a descendant");
            }
        }
    }

    private int add(TransitionNode t) {
        Integer existing = transitionIndex.get(t);
        if (existing != null) {
            return existing;
        }
        transitions.add(t);
        transitionIndex.put(t, transitions.size() - 1);
        return transitions.size() - 1;
    }

    private static String normalize(String descriptor) {
        String d = descriptor;
        if (d.endsWith(".*")) {
            d = d.substring(0, d.length() - 2);
        }
        while (d.endsWith(".")) {
            d = d.substring(0, d.length() - 1);
        }
        return d.isEmpty() ? "*" : d;
    }

    private static boolean matches(String descriptor, String className) {
        if (descriptor.equals("*")) {
            return true;
        }
        return className.equals(descriptor)
                || (className.length() > descriptor.length() && className.startsWith(descriptor)
                        && className.charAt(descriptor.length()) == '.');
    }

    private void eventTables() {
        Map<String, Integer> classes = new LinkedHashMap<>();
        classes.put("", 0);
        int m = c.transitionCount;
        String[][] normalized = new String[m][];
        for (int t = 0; t < m; t++) {
            String[] ev = c.tEvents[t];
            normalized[t] = new String[ev.length];
            for (int k = 0; k < ev.length; k++) {
                String d = normalize(ev[k]);
                normalized[t][k] = d;
                if (!d.equals("*")) {
                    classes.putIfAbsent(d, classes.size());
                }
            }
        }
        c.classCount = classes.size();
        c.classNames = classes.keySet().toArray(new String[0]);
        String[] tableNames = c.classNames.clone();
        tableNames[0] = "\u0000";
        c.classTable = new NameTable(tableNames);
        int n = c.stateCount;
        c.chains = new int[n * c.classCount][];
        c.eventless = new int[n][];
        int[] buffer = new int[m];
        boolean[] isInitial = new boolean[m];
        for (int s = 0; s < n; s++) {
            if (c.initial[s] >= 0) {
                isInitial[c.initial[s]] = true;
            }
        }
        List<List<Integer>> own = new ArrayList<>();
        for (int s = 0; s < n; s++) {
            own.add(new ArrayList<>());
        }
        for (int t = 0; t < m; t++) {
            if (!isInitial[t]) {
                own.get(c.tSource[t]).add(t);
            }
        }
        for (int s = 0; s < n; s++) {
            if (!c.atomic[s]) {
                continue;
            }
            for (int cls = 0; cls < c.classCount; cls++) {
                int count = 0;
                for (int a = s; a > 0; a = c.parent[a]) {
                    for (int t : own.get(a)) {
                        if (anyMatches(normalized[t], c.classNames[cls], cls)) {
                            buffer[count++] = t;
                        }
                    }
                }
                c.chains[s * c.classCount + cls] = Arrays.copyOf(buffer, count);
            }
            int count = 0;
            for (int a = s; a > 0; a = c.parent[a]) {
                for (int t : own.get(a)) {
                    if (normalized[t].length == 0) {
                        buffer[count++] = t;
                    }
                }
            }
            c.eventless[s] = Arrays.copyOf(buffer, count);
            c.anyEventless |= count > 0;
        }
    }

    private static boolean anyMatches(String[] descriptors, String className, int cls) {
        for (String d : descriptors) {
            if (d.equals("*") || (cls > 0 && matches(d, className))) {
                return true;
            }
        }
        return false;
    }
}
