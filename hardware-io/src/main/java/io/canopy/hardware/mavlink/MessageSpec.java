package io.canopy.hardware.mavlink;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One MAVLink message as the XML definitions declare it: id, name, and fields in declaration order (base fields,
 * then extension fields). From that it derives what the wire needs, as the official generator does: the wire
 * order (base fields sorted by type size, largest first, stable; extensions after them in declaration order),
 * each field's offset, the payload lengths with and without extensions, and CRC_EXTRA, the checksum of
 * {@code "NAME "} and, per base field in wire order, {@code "type "}, {@code "name "} and the array length byte.
 * Immutable; built once.
 */
public final class MessageSpec {
    /** One field: name, type, array length (1 for a scalar), offset in the payload. */
    record Field(String name, FieldType type, int arrayLength, boolean extension, int offset) {}

    private final int id;
    private final String name;
    private final List<Field> wireOrder;
    private final Map<String, Field> byName;
    private final int baseLength;
    private final int maxLength;
    private final int crcExtra;

    private MessageSpec(int id, String name, List<Field> declared) {
        this.id = id;
        this.name = name;
        List<Field> base = new ArrayList<>();
        List<Field> ext = new ArrayList<>();
        for (Field f : declared) {
            (f.extension() ? ext : base).add(f);
        }
        base.sort(Comparator.comparingInt((Field f) -> f.type().size).reversed()); // List.sort is stable
        List<Field> ordered = new ArrayList<>();
        Map<String, Field> names = new LinkedHashMap<>();
        int offset = 0;
        int crc = X25Crc.accumulate(X25Crc.INIT, name + " ");
        for (Field f : base) {
            Field placed = new Field(f.name(), f.type(), f.arrayLength(), false, offset);
            offset += f.type().size * f.arrayLength();
            ordered.add(placed);
            names.put(f.name(), placed);
            crc = X25Crc.accumulate(crc, f.type().xmlName + " ");
            crc = X25Crc.accumulate(crc, f.name() + " ");
            if (f.arrayLength() > 1) {
                crc = X25Crc.accumulate(crc, f.arrayLength());
            }
        }
        this.baseLength = offset;
        for (Field f : ext) {
            Field placed = new Field(f.name(), f.type(), f.arrayLength(), true, offset);
            offset += f.type().size * f.arrayLength();
            ordered.add(placed);
            names.put(f.name(), placed);
        }
        this.maxLength = offset;
        this.wireOrder = Collections.unmodifiableList(ordered);
        this.byName = Collections.unmodifiableMap(names);
        this.crcExtra = (crc & 0xFF) ^ (crc >>> 8);
    }

    /** Starts a definition; add fields in the order of the XML. */
    static Builder define(int id, String name) {
        return new Builder(id, name);
    }

    public int id() {
        return id;
    }

    public String name() {
        return name;
    }

    /** The CRC_EXTRA seed of this message. */
    public int crcExtra() {
        return crcExtra;
    }

    /** Payload length of the base fields (a MAVLink 1 frame, the minimum). */
    public int baseLength() {
        return baseLength;
    }

    /** Payload length with every extension field. */
    public int maxLength() {
        return maxLength;
    }

    /** The offset of field {@code field} in the payload; throws for an unknown field (a programming error). */
    public int offset(String field) {
        Field f = byName.get(field);
        if (f == null) {
            throw new IllegalArgumentException("MAVLink message " + name + " has no field '" + field + "'");
        }
        return f.offset();
    }

    List<Field> wireOrder() {
        return wireOrder;
    }

    @Override
    public String toString() {
        return name + "(" + id + ")";
    }

    /** Collects fields in declaration order. */
    static final class Builder {
        private final int id;
        private final String name;
        private final List<Field> fields = new ArrayList<>();
        private boolean extensions;

        private Builder(int id, String name) {
            this.id = id;
            this.name = name;
        }

        Builder field(FieldType type, String fieldName) {
            return array(type, fieldName, 1);
        }

        Builder array(FieldType type, String fieldName, int length) {
            fields.add(new Field(fieldName, type, length, extensions, -1));
            return this;
        }

        Builder u8(String n) {
            return field(FieldType.UINT8, n);
        }

        Builder i8(String n) {
            return field(FieldType.INT8, n);
        }

        Builder u16(String n) {
            return field(FieldType.UINT16, n);
        }

        Builder i16(String n) {
            return field(FieldType.INT16, n);
        }

        Builder u32(String n) {
            return field(FieldType.UINT32, n);
        }

        Builder i32(String n) {
            return field(FieldType.INT32, n);
        }

        Builder f32(String... names) {
            for (String n : names) {
                field(FieldType.FLOAT, n);
            }
            return this;
        }

        Builder u64(String n) {
            return field(FieldType.UINT64, n);
        }

        /** The fields after this are {@code <extensions/>}: not in CRC_EXTRA, sent after the base fields. */
        Builder extensions() {
            extensions = true;
            return this;
        }

        MessageSpec build() {
            return new MessageSpec(id, name, fields);
        }
    }
}
