package io.canopy.launch.foxglove;

/**
 * A well-known channel: its topic, its schema's name and the schema (a protobuf FileDescriptorSet); the message
 * encoding is always {@code protobuf}. What an MCAP writer registers as schema + channel and the WebSocket server
 * advertises.
 */
public record Channel(String topic, String schemaName, byte[] schema) {
    public static final String ENCODING = "protobuf";

    static Channel of(String topic, String schemaName) {
        return new Channel(topic, schemaName, FoxgloveSchemas.descriptorSet(schemaName));
    }
}
