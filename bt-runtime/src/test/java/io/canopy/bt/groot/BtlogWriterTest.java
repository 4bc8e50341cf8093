package io.canopy.bt.groot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.canopy.bt.Tree;
import io.canopy.bt.observe.ObservedTrees;
import io.canopy.bt.observe.TreeObserver;
import java.io.ByteArrayInputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** .btlog files read back by a reader written from the FileLogger2 layout (bt_file_logger_v2.cpp). */
class BtlogWriterTest {
    @TempDir
    Path dir;

    /** What an independent FileLogger2 reader sees. */
    record Parsed(int protocol, String xml, long firstUsec, List<long[]> records) {}

    static Parsed parse(byte[] bytes) {
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        byte[] magic = new byte[18];
        b.get(magic);
        assertThat(new String(magic, StandardCharsets.US_ASCII)).isEqualTo("BTCPP4-FileLogger2");
        int protocol = b.get();
        int xmlLen = b.getInt();
        byte[] xml = new byte[xmlLen];
        b.get(xml);
        long first = b.getLong();
        assertThat(b.remaining() % 9).as("whole 9-byte records").isZero();
        List<long[]> recs = new ArrayList<>();
        while (b.hasRemaining()) {
            long usec = 0;
            for (int i = 0; i < 6; i++) {
                usec |= (long) (b.get() & 0xFF) << (8 * i);
            }
            long uid = b.getShort() & 0xFFFF;
            long status = b.get() & 0xFF;
            recs.add(new long[] {usec, uid, status});
        }
        return new Parsed(protocol, new String(xml, StandardCharsets.UTF_8), first, recs);
    }

    @Test
    void aRunReadsBackWithTheFileLogger2Layout() throws Exception {
        ObservedTrees t = new ObservedTrees();
        Tree tree = t.load("""
                <root BTCPP_format="4" main_tree_to_execute="Main">
                  <BehaviorTree ID="Main">
                    <Sequence><SubTree ID="Wait" name="w"/><AlwaysSuccess/></Sequence>
                  </BehaviorTree>
                  <BehaviorTree ID="Wait"><Sleep msec="5"/></BehaviorTree>
                </root>""");
        TreeObserver observer = TreeObserver.attach(tree);
        Path file = dir.resolve("logs/main.btlog");
        long before = System.currentTimeMillis() * 1000;
        try (BtlogWriter log = BtlogWriter.open(observer, file)) {
            tree.tickExactlyOnce();
            assertThat(log.drain()).isEqualTo(3); // Sleep, SubTree, Sequence -> RUNNING
            t.advanceMs(5);
            tree.tickExactlyOnce();
        }
        Parsed p = parse(Files.readAllBytes(file));
        assertThat(p.protocol()).isEqualTo(1);
        assertThat(p.firstUsec()).isBetween(before, System.currentTimeMillis() * 1000);
        // uids (depth-first + 1): 1 Sequence, 2 SubTree w, 3 Sleep, 4 AlwaysSuccess; the SubTree resets its
        // child before its own SUCCESS is stored, the Sequence resets each child as soon as it succeeds
        List<String> got = p.records().stream().map(r -> r[0] / 1000 + "ms:" + r[1] + "=" + r[2]).toList();
        assertThat(got).containsExactly(
                "0ms:3=1", "0ms:2=1", "0ms:1=1",
                "5ms:3=2", "5ms:3=0", "5ms:2=2", "5ms:2=0", "5ms:4=2", "5ms:4=0", "5ms:1=2", "5ms:1=0");

        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(p.xml().getBytes(StandardCharsets.UTF_8)));
        NodeList bts = doc.getElementsByTagName("BehaviorTree");
        assertThat(bts.getLength()).isEqualTo(2);
        Element main = (Element) bts.item(0);
        Element sub = (Element) bts.item(1);
        assertThat(main.getAttribute("_fullpath")).isEmpty();
        Element subtreeNode = (Element) main.getElementsByTagName("SubTree").item(0);
        assertThat(subtreeNode.getAttribute("_uid")).isEqualTo("2");
        assertThat(subtreeNode.getChildNodes().getLength()).as("SubTree node has no children").isZero();
        assertThat(sub.getAttribute("_fullpath")).isEqualTo(subtreeNode.getAttribute("_fullpath")).isEqualTo("w");
        assertThat(((Element) sub.getElementsByTagName("Sleep").item(0)).getAttribute("_uid")).isEqualTo("3");
        assertThat(((Element) main.getElementsByTagName("AlwaysSuccess").item(0)).getAttribute("_uid"))
                .isEqualTo("4");
    }

    @Test
    void theFileNameMustEndInBtlog() {
        ObservedTrees t = new ObservedTrees();
        TreeObserver observer = TreeObserver.attach(t.load(ObservedTrees.tree("<AlwaysSuccess/>")));
        assertThatThrownBy(() -> BtlogWriter.open(observer, dir.resolve("main.log")))
                .hasMessageContaining("must end in .btlog");
    }
}
