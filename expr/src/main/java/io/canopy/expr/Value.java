package io.canopy.expr;

/**
 * A mutable tagged value: the register that nodes evaluate into. Numbers and booleans live in primitive
 * fields, so evaluating them allocates nothing. One instance per node slot, created at compile time.
 */
final class Value {
    static final byte UNDEFINED = 0;
    static final byte NULL = 1;
    static final byte BOOL = 2;
    /** An integer (BehaviorTree.CPP int64, an integer literal); {@link #num} holds the same value. */
    static final byte INT = 3;
    static final byte NUM = 4;
    static final byte STR = 5;
    static final byte OBJ = 6;

    byte kind;
    boolean bool;
    long lng;
    double num;
    /** The String for STR, the object for OBJ. */
    Object ref;

    void setUndefined() {
        kind = UNDEFINED;
        ref = null;
    }

    void setNull() {
        kind = NULL;
        ref = null;
    }

    void setBool(boolean b) {
        kind = BOOL;
        bool = b;
        num = b ? 1 : 0;
        ref = null;
    }

    void setInt(long v) {
        kind = INT;
        lng = v;
        num = v;
        ref = null;
    }

    void setNum(double v) {
        kind = NUM;
        num = v;
        ref = null;
    }

    void setStr(String s) {
        kind = STR;
        ref = s;
    }

    void setObj(Object o) {
        kind = OBJ;
        ref = o;
    }

    void set(Value v) {
        kind = v.kind;
        bool = v.bool;
        lng = v.lng;
        num = v.num;
        ref = v.ref;
    }

    boolean isNumber() {
        return kind == INT || kind == NUM;
    }

    String str() {
        return (String) ref;
    }
}
