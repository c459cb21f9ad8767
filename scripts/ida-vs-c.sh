#!/usr/bin/env bash
# IDA* with Manhattan distance on Korf's 15-puzzle instances: informed against the plain C
# solver of ../shared/reference/ida15.c, in the same run, on the same instances, side by side.
#
#   bash scripts/ida-vs-c.sh [ID ...]        (default: 28 45 61 5 13; `$(seq 1 100)` for all)
#
# Builds the C solver with `cc -O2`, the `korf100` runner of informed-bench and the `puzzle`
# example in release mode, and runs each instance three ways: the C solver; the library call
# (informed's in-place IDA* with CycleCheck::Parent, the C solver's pruning; ENGINE=copying
# runs the generic engine instead); and the `puzzle` example as a user runs it
# (`--algorithm idastar --heuristic manhattan --goal "0 1 ... 15"`, its other options at their
# defaults). It prints expansions per second, each rate's ratio to C's, and checks that every
# count is C's plus the goal. Skips, saying so, when ../shared is absent.
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
cargo build --quiet --release --example puzzle
runner="${CARGO_TARGET_DIR:-target}/release/korf100"
example="${CARGO_TARGET_DIR:-target}/release/examples/puzzle"
engine="${ENGINE:-in-place}"
goal="$(seq -s ' ' 0 15)"
printf '%-6s %12s %10s %10s %7s %10s %7s %s\n' instance "C expanded" "C M/s" "call M/s" ratio \
    "example" ratio counts
total_c=0; secs_c=0; secs_i=0; secs_e=0; mismatches=0
for id in "${ids[@]}"; do
    c_line="$("$work/ida15" -f "$data" "$id" | grep "^korf $id:")"
    i_line="$(INFORMED_DATA="$shared/data" "$runner" --cycle-check parent --engine "$engine" "$id" | grep "^korf $id:")"
    board="$(awk -v id="$id" '$1 == id { for (i = 2; i <= 17; i++) printf "%s%s", $i, (i < 17 ? " " : "") }' "$data")"
    e_line="$("$example" --algorithm idastar --heuristic manhattan --goal "$goal" --quiet "$board" | grep ' expanded, ')"
    c_nodes="$(sed -E 's/.*, ([0-9]+) expanded.*/\1/' <<<"$c_line")"
    c_rate="$(sed -E 's/.* ([0-9.]+) M expanded\/s.*/\1/' <<<"$c_line")"
    i_nodes="$(sed -E 's/.*\), ([0-9]+) expanded.*/\1/' <<<"$i_line")"
    i_rate="$(sed -E 's/.* ([0-9.]+) M expanded\/s.*/\1/' <<<"$i_line")"
    e_nodes="$(sed -E 's/^([0-9]+) expanded.*/\1/' <<<"$e_line")"
    e_ms="$(sed -E 's/.*; ([0-9.]+) ms$/\1/' <<<"$e_line")"
    counts=ok
    if [[ "$i_nodes" != "$((c_nodes + 1))" || "$e_nodes" != "$((c_nodes + 1))" ]]; then
        counts="MISMATCH (call $i_nodes, example $e_nodes)"
        mismatches=$((mismatches + 1))
    fi
    awk -v id="$id" -v cn="$c_nodes" -v cr="$c_rate" -v ir="$i_rate" -v en="$e_nodes" -v ems="$e_ms" -v counts="$counts" 'BEGIN {
        er = en / (ems / 1000) / 1e6;
        printf "%-6s %12.0f %10.1f %10.1f %7.2f %10.1f %7.2f %s\n", id, cn, cr, ir, ir / cr, er, er / cr, counts }'
    total_c="$(awk -v a="$total_c" -v n="$c_nodes" 'BEGIN { printf "%.0f", a + n }')"
    secs_c="$(awk -v a="$secs_c" -v n="$c_nodes" -v r="$c_rate" 'BEGIN { print a + n / r / 1e6 }')"
    secs_i="$(awk -v a="$secs_i" -v n="$i_nodes" -v r="$i_rate" 'BEGIN { print a + n / r / 1e6 }')"
    secs_e="$(awk -v a="$secs_e" -v ms="$e_ms" 'BEGIN { print a + ms / 1000 }')"
done
awk -v cn="$total_c" -v cs="$secs_c" -v is="$secs_i" -v es="$secs_e" -v k="${#ids[@]}" 'BEGIN {
    cr = cn / cs / 1e6; ir = (cn + k) / is / 1e6; er = (cn + k) / es / 1e6;
    printf "%-6s %12.0f %10.1f %10.1f %7.2f %10.1f %7.2f\n", "total", cn, cr, ir, ir / cr, er, er / cr }'
echo "(informed expands the C solver's nodes plus the goal, once per instance; \"call\" is the"
echo " library through the korf100 runner, \"example\" the puzzle example as a user runs it)"
if [[ "$mismatches" -gt 0 ]]; then
    echo "$mismatches instance(s) with counts other than C's plus the goal" >&2
    exit 1
fi
