#!/usr/bin/env bash
# The kernel is the small SDK the design card asks for (docs/architecture.md):
# at most 7,000 lines, linking neither libzip nor OpenSSL, and every shipped
# section and validator plugin needs libisla-kernel and no other isla
# library, while every exporter links the world library over it. Nothing
# the tool maps at start needs libzip or the shared libcrypto (4 ms of each
# process: docs/performance.md, Process start): libzip is opened when a
# bundle is read, SHA-256 linked in.
#   sdk_shape.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
source=$1 build=$2
plugins="$build/lib/isla-tool/plugins"
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

lines=$(find "$source/kernel" -name '*.[ch]pp' -print0 | xargs -0 cat | wc -l)
echo "kernel: $lines lines"
[ "$lines" -le 7000 ] || fail "the kernel has $lines lines of C++, more than 7,000: move what is not the SDK to libs/"

needed() { readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'; }
for library in $(needed "$build/lib/libisla-kernel.so"); do
  case "$library" in
    libzip*|libssl*|libcrypto*|libisla-*) fail "libisla-kernel needs $library" ;;
  esac
done

checked=0
for kind in sections validators exporters; do
  for folder in "$source"/plugins/"$kind"/*/; do
    name=$(basename "$folder")
    module="$plugins/$name.so"
    [ -f "$module" ] || { fail "$name: no $module"; continue; }
    isla=$(needed "$module" | grep '^libisla-' | sed 's/\.so.*//' | sort | tr '\n' ' ')
    case "$kind" in
      sections|validators) [ "$isla" = "libisla-kernel " ] || fail "$kind/$name.so needs: $isla(the kernel alone)" ;;
      exporters) [[ "$isla" == *"libisla-kernel "* && "$isla" == *"libisla-world "* ]] \
                   || fail "exporters/$name.so needs: $isla(the kernel and the world library)" ;;
    esac
    checked=$((checked + 1))
  done
done
for file in "$build/bin/isla-tool" "$plugins"/*.so; do
  mapped=$(ldd "$file" | awk '{print $1}' | grep -E '^lib(zip|crypto|ssl)\.so' | paste -sd ' ' - || true)
  [ -z "$mapped" ] || fail "$(basename "$file") maps $mapped at start (open it when needed, as zip_library.hpp does)"
done
echo "checked the links of $checked plugins"
[ "$checked" -ge 20 ] || fail "only $checked plugins were checked"
exit $((failures > 0))
