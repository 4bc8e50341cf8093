#!/bin/sh
# The Cortex-M0+ checks of `make size`: no heap allocator linked, only memcpy/memset needed from libc, and the
# library + messages within the flash and RAM budget. Prints PASS/FAIL lines and the figures.
# usage: check-size.sh ARM_SIZE ARM_NM FLASH_BUDGET RAM_BUDGET BUILD_DIR
SIZE=$1 NM=$2 FLASH_BUDGET=$3 RAM_BUDGET=$4 B=$5
fail=0
pass() { echo "PASS $1"; }
failed() { echo "FAIL $1"; fail=1; }

echo "arm-none-eabi-size (Cortex-M0+, -Os, --gc-sections):"
$SIZE "$B/arm/lib-only.elf" "$B/arm/diffdrive.elf" | sed 's/^/  /'
echo "library objects before the linker drops unused code:"
sed 's/^/  /' "$B/arm/lib-objects.txt"

for elf in "$B/arm/lib-only.elf" "$B/arm/diffdrive.elf"; do
  heap=$($NM "$elf" | awk '{print $NF}' | grep -E '^(_?malloc|_?calloc|_?realloc|_?free|_malloc_r|_free_r|_calloc_r|_realloc_r|_sbrk|_sbrk_r)$' | tr '\n' ' ')
  if [ -z "$heap" ]; then pass "no heap allocator in $(basename "$elf")"; else failed "$(basename "$elf") links $heap"; fi
done

libc=$($NM -u "$B"/arm/canopy_frame.o "$B"/arm/canopy_link.o "$B"/arm/messages.pb.o "$B"/arm/pb_common.o \
  "$B"/arm/pb_encode.o "$B"/arm/pb_decode.o | awk '$1 == "U" {print $2}' | grep -v -E '^(canopy_|pb_|__aeabi_|__gnu_thumb1_)' | sort -u | tr '\n' ' ')
if [ "$libc" = "memcpy memset " ]; then pass "the library needs only memcpy and memset from libc"; else failed "the library needs: $libc"; fi

set -- $($SIZE "$B/arm/lib-only.elf" | awk 'NR == 2 {print $1, $2, $3}')
flash=$(( $1 + $2 )); ram=$(( $2 + $3 ))
echo "library + messages (lib-only.elf: one canopy_link_t, a transmit buffer, startup): flash $flash B, RAM $ram B"
if [ "$flash" -le "$FLASH_BUDGET" ]; then pass "flash $flash <= $FLASH_BUDGET bytes"; else failed "flash $flash > $FLASH_BUDGET bytes"; fi
if [ "$ram" -le "$RAM_BUDGET" ]; then pass "RAM $ram <= $RAM_BUDGET bytes"; else failed "RAM $ram > $RAM_BUDGET bytes"; fi
exit $fail
