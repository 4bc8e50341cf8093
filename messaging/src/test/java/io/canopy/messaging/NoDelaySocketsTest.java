package io.canopy.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.canopy.InputException;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NoDelaySocketsTest {
    @Test
    void unconnectedSocketsComeWithNagleOffOrOnAsAsked() throws Exception {
        try (Socket on = NoDelaySockets.plain(true).createSocket(); Socket off = NoDelaySockets.plain(false).createSocket()) {
            assertThat(on.getTcpNoDelay()).isTrue();
            assertThat(off.getTcpNoDelay()).isFalse();
        }
        try (Socket tls = NoDelaySockets.tls(null, true).createSocket()) {
            assertThat(tls.getTcpNoDelay()).isTrue();
        }
    }

    @Test
    void aCaFileWithoutCertificatesIsAnInputError(@TempDir Path dir) throws Exception {
        Path empty = Files.writeString(dir.resolve("ca.pem"), "not a certificate\n");
        assertThatThrownBy(() -> NoDelaySockets.trusting(empty)).isInstanceOf(InputException.class)
                .hasMessageStartingWith("TLS CA file " + empty);
        assertThatThrownBy(() -> NoDelaySockets.trusting(dir.resolve("missing.pem"))).isInstanceOf(InputException.class)
                .hasMessageContaining("cannot read it");
    }
}
