package io.canopy.messaging;

import io.canopy.messaging.broker.EmbeddedBroker;
import io.canopy.testkit.MosquittoProcess;
import java.nio.file.Path;

/** The two real brokers the tests run against. */
enum BrokerKind {
    MOQUETTE_EMBEDDED,
    MOSQUITTO;

    /** A running broker and its URL. */
    interface Running extends AutoCloseable {
        String url();

        @Override
        void close();
    }

    Running start(Path dir) {
        if (this == MOQUETTE_EMBEDDED) {
            EmbeddedBroker b = EmbeddedBroker.start(0);
            return new Running() {
                public String url() { return b.url(); }
                public void close() { b.close(); }
            };
        }
        MosquittoProcess.requireInstalled();
        MosquittoProcess m = MosquittoProcess.start(dir);
        return new Running() {
            public String url() { return m.url(); }
            public void close() { m.close(); }
        };
    }
}
