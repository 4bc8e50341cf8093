package io.canopy.messaging;

/** Runs one node in a child JVM for {@link LastWillTest}: prints CONNECTED, then waits to be killed. */
public final class NodeChildMain {
    private NodeChildMain() {}

    public static void main(String[] args) throws Exception {
        MqttNode node = MqttNode.start(NodeConfig.builder(args[1]).namespace(args[2]).broker(args[0]).keepAliveS(60).build());
        if (!node.awaitConnected(20_000)) {
            System.out.println("NOT CONNECTED");
            System.exit(3);
        }
        System.out.println("CONNECTED");
        System.out.flush();
        while (System.in.read() >= 0) {
            // wait for kill -9
        }
    }
}
