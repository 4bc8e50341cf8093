# Sourced by .ci/run: what the firmware-on-emulated-silicon test (.ci/test.d/mcu-qemu.sh) needs, installed only when
# missing: QEMU's Arm system emulator (netduinoplus2, microbit), the Cortex-M toolchain with newlib, socat, make.
qemu_arm_need=()
command -v qemu-system-arm >/dev/null 2>&1 || qemu_arm_need+=(qemu-system-arm)
command -v arm-none-eabi-gcc >/dev/null 2>&1 || qemu_arm_need+=(gcc-arm-none-eabi)
[ -e /usr/lib/arm-none-eabi/newlib/nano.specs ] || qemu_arm_need+=(libnewlib-arm-none-eabi)
command -v socat >/dev/null 2>&1 || qemu_arm_need+=(socat)
command -v make >/dev/null 2>&1 || qemu_arm_need+=(make)
apt_install "${qemu_arm_need[@]}"
unset qemu_arm_need
