package io.canopy.launch.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ForwardingTapTest {
    /**
     * Every method of NodeTap is forwarded: an observer in front of the recorder (systemd's watch, the Foxglove sampler)
     * once dropped the device-link hooks, so MAVLink frames went unrecorded whenever one of them was on.
     */
    @Test
    void everyNodeTapMethodIsForwardedToTheInnerTap() throws NoSuchMethodException {
        List<String> missing = new ArrayList<>();
        for (Method m : NodeTap.class.getDeclaredMethods()) {
            if (Modifier.isStatic(m.getModifiers())) {
                continue;
            }
            Method own = ForwardingTap.class.getMethod(m.getName(), m.getParameterTypes());
            if (own.getDeclaringClass() != ForwardingTap.class) {
                missing.add(m.getName());
            }
        }
        assertThat(missing).as("NodeTap methods ForwardingTap does not forward").isEmpty();
    }
}
