# Sourced by .ci/run: what the C firmware library's tests (mcu/, .ci/test.d/mcu.sh) need, installed only when
# missing: make, the Cortex-M toolchain with newlib, nanopb's generator, and clang with libFuzzer.
mcu_need=()
command -v make >/dev/null 2>&1 || mcu_need+=(make)
command -v arm-none-eabi-gcc >/dev/null 2>&1 || mcu_need+=(gcc-arm-none-eabi)
[ -e /usr/lib/arm-none-eabi/newlib/nano.specs ] || mcu_need+=(libnewlib-arm-none-eabi)
command -v nanopb_generator.py >/dev/null 2>&1 || mcu_need+=(nanopb)
if ! command -v clang >/dev/null 2>&1; then
  mcu_need+=(clang libclang-rt-14-dev) # Debian 12's clang is 14
elif ! printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { return 0; }\n' \
    | clang -fsanitize=fuzzer -x c - -o /dev/null >/dev/null 2>&1; then
  mcu_need+=("libclang-rt-$(clang -dumpversion | cut -d. -f1)-dev") # libFuzzer's runtime
fi
apt_install "${mcu_need[@]}"
unset mcu_need
