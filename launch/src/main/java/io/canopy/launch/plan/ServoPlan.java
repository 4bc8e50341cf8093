package io.canopy.launch.plan;

/** One servo of a {@code <dynamixel>} bus ({@code <servo id name model>}); model is "" when not given. */
public record ServoPlan(int id, String name, String model, Source source) {
}
