package io.canopy.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The ECMAScript dialect: the vocabulary of the W3C SCXML tests in conformance/scxml. */
class EcmaScriptTest {
    private final Set<String> active = new java.util.HashSet<>(List.of("s0", "sh1"));
    private final MapScope dm = new MapScope().function("In", 1, args -> active.contains(args[0]));

    private CompiledExpression compile(String src) {
        return Expressions.compile(src, dm, Dialect.ECMASCRIPT);
    }

    private Object value(String src) {
        return compile(src).evalObject();
    }

    private boolean cond(String src) {
        return compile(src).evalBoolean();
    }

    /** A stand-in for an SCXML event: fixed fields through MemberAccess. */
    private static final class Event implements MemberAccess {
        final Map<String, Object> fields = new HashMap<>();

        @Override
        public Object member(String name) {
            return fields.containsKey(name) ? fields.get(name) : Expressions.UNDEFINED;
        }
    }

    @Test
    void literalsAndVariables() {
        dm.declare("Var1", 0L);
        assertThat(value("'pass'")).isEqualTo("pass");
        assertThat(value("\"dq\"")).isEqualTo("dq");
        assertThat(value("1")).isEqualTo(1L);
        assertThat(value("Var1")).isEqualTo(0L);
        assertThat(value("true")).isEqualTo(true);
        assertThat(value("null")).isNull();
        assertThat(value("undefined")).isSameAs(Expressions.UNDEFINED);
    }

    @Test
    void incrementAVariable() {
        dm.declare("Var1", 0L);
        CompiledExpression inc = Expressions.compileAssignment("Var1", "Var1 + 1", dm, Dialect.ECMASCRIPT);
        inc.execute();
        inc.execute();
        assertThat(dm.get("Var1")).isEqualTo(2L);
        assertThat(cond("Var1==2")).isTrue();
        assertThat(cond("Var1==1")).isFalse();
    }

    @Test
    void truthiness() {
        dm.declare("zero", 0L);
        dm.declare("one", 1L);
        dm.declare("empty", "");
        dm.declare("text", "x");
        dm.declare("nothing", null);
        assertThat(cond("zero")).isFalse();
        assertThat(cond("one")).isTrue();
        assertThat(cond("empty")).isFalse();
        assertThat(cond("text")).isTrue();
        assertThat(cond("nothing")).isFalse();
        assertThat(cond("false")).isFalse();
        assertThat(cond("2")).isTrue();
        assertThat(cond("0/0")).isFalse();
        assertThat(cond("'0'")).isTrue();
    }

    @Test
    void looseAndStrictEquality() {
        assertThat(cond("1 == '1'")).isTrue();
        assertThat(cond("1 === '1'")).isFalse();
        assertThat(cond("1 !== '1'")).isTrue();
        assertThat(cond("1 === 1.0")).isTrue();
        assertThat(cond("true == 1")).isTrue();
        assertThat(cond("true === 1")).isFalse();
        assertThat(cond("null == undefined")).isTrue();
        assertThat(cond("null === undefined")).isFalse();
        assertThat(cond("'' == 0")).isTrue();
        assertThat(cond("'a' != 'b'")).isTrue();
        assertThat(cond("0/0 == 0/0")).isFalse();
    }

    @Test
    void plusConcatenatesWhenASideIsAString() {
        assertThat(value("'a' + 1")).isEqualTo("a1");
        assertThat(value("1 + 2 + 'x'")).isEqualTo("3x");
        assertThat(value("'x' + 1 + 2")).isEqualTo("x12");
        assertThat(value("'v' + 2.5")).isEqualTo("v2.5");
        assertThat(value("'b' + true")).isEqualTo("btrue");
        assertThat(value("1 + true")).isEqualTo(2.0);
        assertThat(value("1 + 0.5")).isEqualTo(1.5);
    }

    @Test
    void comparisonsFollowJavaScript() {
        assertThat(cond("1 < 2 > 3")).isFalse();
        assertThat(cond("3 > 2 > 1")).isFalse(); // (3 > 2) is true, true > 1 is false
        assertThat(cond("'10' < '9'")).isTrue();
        assertThat(cond("'10' < 9")).isFalse();
        assertThat(cond("1 < 'x'")).isFalse();
    }

    @Test
    void logicalOperatorsShortCircuitAndYieldOperands() {
        assertThat(value("0 || 'default'")).isEqualTo("default");
        assertThat(value("'a' && 'b'")).isEqualTo("b");
        assertThat(value("0 && ghost")).isEqualTo(0L);
        assertThat(value("1 || ghost")).isEqualTo(1L);
        assertThat(value("!0")).isEqualTo(true);
        assertThat(value("!'x'")).isEqualTo(false);
    }

    @Test
    void inFunction() {
        assertThat(cond("In('sh1')")).isTrue();
        assertThat(cond("In('s2p112')")).isFalse();
        assertThat(cond("!In('s2p112') && In('s0')")).isTrue();
    }

    @Test
    void constantArgumentsAreSpecialisedOnce() {
        List<Object> specialised = new ArrayList<>();
        dm.function("Is", 1, new ExprFunction() {
            @Override
            public Object call(Object[] args) {
                throw new AssertionError("the specialised function should be called");
            }

            @Override
            public ExprFunction specialize(Object[] constantArgs) {
                specialised.add(constantArgs[0]);
                boolean r = constantArgs[0].equals("yes");
                return args -> r;
            }
        });
        CompiledExpression e = compile("Is('yes')");
        assertThat(specialised).containsExactly("yes");
        assertThat(e.evalBoolean()).isTrue();
        assertThat(e.evalBoolean()).isTrue();
        assertThat(specialised).hasSize(1);
    }

    @Test
    void eventFieldsAndData() {
        Event ev = new Event();
        ev.fields.put("name", "foo");
        ev.fields.put("origintype", "http://www.w3.org/TR/scxml/#SCXMLEventProcessor");
        Map<String, Object> data = new HashMap<>();
        data.put("aParam", 2L);
        data.put("Var1", 1L);
        ev.fields.put("data", data);
        dm.declare("_event", ev);
        assertThat(cond("_event.name == 'foo'")).isTrue();
        assertThat(cond(" _event.origintype == 'http://www.w3.org/TR/scxml/#SCXMLEventProcessor'")).isTrue();
        assertThat(value("_event.data.aParam")).isEqualTo(2L);
        assertThat(cond("_event.data['Var1']==1")).isTrue();
        assertThat(cond("typeof _event.sendid === 'undefined' ")).isTrue();
        assertThat(value("_event.data.missing")).isSameAs(Expressions.UNDEFINED);
        assertThatThrownBy(() -> value("_event.data.missing.deeper")).isInstanceOf(ExpressionException.class)
                .hasMessageContaining("cannot read 'deeper' of undefined");
    }

    @Test
    void eventDataThatIsAValue() {
        Event ev = new Event();
        dm.declare("_event", ev);
        CompiledExpression number = compile("_event.data == 123");
        CompiledExpression text = compile("_event.data == 'foo'");
        ev.fields.put("data", 123L);
        assertThat(number.evalBoolean()).isTrue();
        ev.fields.put("data", "foo");
        assertThat(text.evalBoolean()).isTrue();
        assertThat(number.evalBoolean()).isFalse();
    }

    @Test
    void listsArraysAndStrings() {
        dm.declare("list", List.of(10L, 20L, 30L));
        dm.declare("arr", new int[] {4, 5});
        dm.declare("s", "hello");
        assertThat(value("list[1]")).isEqualTo(20L);
        assertThat(value("list.length")).isEqualTo(3L);
        assertThat(value("list[5]")).isSameAs(Expressions.UNDEFINED);
        assertThat(value("arr[0] + arr[1]")).isEqualTo(9L);
        assertThat(value("s.length")).isEqualTo(5L);
    }

    @Test
    void typeofUndeclaredAndDeclared() {
        dm.declare("Var1", 1L);
        dm.declare("Var2", null);
        assertThat(cond("typeof Var2 === 'undefined' ")).isTrue();
        assertThat(cond("typeof neverDeclared === 'undefined'")).isTrue();
        assertThat(value("typeof Var1")).isEqualTo("number");
        assertThat(value("typeof 'x'")).isEqualTo("string");
        assertThat(value("typeof true")).isEqualTo("boolean");
        assertThat(value("typeof null")).isEqualTo("object");
    }

    @Test
    void readingAnUndeclaredVariableIsAnError() {
        assertThatThrownBy(() -> value("ghost + 1")).isInstanceOf(ExpressionException.class)
                .hasMessageContaining("'ghost' is not declared")
                .satisfies(t -> assertThat(((ExpressionException) t).variable()).isEqualTo("ghost"));
    }

    @Test
    void declaredWithoutValueReadsAsUndefined() {
        dm.declare("Var1", null);
        assertThat(value("Var1")).isSameAs(Expressions.UNDEFINED);
        assertThat(cond("Var1 == null")).isTrue();
        assertThat(value("Var1 + 1")).isEqualTo(Double.NaN);
    }

    @Test
    void assignmentNeedsADeclaredVariable() {
        assertThatThrownBy(() -> Expressions.compileAssignment("Var9", "1", dm, Dialect.ECMASCRIPT).execute())
                .isInstanceOf(ExpressionException.class).hasMessageContaining("not declared");
        dm.declare("Var9", null);
        Expressions.compileAssignment("Var9", "'otherName'", dm, Dialect.ECMASCRIPT).execute();
        assertThat(dm.get("Var9")).isEqualTo("otherName");
    }

    @Test
    void assignmentToAMemberOfUndefinedIsAnError() {
        assertThatThrownBy(() -> Expressions.compileAssignment("foo.bar.baz ", "2", dm, Dialect.ECMASCRIPT).execute())
                .isInstanceOf(ExpressionException.class).hasMessageContaining("'foo' is not declared");
        dm.declare("foo", null);
        assertThatThrownBy(() -> Expressions.compileAssignment("foo.bar.baz ", "2", dm, Dialect.ECMASCRIPT).execute())
                .isInstanceOf(ExpressionException.class).hasMessageContaining("cannot read 'bar' of undefined");
    }

    @Test
    void memberAssignmentOnMaps() {
        Map<String, Object> m = new HashMap<>();
        dm.declare("obj", m);
        compile("obj.a = 5; obj['b'] = obj.a + 1").execute();
        assertThat(m).containsEntry("a", 5L).containsEntry("b", 6L);
    }

    @Test
    void readOnlyVariableRefusesWrites() {
        Variable readOnly = new Variable() {
            @Override public String name() { return "_sessionid"; }
            @Override public ValueKind kind() { return ValueKind.STRING; }
            @Override public boolean booleanValue() { return false; }
            @Override public long longValue() { return 0; }
            @Override public double doubleValue() { return 0; }
            @Override public Object objectValue() { return "abc"; }
            @Override public void setBoolean(boolean value) { throw new UnsupportedOperationException("read-only"); }
            @Override public void setLong(long value) { throw new UnsupportedOperationException("read-only"); }
            @Override public void setDouble(double value) { throw new UnsupportedOperationException("read-only"); }
            @Override public void setObject(Object value) { throw new UnsupportedOperationException("read-only"); }
            @Override public void clear() { throw new UnsupportedOperationException("read-only"); }
        };
        Scope scope = name -> readOnly;
        assertThatThrownBy(() -> Expressions.compileAssignment("_sessionid", "'x'", scope, Dialect.ECMASCRIPT).execute())
                .isInstanceOf(ExpressionException.class)
                .hasMessageContaining("cannot assign string 'x' to '_sessionid': read-only")
                .hasCauseInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void quotedDelays() {
        assertThat(compile("'1.5s'").evalString()).isEqualTo("1.5s");
        assertThat(compile("'.5s'").evalString()).isEqualTo(".5s");
    }

    @Test
    void stringEscapes() {
        assertThat(value("'it\\'s'")).isEqualTo("it's");
        assertThat(value("\"a\\nb\"")).isEqualTo("a\nb");
        assertThat(value("'\\u0041'")).isEqualTo("A");
    }

    @Test
    void numberFormattingInStrings() {
        assertThat(compile("1e21").evalString()).isEqualTo("1e+21");
        assertThat(compile("0.1 + 0.2").evalString()).isEqualTo("0.30000000000000004");
        assertThat(compile("1 / 3").evalString()).isEqualTo("0.3333333333333333");
        assertThat(compile("1e-7").evalString()).isEqualTo("1e-7");
        assertThat(compile("100 / 1").evalString()).isEqualTo("100");
        assertThat(compile("1/0").evalString()).isEqualTo("Infinity");
        assertThat(compile("undefined").evalString()).isEqualTo("undefined");
    }

    @Test
    void arithmeticAndBitwise() {
        assertThat(value("7 % 3")).isEqualTo(1.0);
        assertThat(value("-(2) * 3")).isEqualTo(-6L);
        assertThat(value("'6' * '7'")).isEqualTo(42.0);
        assertThat(value("5 & 3 | 8")).isEqualTo(9L);
        assertThat(value("~5")).isEqualTo(-6L);
        assertThat(value("+'3'")).isEqualTo(3.0);
        assertThat(value("'a' - 1")).isEqualTo(Double.NaN);
    }

    @Test
    void ternaryAndAssignmentAsExpression() {
        dm.declare("x", 0L);
        assertThat(value("x = 3 ? 'yes' : 'no'")).isEqualTo("yes");
        assertThat(dm.get("x")).isEqualTo("yes");
        assertThat(value("x === 'yes' ? 1 : 2")).isEqualTo(1L);
    }

    @Test
    void compoundAssignment() {
        dm.declare("n", 1L);
        dm.declare("s", "a");
        compile("n += 2; n *= 10; s += n").execute();
        assertThat(dm.get("n")).isEqualTo(30L);
        assertThat(dm.get("s")).isEqualTo("a30");
    }

    @Test
    void evalIntoStoresWithoutBoxingKinds() {
        DynamicVariable target = new DynamicVariable("t");
        compile("2 > 1").evalInto(target);
        assertThat(target.kind()).isEqualTo(ValueKind.BOOLEAN);
        compile("1.5").evalInto(target);
        assertThat(target.kind()).isEqualTo(ValueKind.DOUBLE);
        compile("null").evalInto(target);
        assertThat(target.objectValue()).isSameAs(Expressions.NULL);
        assertThat(Expressions.compile("t", name -> target, Dialect.ECMASCRIPT).evalObject()).isNull();
        compile("undefined").evalInto(target);
        assertThat(target.kind()).isEqualTo(ValueKind.EMPTY);
    }

    @Test
    void failingExpressionThrowsOnEveryEvaluation() {
        CompiledExpression bad = Expressions.failing("return", Dialect.ECMASCRIPT, "does not compile");
        assertThatThrownBy(bad::evalBoolean).isInstanceOf(ExpressionException.class).hasMessageContaining("does not compile");
        assertThatThrownBy(bad::execute).isInstanceOf(ExpressionException.class);
    }

    @Test
    void functionFailureBecomesExpressionException() {
        dm.function("Boom", 0, args -> {
            throw new IllegalStateException("kaput");
        });
        assertThatThrownBy(() -> value("Boom()")).isInstanceOf(ExpressionException.class)
                .hasMessageContaining("Boom(...) failed: kaput");
    }

    @Test
    void functionWithComputedArguments() {
        dm.declare("prefix", "s");
        assertThat(cond("In(prefix + 0)")).isTrue();
        assertThat(cond("In(prefix + 1)")).isFalse();
    }

    @Test
    void arrayAndObjectLiterals() {
        dm.declare("Var3", null);
        compile("Var3 = [1, 'two', [3]]").execute();
        assertThat(dm.get("Var3")).isEqualTo(List.of(1L, "two", List.of(3L)));
        assertThat(value("Var3[2][0] + Var3.length")).isEqualTo(6L);
        assertThat(value("({a: 1, 'b c': 'x', 2: true})['b c']")).isEqualTo("x");
        assertThat(value("{a: 1}.a")).isEqualTo(1L);
        assertThat(value("[]")).isEqualTo(List.of());
    }

    @Test
    void memberAccessMayContinueOnTheNextLine() {
        Event ev = new Event();
        ev.fields.put("name", "foo");
        dm.declare("_event", ev);
        assertThat(value("_event\n  .name")).isEqualTo("foo");
        dm.declare("a", 1L);
        assertThat(value("a\n[2, 3]")).isEqualTo(List.of(2L, 3L));
    }
}
