package io.canopy.expr;

/**
 * A mutable tagged value: the register that nodes evaluate into. Numbers and booleans live in primitive
 * fields, so evaluating them allocates nothing. One instance per node slot, created at compile time.
 */
public final class Value {
    public static final byte UNDEFINED = 0;
    public static final byte NULL = 1;
    public static final byte BOOL = 2;
    /** An integer (BehaviorTree.CPP int64, an integer literal); {@link #num} holds the same value. */
    public static final byte INT = 3;
    public static final byte NUM = 4;
    public static final byte STR = 5;
    public static final byte OBJ = 6;

    public byte kind;
    public boolean bool;
    public long lng;
    public double num;
    /** The String for STR, the object for OBJ. */
    public Object ref;

    public void setUndefined() {
        kind = UNDEFINED;
        ref = null;
    }

    void setNull() {
        kind = NULL;
        ref = null;
    }

    public void setBool(boolean b) {
        kind = BOOL;
        bool = b;
        num = b ? 1 : 0;
        ref = null;
    }

    public void setInt(long v) {
        kind = INT;
        lng = v;
        num = v;
        ref = null;
    }

    public void setNum(double v) {
        kind = NUM;
        num = v;
        ref = null;
    }

    public void setStr(String s) {
        kind = STR;
        ref = s;
    }

    public void setObj(Object o) {
        kind = OBJ;
        ref = o;
    }

    public void set(Value v) {
        kind = v.kind;
        bool = v.bool;
        lng = v.lng;
        num = v.num;
        ref = v.ref;
    }

    public boolean isNumber() {
        return kind == INT || kind == NUM;
    }

    public String str() {
        return (String) ref;
    }
}
