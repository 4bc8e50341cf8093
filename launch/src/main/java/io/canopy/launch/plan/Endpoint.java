package io.canopy.launch.plan;

/**
 * One end of a {@code <bind>}: written {@code kind:address} in the launch file.
 *
 * <ul>
 *   <li>{@code serial:LINK/Type[.field]} &mdash; messages of one Envelope body type arriving on a link
 *       ({@link Message}); as a target, {@code serial:LINK/Event} sends the event on the link.
 *   <li>{@code sensor:NAME[.field]} &mdash; the readings of a {@code <sensor>} role ({@link Message}).
 *   <li>{@code motor:NAME[.velocity|.position|.effort]} &mdash; as a source, the motor's {@code MotorState}
 *       ({@link Message}); as a target, a set-point command ({@link Motor}).
 *   <li>{@code mqtt:TOPIC} &mdash; relative to the node's namespace; {@code ~/x} is private to the node,
 *       {@code /x} is absolute ({@link Mqtt}, holding the resolved topic).
 *   <li>{@code event:NAME} ({@link Event}) and {@code blackboard:KEY} ({@link Blackboard}): the node's
 *       event bus and its shared blackboard (trees see it as their root, {@code @KEY}).
 * </ul>
 */
public sealed interface Endpoint {
    /** The text as written in the launch file (after substitution). */
    String text();

    /**
     * Messages of one body type arriving on a link.
     *
     * @param sensorId the sensor or motor id to accept, or -1 for any
     * @param field    a field of the message to take (a number), or null for the whole message
     */
    record Message(String text, String link, String messageType, int sensorId, String field) implements Endpoint {}

    /** A motor set-point: {@code target} is velocity, position or effort. */
    record Motor(String text, String motor, String target) implements Endpoint {}

    /** An MQTT topic, already resolved against the node's namespace. */
    record Mqtt(String text, String topic) implements Endpoint {}

    record Event(String text, String name) implements Endpoint {}

    record Blackboard(String text, String key) implements Endpoint {}
}
