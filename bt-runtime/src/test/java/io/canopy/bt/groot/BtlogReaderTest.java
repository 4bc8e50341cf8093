package io.canopy.bt.groot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.canopy.InputException;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The reader on a file assembled byte by byte here, as BT.CPP's FileLogger2 writes one. */
class BtlogReaderTest {
    private static final String XML = """
            <root BTCPP_format="4">
              <BehaviorTree ID="Main" _fullpath="">
                <Sequence name="seq" _uid="1"><SubTree ID="Nav" _fullpath="nav" _uid="2"/></Sequence>
              </BehaviorTree>
              <BehaviorTree ID="Nav" _fullpath="nav"><MoveBase name="move" _uid="3"/></BehaviorTree>
            </root>""";

    static byte[] btcppFile(int extraBytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] xml = XML.getBytes(StandardCharsets.UTF_8);
        out.writeBytes("BTCPP4-FileLogger2".getBytes(StandardCharsets.US_ASCII));
        out.write(1);
        out.writeBytes(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(xml.length).array());
        out.writeBytes(xml);
        out.writeBytes(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(1_700_000_000_000_000L).array());
        // (1500 µs, uid 3, RUNNING) and (0x010203040506 µs, uid 2, FAILURE)
        out.writeBytes(new byte[] {(byte) 0xDC, 0x05, 0, 0, 0, 0, 3, 0, 1});
        out.writeBytes(new byte[] {6, 5, 4, 3, 2, 1, 2, 0, 3});
        out.writeBytes(new byte[extraBytes]);
        return out.toByteArray();
    }

    @Test
    void readsHeaderRecordsAndNodePaths() {
        BtlogReader.Btlog log = BtlogReader.parse("x.btlog", btcppFile(0));
        assertThat(log.protocol()).isEqualTo(1);
        assertThat(log.firstUsec()).isEqualTo(1_700_000_000_000_000L);
        assertThat(log.usec()).containsExactly(1500L, 0x010203040506L);
        assertThat(log.uid()).containsExactly(3, 2);
        assertThat(log.statusName(0)).isEqualTo("RUNNING");
        assertThat(log.statusName(1)).isEqualTo("FAILURE");
        assertThat(log.path(3)).isEqualTo("seq/nav/move");
        assertThat(log.path(2)).isEqualTo("seq/nav");
        assertThat(log.path(9)).isEqualTo("uid 9");
        assertThat(log.note()).isEmpty();
    }

    @Test
    void aPartialLastRecordIsLeftOutWithANote() {
        BtlogReader.Btlog log = BtlogReader.parse("x.btlog", btcppFile(4));
        assertThat(log.size()).isEqualTo(2);
        assertThat(log.note()).contains("partial last record of 4 bytes");
    }

    @Test
    void aFileWithoutTheMagicIsNamed() {
        byte[] bytes = btcppFile(0);
        bytes[0] = 'X';
        assertThatThrownBy(() -> BtlogReader.parse("x.btlog", bytes)).isInstanceOf(InputException.class)
                .hasMessage("x.btlog: not a FileLogger2 .btlog (no BTCPP4-FileLogger2 magic at byte 0)");
    }
}
