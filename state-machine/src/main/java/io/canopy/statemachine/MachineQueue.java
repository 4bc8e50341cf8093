package io.canopy.statemachine;

/**
 * A FIFO of events as parallel arrays in a ring that grows by doubling (and never shrinks), so queueing and
 * taking events allocates nothing in steady state. Tick thread only.
 */
public final class MachineQueue {
    private String[] names;
    private int[] classes;
    private String[] types;
    private String[] sendids;
    private String[] origins;
    private String[] origintypes;
    private String[] invokeids;
    private Object[] data;
    private int head;
    private int size;

    MachineQueue(int capacity) {
        allocate(Integer.highestOneBit(Math.max(4, capacity - 1)) << 1);
    }

    private void allocate(int capacity) {
        names = new String[capacity];
        classes = new int[capacity];
        types = new String[capacity];
        sendids = new String[capacity];
        origins = new String[capacity];
        origintypes = new String[capacity];
        invokeids = new String[capacity];
        data = new Object[capacity];
    }

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    public void add(String name, int eventClass, String type, String sendid, String origin, String origintype,
            String invokeid, Object payload) {
        if (size == names.length) {
            grow();
        }
        int i = (head + size) & (names.length - 1);
        names[i] = name;
        classes[i] = eventClass;
        types[i] = type;
        sendids[i] = sendid;
        origins[i] = origin;
        origintypes[i] = origintype;
        invokeids[i] = invokeid;
        data[i] = payload;
        size++;
    }

    /** Moves the oldest event into {@code into}. */
    void poll(MachineEvent into) {
        int i = head;
        into.name = names[i];
        into.eventClass = classes[i];
        into.type = types[i];
        into.sendid = sendids[i];
        into.origin = origins[i];
        into.origintype = origintypes[i];
        into.invokeid = invokeids[i];
        into.data = data[i];
        names[i] = null;
        sendids[i] = null;
        origins[i] = null;
        invokeids[i] = null;
        data[i] = null;
        head = (head + 1) & (names.length - 1);
        size--;
    }

    /** The k-th queued event (0 = oldest) as {name, type, sendid, origin, origintype, invokeid, data}. */
    Object[] peek(int k) {
        int i = (head + k) & (names.length - 1);
        return new Object[] {names[i], types[i], sendids[i], origins[i], origintypes[i], invokeids[i], data[i]};
    }

    private void grow() {
        int n = names.length;
        String[] oldNames = names;
        int[] oldClasses = classes;
        String[] oldTypes = types;
        String[] oldSendids = sendids;
        String[] oldOrigins = origins;
        String[] oldOrigintypes = origintypes;
        String[] oldInvokeids = invokeids;
        Object[] oldData = data;
        allocate(n * 2);
        for (int k = 0; k < size; k++) {
            int i = (head + k) & (n - 1);
            names[k] = oldNames[i];
            classes[k] = oldClasses[i];
            types[k] = oldTypes[i];
            sendids[k] = oldSendids[i];
            origins[k] = oldOrigins[i];
            origintypes[k] = oldOrigintypes[i];
            invokeids[k] = oldInvokeids[i];
            data[k] = oldData[i];
        }
        head = 0;
    }
}
