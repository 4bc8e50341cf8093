package io.canopy.bt;

/** Which way data flows through a port. */
public enum PortDirection {
    INPUT("input_port"),
    OUTPUT("output_port"),
    INOUT("inout_port");

    private final String xmlName;

    PortDirection(String xmlName) {
        this.xmlName = xmlName;
    }

    public String xmlName() {
        return xmlName;
    }

    boolean reads() {
        return this != OUTPUT;
    }

    boolean writes() {
        return this != INPUT;
    }
}
