package io.canopy.hardware.posix;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** JNA's natives on the class path decide which platforms start; the others are refused with one line. */
class SupportedPlatformTest {
    private final ClassLoader jar = SupportedPlatform.class.getClassLoader();

    @Test
    void linuxOnTheControllersArchitecturesStarts() {
        assertThat(SupportedPlatform.refusal("Linux", "amd64", jar)).isNull();
        assertThat(SupportedPlatform.refusal("Linux", "aarch64", jar)).isNull();
        assertThat(SupportedPlatform.refusal("Linux", "arm", jar)).isNull();
        assertThat(SupportedPlatform.refusal("Linux", "riscv64", jar)).isNull();
        assertThat(SupportedPlatform.refusal("Mac OS X", "aarch64", jar)).isNull();
    }

    @Test
    void othersAreRefusedWithOneLine() {
        // JNA carries s390x and ppc64le builds, but Libc's ioctl, termios and open constants were checked for
        // the generic ABI of the five listed only (ppc and mips differ): refused rather than half working
        String line = SupportedPlatform.refusal("Linux", "s390x", jar);
        assertThat(line).startsWith("canopy: unsupported platform Linux/s390x: ").doesNotContain("\n")
                .contains("x86_64, aarch64 and armhf");
        assertThat(SupportedPlatform.refusal("Linux", "ppc64le", jar)).isNotNull();
        assertThat(SupportedPlatform.refusal("FreeBSD", "amd64", jar)).startsWith("canopy: unsupported platform FreeBSD/amd64");
    }

    @Test
    void aJarWithoutJnasNativeForTheArchitectureIsRefused() {
        ClassLoader empty = new ClassLoader(null) { };
        assertThat(SupportedPlatform.refusal("Linux", "amd64", empty)).startsWith("canopy: unsupported platform Linux/amd64");
    }
}
