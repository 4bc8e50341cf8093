package io.canopy.bt.groot;

import io.canopy.InputException;
import io.canopy.bt.Status;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Reads a FileLogger2 {@code .btlog} (BehaviorTree.CPP's or Canopy's; layout in {@link BtlogWriter}) for
 * {@code canopy btlog}. A partial last record (the writer stopped mid-record) is left out with a note.
 */
public final class BtlogReader {
    /** A parsed log: the tree XML, the first timestamp and the transitions, with node paths by uid. */
    public record Btlog(int protocol, String xml, long firstUsec, long[] usec, int[] uid, byte[] status,
            Map<Integer, String> paths, String note) {
        public int size() {
            return usec.length;
        }

        /** The status name of transition {@code k} (a number when it is none of BT.CPP's five). */
        public String statusName(int k) {
            int s = status[k];
            return s >= 0 && s < Status.values().length ? Status.values()[s].name() : Integer.toString(s);
        }

        /** {@code Main/Sequence/MoveBase} for a uid of the XML, or {@code uid N} when the XML lacks it. */
        public String path(int uid) {
            String p = paths.get(uid);
            return p == null ? "uid " + uid : p;
        }
    }

    private BtlogReader() {}

    public static Btlog read(Path file) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new InputException(file + ": cannot read: " + e.getMessage());
        }
        return parse(file.toString(), bytes);
    }

    public static Btlog parse(String name, byte[] bytes) {
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        byte[] magic = BtlogWriter.MAGIC.getBytes(StandardCharsets.US_ASCII);
        int headEnd = magic.length + 1 + 4;
        if (bytes.length < headEnd) {
            throw new InputException(name + ": not a FileLogger2 .btlog (" + bytes.length + " bytes; the header alone"
                    + " takes " + headEnd + ")");
        }
        for (int i = 0; i < magic.length; i++) {
            if (bytes[i] != magic[i]) {
                throw new InputException(name + ": not a FileLogger2 .btlog (no " + BtlogWriter.MAGIC
                        + " magic at byte 0)");
            }
        }
        b.position(magic.length);
        int protocol = b.get() & 0xFF;
        int xmlLen = b.getInt();
        if (xmlLen < 0 || (long) headEnd + xmlLen + 8 > bytes.length) {
            throw new InputException(name + ": byte " + magic.length + 1 + ": XML length " + xmlLen
                    + " runs past the end of the file (" + bytes.length + " bytes); the file is cut short");
        }
        String xml = new String(bytes, headEnd, xmlLen, StandardCharsets.UTF_8);
        b.position(headEnd + xmlLen);
        long first = b.getLong();
        int n = b.remaining() / Groot2Protocol.TRANSITION_RECORD;
        int partial = b.remaining() % Groot2Protocol.TRANSITION_RECORD;
        long[] usec = new long[n];
        int[] uid = new int[n];
        byte[] status = new byte[n];
        for (int k = 0; k < n; k++) {
            long t = 0;
            for (int i = 0; i < 6; i++) {
                t |= (long) (b.get() & 0xFF) << (8 * i);
            }
            usec[k] = t;
            uid[k] = b.getShort() & 0xFFFF;
            status[k] = b.get();
        }
        String note = partial == 0 ? "" : "a partial last record of " + partial + " bytes at byte "
                + (bytes.length - partial) + " was left out";
        return new Btlog(protocol, xml, first, usec, uid, status, paths(name, xml), note);
    }

    /** uid to node path, from the {@code _uid} attributes of the XML (SubTree contents under their node). */
    private static Map<Integer, String> paths(String name, String xml) {
        Map<Integer, String> paths = new HashMap<>();
        Map<String, String> subtreePrefix = new HashMap<>();
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            Element root = f.newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)))
                    .getDocumentElement();
            // first pass: SubTree nodes name the path of their instance
            for (Node bt = root.getFirstChild(); bt != null; bt = bt.getNextSibling()) {
                if (bt instanceof Element e && e.getTagName().equals("BehaviorTree")) {
                    walk(e, "", paths, subtreePrefix);
                }
            }
            // second pass: nodes inside a SubTree instance get that SubTree node's path as prefix
            for (Node bt = root.getFirstChild(); bt != null; bt = bt.getNextSibling()) {
                if (bt instanceof Element e && e.getTagName().equals("BehaviorTree")) {
                    String prefix = subtreePrefix.get(e.getAttribute("_fullpath"));
                    if (prefix != null) {
                        walk(e, prefix + "/", paths, new HashMap<>());
                    }
                }
            }
        } catch (Exception e) {
            throw new InputException(name + ": the tree XML in the header does not parse: " + e.getMessage());
        }
        return paths;
    }

    private static void walk(Element parent, String prefix, Map<Integer, String> paths, Map<String, String> subtrees) {
        for (Node c = parent.getFirstChild(); c != null; c = c.getNextSibling()) {
            if (!(c instanceof Element e)) {
                continue;
            }
            String full = e.getAttribute("_fullpath");
            String label = e.hasAttribute("name") ? e.getAttribute("name")
                    : e.getTagName().equals("SubTree") && !full.isEmpty() ? full.substring(full.lastIndexOf('/') + 1)
                    : e.hasAttribute("ID") ? e.getAttribute("ID") : e.getTagName();
            String path = prefix + label;
            if (e.hasAttribute("_uid")) {
                try {
                    paths.put(Integer.parseInt(e.getAttribute("_uid")), path);
                } catch (NumberFormatException ignored) {
                    // a uid that is not a number names nothing
                }
            }
            if (e.getTagName().equals("SubTree") && e.hasAttribute("_fullpath")) {
                subtrees.put(e.getAttribute("_fullpath"), path);
            }
            walk(e, path + "/", paths, subtrees);
        }
    }
}
