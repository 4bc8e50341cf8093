package io.canopy.hardware.mavlink;

/** The wire types of MAVLink message fields, with their size and the name the message definitions use. */
enum FieldType {
    CHAR("char", 1), UINT8("uint8_t", 1), INT8("int8_t", 1), UINT16("uint16_t", 2), INT16("int16_t", 2),
    UINT32("uint32_t", 4), INT32("int32_t", 4), FLOAT("float", 4), UINT64("uint64_t", 8), INT64("int64_t", 8),
    DOUBLE("double", 8);

    final String xmlName;
    final int size;

    FieldType(String xmlName, int size) {
        this.xmlName = xmlName;
        this.size = size;
    }
}
