package io.canopy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Attribute positions found from where a parser reports a start tag (its end, or its '<'). */
class XmlTagsTest {
    private static final String DOC = """
            <launch>
              <node name="n" timr="x">
                <mqtt
                    broker='a>b'   port = "1884"/>
              </node>
            </launch>
            """;

    @Test
    void fromTheEndOfATagAsSaxAndStaxReportIt() {
        XmlTags tags = new XmlTags(DOC);
        // the parsers report <node ...> at the column just after its '>': line 2, column 27
        Map<String, XmlTags.Spot> node = tags.attributesOfTagEndingAt(2, 27);
        assertThat(node.keySet()).containsExactly("name", "timr");
        assertThat(node.get("timr")).hasToString("2:18");
        assertThat(node.get("name")).hasToString("2:9");
    }

    @Test
    void attributesOnLaterLinesAndValuesWithGreaterThanAndSpacesAroundTheEqualsSign() {
        XmlTags tags = new XmlTags(DOC);
        Map<String, XmlTags.Spot> mqtt = tags.attributesOfTagEndingAt(4, 39);
        assertThat(mqtt).containsEntry("broker", new XmlTags.Spot(4, 9)).containsEntry("port", new XmlTags.Spot(4, 24));
        assertThat(tags.attributesOfTagStartingAt(3, 5)).isEqualTo(mqtt);
    }

    @Test
    void aTagWithoutAttributesHasNone() {
        assertThat(new XmlTags(DOC).attributesOfTagEndingAt(1, 9)).isEmpty();
        assertThat(new XmlTags("").attributesOfTagEndingAt(1, 1)).isEmpty();
    }
}
