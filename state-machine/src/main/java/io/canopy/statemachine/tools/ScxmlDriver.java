package io.canopy.statemachine.tools;

import io.canopy.InputException;
import io.canopy.statemachine.Machine;
import io.canopy.statemachine.MachineContext;
import io.canopy.statemachine.Payloads;
import io.canopy.statemachine.Slots;
import io.canopy.statemachine.Statechart;
import io.canopy.tick.DeadlineTimerQueue;
import io.canopy.tick.ManualNanoClock;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.mozilla.javascript.Function;
import org.mozilla.javascript.Undefined;

/**
 * Drives one machine by hand on a virtual clock, for {@code canopy scxml run} and {@code canopy scxml trace}.
 * Input lines: {@code name} or {@code name {"x": 1}} (an external event with JSON data), {@code :data},
 * {@code :reset}, {@code :wait MS} (moves the virtual clock, firing delayed sends), {@code :save FILE},
 * {@code :load FILE} (machine snapshots), {@code :help}, {@code :quit}. After each event the run mode prints
 * what changed over the macrostep: states exited and entered, data items changed, the active configuration;
 * the trace mode prints one line per event, {@code event -> atomic configuration}, for diffing against other
 * engines (SCION's nextConfiguration).
 */
public final class ScxmlDriver {
    private final Statechart chart;
    private final PrintWriter out;
    private final boolean trace;
    private ManualNanoClock clock;
    private DeadlineTimerQueue timers;
    private Machine machine;

    public ScxmlDriver(Statechart chart, PrintWriter out, boolean trace) {
        this.chart = chart;
        this.out = out;
        this.trace = trace;
    }

    /** Starts a fresh machine and prints its initial configuration. */
    public void start() {
        clock = new ManualNanoClock();
        timers = new DeadlineTimerQueue(clock);
        machine = chart.newMachine(context());
        List<String> before = List.of();
        Map<String, String> data = dataValues();
        machine.start();
        if (trace) {
            out.println("initial -> " + String.join(" ", atomicConfiguration()));
        } else {
            printChanges(before, data);
        }
        out.flush();
    }

    private MachineContext context() {
        MachineContext c = new MachineContext(timers).onLog((m, label, value) -> {
            if (!trace) {
                out.println("  log " + (label == null ? "" : label + ": ") + value);
            }
        });
        return trace ? c : c.onMicrostep(this::microstep);
    }

    /** The data values last shown: each microstep shows what changed since. */
    private Map<String, String> shownData = Map.of();

    /** Run mode: one microstep of the machine being driven (invoked children are not shown). */
    private void microstep(Machine m, List<String> transitions, List<String> exited, List<String> entered) {
        if (m != machine) {
            return;
        }
        for (String t : transitions) {
            out.println("  transition " + t);
        }
        if (!exited.isEmpty()) {
            out.println("  exited  " + String.join(" ", exited));
        }
        if (!entered.isEmpty()) {
            out.println("  entered " + String.join(" ", entered));
        }
        printDataChanges();
    }

    private void printDataChanges() {
        Map<String, String> now = dataValues();
        now.forEach((k, v) -> {
            String old = shownData.get(k);
            if (!Objects.equals(old, v)) {
                out.println("  data    " + k + ": " + (old == null ? "undefined" : old) + " -> " + v);
            }
        });
        shownData = now;
    }

    public Machine machine() {
        return machine;
    }

    /** Runs every line of {@code in} until the end or {@code :quit}; false when a line was bad input. */
    public boolean run(BufferedReader in, boolean prompt) throws IOException {
        boolean ok = true;
        while (true) {
            if (prompt) {
                out.print("> ");
                out.flush();
            }
            String line = in.readLine();
            if (line == null) {
                return ok;
            }
            line = line.strip();
            if (line.equals(":quit") || line.equals(":q")) {
                return ok;
            }
            try {
                handle(line);
            } catch (InputException e) {
                out.println("error: " + e.getMessage());
                ok = false;
            }
            out.flush();
        }
    }

    /** One input line. */
    public void handle(String line) {
        if (line.isEmpty() || line.startsWith("#")) {
            return;
        }
        if (line.startsWith(":")) {
            command(line);
            return;
        }
        Object[] event = parseEvent(line);
        String name = (String) event[0];
        Object payload = event[1];
        step(name, () -> machine.fire(name, payload));
        if (trace) {
            out.println(name + " -> " + String.join(" ", atomicConfiguration()));
        }
    }

    /** {@code go} or {@code go {"x": 1}}: the event name and its data (null when none). */
    public static Object[] parseEvent(String line) {
        line = line.strip();
        int space = line.indexOf(' ');
        String name = space < 0 ? line : line.substring(0, space);
        Object data = null;
        if (space >= 0) {
            String json = line.substring(space + 1).strip();
            data = Payloads.json(json);
            if (data == null && !json.equals("null")) {
                throw new InputException("event '" + name + "': the data " + json + " is not JSON: write e.g. " + name
                        + " {\"x\": 1}");
            }
        }
        return new Object[] {name, data};
    }

    private void step(String what, Runnable r) {
        if (!trace) {
            out.println(what + ":");
        }
        shownData = dataValues();
        r.run();
        if (!trace) {
            printDataChanges();
            printActive();
        }
    }

    private void command(String line) {
        String[] words = line.split("\\s+", 2);
        String arg = words.length > 1 ? words[1].strip() : "";
        switch (words[0]) {
            case ":data":
                dataValues().forEach((k, v) -> out.println("  " + k + " = " + v));
                break;
            case ":reset":
                start();
                break;
            case ":wait": {
                long ms;
                try {
                    ms = Long.parseLong(arg);
                } catch (NumberFormatException e) {
                    throw new InputException(":wait needs milliseconds, e.g. :wait 500 (got '" + arg + "')");
                }
                step(":wait " + ms, () -> {
                    long end = clock.nanoTime() + ms * 1_000_000L;
                    while (!timers.isEmpty() && timers.nextDeadlineNs() - end <= 0) {
                        clock.setNs(Math.max(clock.nanoTime(), timers.nextDeadlineNs()));
                        timers.poll(clock.nanoTime(), 1);
                        machine.drain();
                    }
                    clock.setNs(end);
                });
                if (trace) {
                    out.println(":wait " + ms + " -> " + String.join(" ", atomicConfiguration()));
                }
                break;
            }
            case ":save":
                requireFile(arg, ":save");
                try {
                    Files.write(Path.of(arg), machine.snapshot());
                } catch (IOException e) {
                    throw new InputException(":save " + arg + ": cannot write (" + e.getMessage() + ")");
                }
                out.println("  saved to " + arg);
                break;
            case ":load": {
                requireFile(arg, ":load");
                byte[] bytes;
                try {
                    bytes = Files.readAllBytes(Path.of(arg));
                } catch (IOException e) {
                    throw new InputException(":load " + arg + ": cannot read (" + e.getMessage() + ")");
                }
                clock = new ManualNanoClock();
                timers = new DeadlineTimerQueue(clock);
                machine = chart.restore(context(), bytes);
                out.println("  loaded " + arg + ": " + machine.activeStates());
                break;
            }
            case ":help":
                out.println("  EVENT [JSON]  send an external event, e.g. go {\"x\": 1}");
                out.println("  :data  :reset  :wait MS  :save FILE  :load FILE  :quit");
                break;
            default:
                throw new InputException("unknown command '" + words[0] + "': use :data, :reset, :wait MS, :save FILE, "
                        + ":load FILE, :help or :quit");
        }
    }

    private static void requireFile(String arg, String command) {
        if (arg.isEmpty()) {
            throw new InputException(command + " needs a file name, e.g. " + command + " machine.snapshot");
        }
    }

    private Map<String, String> dataValues() {
        Map<String, String> out = new LinkedHashMap<>();
        if (machine == null) {
            return out;
        }
        for (int i = 0; i < chart.slotNames.length; i++) {
            String name = chart.slotNames[i];
            if (!Slots.isSystem(name)) {
                out.put(name, show(machine.cells[i].objectValue()));
            }
        }
        return out;
    }

    /** A value as ECMAScript would write it: {@code 'text'}, {@code 3}, {@code {a: 1, b: [true, null]}}. */
    public static String show(Object v) {
        if (v instanceof CharSequence) {
            return "'" + v + "'";
        }
        if (v instanceof Map) {
            StringBuilder b = new StringBuilder("{");
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                b.append(b.length() > 1 ? ", " : "").append(e.getKey()).append(": ").append(show(e.getValue()));
            }
            return b.append('}').toString();
        }
        if (v instanceof List) {
            StringBuilder b = new StringBuilder("[");
            for (Object item : (List<?>) v) {
                b.append(b.length() > 1 ? ", " : "").append(show(item));
            }
            return b.append(']').toString();
        }
        if (v instanceof Double && ((Double) v) == Math.rint((Double) v) && !((Double) v).isInfinite()) {
            return String.valueOf(((Double) v).longValue());
        }
        if (v instanceof Function) {
            return "function";
        }
        return v == null || v instanceof Undefined ? "undefined" : String.valueOf(v);
    }

    /** The configuration; a machine that stopped in a top-level final state shows that state. */
    private List<String> configuration() {
        String fin = machine.finalStateId();
        return machine.isFinished() && fin != null ? List.of(fin) : machine.activeStates();
    }

    private List<String> atomicConfiguration() {
        String fin = machine.finalStateId();
        return machine.isFinished() && fin != null ? List.of(fin) : machine.activeAtomicStates();
    }

    private void printChanges(List<String> before, Map<String, String> dataBefore) {
        List<String> after = configuration();
        List<String> exited = new ArrayList<>(before);
        exited.removeAll(after);
        List<String> entered = new ArrayList<>(after);
        entered.removeAll(before);
        if (!exited.isEmpty()) {
            out.println("  exited  " + String.join(" ", exited));
        }
        if (!entered.isEmpty()) {
            out.println("  entered " + String.join(" ", entered));
        }
        shownData = dataBefore;
        printDataChanges();
        printActive();
    }

    private void printActive() {
        out.println("  active  " + String.join(" ", configuration()) + (machine.isFinished()
                ? "   (finished" + (machine.finalStateId() == null ? "" : " in " + machine.finalStateId()) + ")" : ""));
    }
}
