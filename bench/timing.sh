# Sourced by bench/incremental and bench/shards: how they time a run and
# summarise runs.

cpu_seconds="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/cpu_seconds"

# COMMAND...: runs it quietly, its errors into run.err (printed when it
# fails, which stops the bench); prints its CPU seconds (user + system, to
# the microsecond)
cpu() { "$cpu_seconds" /dev/null run.err "$@" || { cat run.err >&2; exit 1; }; }
# The median of the numbers on standard input, one a line.
median() { sort -g | awk '{ v[NR] = $1 } END { printf "%.3f", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# A B [FORMAT]: A / B
ratio() { awk -v a="$1" -v b="$2" -v f="${3:-%.3f}" 'BEGIN { printf f, a / b }'; }
