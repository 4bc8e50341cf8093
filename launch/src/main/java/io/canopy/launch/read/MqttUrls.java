package io.canopy.launch.read;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Broker addresses as written in launch files. */
final class MqttUrls {
    private static final Pattern URL = Pattern.compile("(tcp|ssl|mqtt|mqtts)://([A-Za-z0-9.\\-]+|\\[[0-9a-fA-F:]+\\])(?::(\\d{1,5}))?");

    private MqttUrls() {}

    /**
     * {@code tcp://host[:port]} or {@code ssl://host[:port]} (also {@code mqtt://}, {@code mqtts://}) to a Paho
     * URL with the default port (1883 / 8883) filled in; null when it is not one.
     */
    static String normalise(String text) {
        Matcher m = URL.matcher(text.strip());
        if (!m.matches()) {
            return null;
        }
        boolean secure = m.group(1).equals("ssl") || m.group(1).equals("mqtts");
        int port = m.group(3) == null ? (secure ? 8883 : 1883) : Integer.parseInt(m.group(3));
        if (port < 1 || port > 65_535) {
            return null;
        }
        return (secure ? "ssl://" : "tcp://") + m.group(2) + ":" + port;
    }
}
