package io.canopy.launch.plan;

/**
 * A binding ({@code <bind from to timer qos retain>}) that moves values from one {@link Endpoint} to another.
 *
 * @param timer  for a blackboard source: publish at this named timer's rate instead of on change; else null
 * @param qos    MQTT QoS of the publish or subscription (0 or 1)
 * @param retain MQTT retain flag of publishes
 * @param textPayload for an mqtt: source, {@code payload="text"}: the messages are plain UTF-8 text (what
 *                    {@code mosquitto_pub -m stop} sends), not Envelopes
 */
public record BindPlan(Endpoint from, Endpoint to, String timer, int qos, boolean retain, boolean textPayload, Source source) {}
