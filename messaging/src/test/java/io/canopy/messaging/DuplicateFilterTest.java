package io.canopy.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DuplicateFilterTest {
    @Test
    void aRepeatFromTheSameSourceIsRefusedAndOtherSourcesAreIndependent() {
        DuplicateFilter f = new DuplicateFilter(8);
        assertThat(f.firstTime("operator", 7)).isTrue();
        assertThat(f.firstTime("operator", 7)).isFalse();
        assertThat(f.firstTime("robot2", 7)).as("ids are per source").isTrue();
    }

    @Test
    void theWindowForgetsTheOldestAndAgreesWithAReferenceModel() {
        int window = 64;
        DuplicateFilter f = new DuplicateFilter(window);
        ArrayDeque<Long> order = new ArrayDeque<>();
        Set<Long> model = new HashSet<>();
        Random random = new Random(14);
        for (int i = 0; i < 200_000; i++) {
            long id = 1 + random.nextInt(300); // many repeats, many evictions, long probe chains
            boolean expected = !model.contains(id);
            assertThat(f.firstTime("s", id)).as("step %d id %d", i, id).isEqualTo(expected);
            if (expected) {
                order.addLast(id);
                model.add(id);
                if (order.size() > window) {
                    model.remove(order.removeFirst());
                }
            }
        }
    }
}
