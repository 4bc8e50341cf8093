package io.canopy.launch.record;

import com.google.protobuf.ByteString;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import io.canopy.hardware.mavlink.MavlinkText;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code canopy bag info}'s devices: per device link ({@code in/device/<link>}, {@code out/device/<link>}), its
 * protocol, the reads it got and the frames it wrote, and the decoded messages each way by name.
 */
final class DeviceCounts {
    private static final class Link {
        String protocol = "?";
        long reads;
        long written;
        final Map<String, Long> in = new TreeMap<>();
        final Map<String, Long> out = new TreeMap<>();
        final List<String> states = new ArrayList<>();
    }

    private static final Pattern DEVICE_TOPIC = Pattern.compile("(.*)/(in|out)/device/(.+)");

    private final Map<String, Link> links = new LinkedHashMap<>();

    /** A message of {@code topic}, if it is a device link's. */
    void add(String topic, byte[] data) {
        Matcher t = DEVICE_TOPIC.matcher(topic);
        if (!t.matches()) {
            return;
        }
        boolean out = t.group(2).equals("out");
        Link l = links.computeIfAbsent(t.group(1) + "/device/" + t.group(3), k -> new Link());
        DynamicMessage m;
        try {
            m = DynamicMessage.parseFrom(RecordSchemas.type("DeviceFrame"), data);
        } catch (InvalidProtocolBufferException e) {
            return;
        }
        l.protocol = (String) m.getField(m.getDescriptorForType().findFieldByName("protocol"));
        String state = (String) m.getField(m.getDescriptorForType().findFieldByName("state"));
        if (!state.isEmpty()) {
            l.states.add(state);
            return;
        }
        if (out) {
            l.written++;
        } else {
            l.reads++;
        }
        byte[] bytes = ((ByteString) m.getField(m.getDescriptorForType().findFieldByName("data"))).toByteArray();
        if (l.protocol.equals("mavlink")) {
            for (String f : MavlinkText.frames(bytes)) {
                int sp = f.indexOf(' ');
                (out ? l.out : l.in).merge(sp < 0 ? f : f.substring(0, sp), 1L, Long::sum);
            }
        }
    }

    boolean isEmpty() {
        return links.isEmpty();
    }

    void print(PrintWriter w) {
        w.printf("devices:     %d%n", links.size());
        links.forEach((name, l) -> {
            w.printf("  %-48s %s: %d reads in, %d frames out%s%n", name, l.protocol, l.reads, l.written,
                    l.states.isEmpty() ? "" : "; link " + String.join(", ", l.states));
            w.printf("    in:  %s%n", counts(l.in));
            w.printf("    out: %s%n", counts(l.out));
        });
    }

    private static String counts(Map<String, Long> m) {
        List<String> parts = new ArrayList<>();
        m.forEach((k, v) -> parts.add(k + " " + v));
        return parts.isEmpty() ? "-" : String.join(", ", parts);
    }
}
