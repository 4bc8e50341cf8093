package io.canopy.launch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The jar's natives decide which platforms start; the others are refused with one line. */
class PlatformCheckTest {
    private final ClassLoader jar = CanopyMain.class.getClassLoader();

    @Test
    void linuxOnTheControllersArchitecturesStarts() {
        assertThat(CanopyMain.unsupportedPlatform("Linux", "amd64", jar)).isNull();
        assertThat(CanopyMain.unsupportedPlatform("Linux", "aarch64", jar)).isNull();
        assertThat(CanopyMain.unsupportedPlatform("Linux", "arm", jar)).isNull();
        assertThat(CanopyMain.unsupportedPlatform("Mac OS X", "aarch64", jar)).isNull();
    }

    @Test
    void othersAreRefusedWithOneLine() {
        String line = CanopyMain.unsupportedPlatform("Linux", "s390x", jar);
        assertThat(line).startsWith("canopy: unsupported platform Linux/s390x: ").doesNotContain("\n")
                .contains("x86_64, aarch64 and armhf");
        assertThat(CanopyMain.unsupportedPlatform("FreeBSD", "amd64", jar)).startsWith("canopy: unsupported platform FreeBSD/amd64");
    }
}
