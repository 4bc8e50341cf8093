package io.canopy.statemachine.ecma;

import io.canopy.statemachine.DataCell;
import io.canopy.statemachine.Machine;
import io.canopy.statemachine.MachineEvent;
import org.mozilla.javascript.BaseFunction;
import org.mozilla.javascript.Context;
import org.mozilla.javascript.RhinoException;
import org.mozilla.javascript.Script;
import org.mozilla.javascript.ScriptRuntime;
import org.mozilla.javascript.Scriptable;
import org.mozilla.javascript.ScriptableObject;
import org.mozilla.javascript.Undefined;

/**
 * The full ECMAScript engine of one machine: its global scope (the datamodel cells by name, {@code _event},
 * {@code _sessionid}, {@code _name}, {@code _ioprocessors}, {@code In()}, over the shared sealed standard
 * objects), its Rhino context, and the evaluation of the chart's compiled scripts with the instruction budget.
 */
public final class JsSession {
    private final Machine machine;
    private final JsProgram program;
    private final JsEngine.BudgetContext cx;
    final Global global;
    private final EventObject event;
    private final InFunction in;
    long budget = JsEngine.DEFAULT_BUDGET;

    public JsSession(Machine machine, JsProgram program) {
        this.machine = machine;
        this.program = program;
        this.cx = JsEngine.FACTORY.newContext();
        this.global = new Global();
        global.setPrototype(JsEngine.standard());
        global.setParentScope(null);
        this.event = new EventObject();
        event.setPrototype(ScriptableObject.getObjectPrototype(global));
        event.setParentScope(global);
        this.in = new InFunction();
        in.setPrototype(ScriptableObject.getFunctionPrototype(global));
        in.setParentScope(global);
    }

    /** Runs script {@code i}: its raw ECMAScript result. Errors (and a spent budget) are RuntimeExceptions. */
    Object run(int i) {
        return run(i, false);
    }

    /** Runs script {@code i}; with {@code truth}, its ECMAScript truth value (taken while the context is entered). */
    private Object run(int i, boolean truth) {
        Script s = program.scripts[i];
        if (s == null) {
            throw new IllegalStateException(program.failures[i]);
        }
        Context c = JsEngine.FACTORY.enterContext(cx);
        try {
            if (c instanceof JsEngine.BudgetContext) {
                JsEngine.BudgetContext b = (JsEngine.BudgetContext) c;
                b.used = 0;
                b.budget = budget;
            }
            Object result = s.exec(c, global);
            return truth ? (Object) ScriptRuntime.toBoolean(result) : result;
        } catch (RhinoException e) {
            String d = e.details();
            throw new IllegalStateException(program.sources[i].strip() + ": " + (d == null ? e.getMessage() : d), e);
        } finally {
            Context.exit();
        }
    }

    Object value(int i) {
        return JsValues.fromJs(run(i));
    }

    boolean cond(int i) {
        return (Boolean) run(i, true);
    }

    /** Stores a value in a cell, as a script's assignment would. */
    void store(int slot, Object value) {
        JsValues.store(machine.cells[slot], value);
    }

    /** A cell as a script sees it: maps and lists become ECMAScript objects once (kept in the cell). */
    private Object read(int slot) {
        DataCell cell = machine.cells[slot];
        switch (cell.kind()) {
            case EMPTY:
                return Undefined.instance;
            case BOOLEAN:
                return cell.booleanValue();
            case LONG: {
                long j = cell.longValue();
                return j == (int) j ? Integer.valueOf((int) j) : Double.valueOf(j);
            }
            case DOUBLE:
                return cell.doubleValue();
            default:
                Object v = cell.objectValue();
                if (v instanceof MachineEvent) {
                    return event;
                }
                if (v instanceof Scriptable || v instanceof String) {
                    return v;
                }
                Context c = Context.getCurrentContext();
                Object js = JsValues.toJs(v, c, global);
                if (js instanceof Scriptable) {
                    cell.force(js);
                }
                return js;
        }
    }

    /** The global object of one machine: data by name over the shared standard objects. */
    final class Global extends ScriptableObject {
        @Override
        public String getClassName() {
            return "global";
        }

        @Override
        public Object get(String name, Scriptable start) {
            int slot = machine.chart.slotIndex.get(name);
            if (slot >= 0) {
                return read(slot);
            }
            if (name.equals("In")) {
                return in;
            }
            return super.get(name, start);
        }

        @Override
        public boolean has(String name, Scriptable start) {
            return machine.chart.slotIndex.get(name) >= 0 || name.equals("In") || super.has(name, start);
        }

        @Override
        public void put(String name, Scriptable start, Object value) {
            int slot = machine.chart.slotIndex.get(name);
            if (slot >= 0) {
                store(slot, value);
            } else {
                super.put(name, start, value);
            }
        }
    }

    /** {@code _event}: the machine's current event, read-only, its data converted once per event. */
    final class EventObject extends ScriptableObject {
        private final String[] fields = {"name", "type", "sendid", "origin", "origintype", "invokeid", "data"};
        private Object dataSource;
        private Object dataJs = Undefined.instance;

        @Override
        public String getClassName() {
            return "Object";
        }

        @Override
        public Object get(String name, Scriptable start) {
            MachineEvent e = machine.current;
            switch (name) {
                case "data":
                    if (e.data != dataSource) {
                        dataSource = e.data;
                        dataJs = JsValues.toJs(e.data, Context.getCurrentContext(), global);
                    }
                    return dataJs;
                case "name":
                case "type":
                case "sendid":
                case "origin":
                case "origintype":
                case "invokeid":
                    Object v = e.field(name);
                    return v == null ? Undefined.instance : v;
                default:
                    return super.get(name, start);
            }
        }

        @Override
        public boolean has(String name, Scriptable start) {
            for (String f : fields) {
                if (f.equals(name)) {
                    return true;
                }
            }
            return super.has(name, start);
        }

        @Override
        public void put(String name, Scriptable start, Object value) {
            throw new IllegalStateException("_event is read-only: _event." + name + " cannot be assigned");
        }

        @Override
        public Object[] getIds() {
            return fields.clone();
        }
    }

    /** {@code In('state')}. */
    final class InFunction extends BaseFunction {
        @Override
        public Object call(Context c, Scriptable scope, Scriptable thisObj, Object[] args) {
            return args.length > 0 && machine.isActive(ScriptRuntime.toString(args[0]));
        }

        @Override
        public String getFunctionName() {
            return "In";
        }

        @Override
        public int getLength() {
            return 1;
        }
    }
}
