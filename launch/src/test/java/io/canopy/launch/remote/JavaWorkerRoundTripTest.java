package io.canopy.launch.remote;

import java.util.List;

/** The round trip against a worker written in Java (a plain Paho client, {@link JavaWorker}). */
class JavaWorkerRoundTripTest extends RemoteRoundTrip {
    @Override
    Worker startWorker(String brokerUrl, String topic) throws Exception {
        JavaWorker w = new JavaWorker(brokerUrl, topic);
        return new Worker() {
            @Override
            public List<String> log() {
                return w.log;
            }

            @Override
            public void kill() throws Exception {
                w.kill();
            }

            @Override
            public void close() throws Exception {
                try {
                    w.close();
                } catch (Exception alreadyKilled) {
                    // kill() closed it
                }
            }
        };
    }
}
