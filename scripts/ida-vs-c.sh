#!/usr/bin/env bash
# IDA* with Manhattan distance on Korf's 15-puzzle instances: informed against the plain C
# solver of ../shared/reference/ida15.c, in the same run, on the same instances, side by side.
#
#   bash scripts/ida-vs-c.sh [ID ...]        (default: 28 45 61 5 13)
#
# Builds the C solver with `cc -O2` and the `korf100` runner of informed-bench in release mode,
# runs each instance with both (informed's in-place IDA* with CycleCheck::Parent, the C
# solver's pruning; ENGINE=copying runs the generic engine instead), and prints expansions per
# second and their ratio. Skips, saying so, when ../shared is absent.
set -euo pipefail
cd "$(dirname "$0")/.."
shared="${INFORMED_SHARED:-../shared}"
source="$shared/reference/ida15.c"
data="$shared/data/puzzles/korf100.txt"
if [[ ! -f "$source" || ! -f "$data" ]]; then
    echo "skipped: $source or $data not found"
    exit 0
fi
ids=("$@")
[[ ${#ids[@]} -gt 0 ]] || ids=(28 45 61 5 13)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cc -O2 -o "$work/ida15" "$source"
cargo build --quiet --release -p informed-bench --bin korf100
runner="${CARGO_TARGET_DIR:-target}/release/korf100"
engine="${ENGINE:-in-place}"
printf '%-6s %12s %12s %10s %10s %7s\n' instance "C expanded" "informed" "C M/s" "inf. M/s" ratio
total_c=0; total_i=0; secs_c=0; secs_i=0
for id in "${ids[@]}"; do
    c_line="$("$work/ida15" -f "$data" "$id" | grep "^korf $id:")"
    i_line="$(INFORMED_DATA="$shared/data" "$runner" --cycle-check parent --engine "$engine" "$id" | grep "^korf $id:")"
    c_nodes="$(sed -E 's/.*, ([0-9]+) expanded.*/\1/' <<<"$c_line")"
    c_rate="$(sed -E 's/.* ([0-9.]+) M expanded\/s.*/\1/' <<<"$c_line")"
    i_nodes="$(sed -E 's/.*\), ([0-9]+) expanded.*/\1/' <<<"$i_line")"
    i_rate="$(sed -E 's/.* ([0-9.]+) M expanded\/s.*/\1/' <<<"$i_line")"
    awk -v id="$id" -v cn="$c_nodes" -v cr="$c_rate" -v in_="$i_nodes" -v ir="$i_rate" 'BEGIN {
        printf "%-6s %12.0f %12.0f %10.1f %10.1f %7.2f\n", id, cn, in_, cr, ir, ir / cr }'
    total_c="$(awk -v a="$total_c" -v n="$c_nodes" 'BEGIN { printf "%.0f", a + n }')"
    total_i="$(awk -v a="$total_i" -v n="$i_nodes" 'BEGIN { printf "%.0f", a + n }')"
    secs_c="$(awk -v a="$secs_c" -v n="$c_nodes" -v r="$c_rate" 'BEGIN { print a + n / r / 1e6 }')"
    secs_i="$(awk -v a="$secs_i" -v n="$i_nodes" -v r="$i_rate" 'BEGIN { print a + n / r / 1e6 }')"
done
awk -v cn="$total_c" -v cs="$secs_c" -v in_="$total_i" -v is="$secs_i" 'BEGIN {
    cr = cn / cs / 1e6; ir = in_ / is / 1e6;
    printf "%-6s %12.0f %12.0f %10.1f %10.1f %7.2f\n", "total", cn, in_, cr, ir, ir / cr }'
echo "(informed expands the C solver's nodes plus the goal, once per instance)"
