package io.canopy.launch.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import org.junit.jupiter.api.Test;

/** The page's deltas: only changed sections, and of an object section only its changed keys (null = removed). */
class LiveHubDiffTest {
    private static JsonObject json(String s) {
        return JsonParser.parseString(s).getAsJsonObject();
    }

    @Test
    void aDeltaCarriesOnlyWhatChanged() {
        JsonObject before = json("{\"online\":true,\"treeStatus\":{\"patrol\":{\"s\":\"RRI\"},\"dock\":{\"s\":\"III\"}},"
                + "\"timers\":[{\"name\":\"control\",\"ticks\":1}],\"pose\":{\"x\":1,\"y\":2},\"battery\":{\"percent\":50}}");
        JsonObject now = json("{\"online\":true,\"treeStatus\":{\"patrol\":{\"s\":\"RSI\"},\"dock\":{\"s\":\"III\"}},"
                + "\"timers\":[{\"name\":\"control\",\"ticks\":2}],\"pose\":{\"x\":1,\"y\":2.5}}");
        assertThat(LiveHub.diff(before, now)).isEqualTo(json(
                "{\"treeStatus\":{\"patrol\":{\"s\":\"RSI\"}},\"timers\":[{\"name\":\"control\",\"ticks\":2}],\"pose\":{\"y\":2.5},\"battery\":null}"));
        assertThat(LiveHub.diff(now, now.deepCopy()).size()).isZero();
        assertThat(LiveHub.diff(null, now)).isEqualTo(now);
    }
}
