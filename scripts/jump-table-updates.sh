#!/usr/bin/env bash
# Instructions of JumpTable::build and of each JumpTable::update after one random cell change,
# counted by callgrind (noise-free, for a busy machine): 100 changes on each map given (default
# the Moving AI maps dao/arena2 and room/8room_000, from ../shared/data or $INFORMED_DATA).
#
#   bash scripts/jump-table-updates.sh                  # both maps
#   bash scripts/jump-table-updates.sh dao/arena2       # one
#
# Prints, per map, the instructions of one build and the median, mean and largest update, and
# their ratios to the build. Only the two functions are counted (`--toggle-collect`), and each
# update is dumped apart (`--dump-after`), so the median is of single updates.
set -euo pipefail
cd "$(dirname "$0")/.."

command -v valgrind >/dev/null || { echo "valgrind not found (apt-get install valgrind)" >&2; exit 1; }
cargo build --release -q -p informed-bench --bin games-jps
bin=target/release/games-jps
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

maps=("$@")
[ ${#maps[@]} -eq 0 ] && maps=(dao/arena2 room/8room_000)
for map in "${maps[@]}"; do
  # The run builds the table twice: once before the changes, once to check the repaired one.
  valgrind --tool=callgrind --callgrind-out-file="$out/build.out" \
    --toggle-collect='*JumpTable*build*' "$bin" --callgrind-updates "$map" >"$out/log" 2>&1
  if grep -q "^skipped" "$out/log"; then
    cat "$out/log"
    continue
  fi
  builds=$(grep -E '^summary:' "$out/build.out" | head -1 | awk '{print $2}')
  valgrind --tool=callgrind --callgrind-out-file="$out/update.out" \
    --toggle-collect='*JumpTable*update*' \
    --dump-after='informed::grid::jps_plus::JumpTable::update' \
    "$bin" --callgrind-updates "$map" >/dev/null 2>&1
  for file in "$out"/update.out*; do
    grep -E '^summary:' "$file" | head -1 | awk '{print $2}'
  done | awk '$1 > 0' | sort -n >"$out/updates"
  awk -v map="$map" -v builds="$builds" '
    { n++; u[n] = $1; sum += $1 }
    END {
      build = builds / 2; median = u[int(n / 2) + 1]; mean = sum / n; largest = u[n]
      printf "%s: build %d instructions; %d updates: median %d (%.5f× build), mean %d (%.5f×), largest %d (%.5f×)\n",
        map, build, n, median, median / build, mean, mean / build, largest, largest / build
    }' "$out/updates"
  rm -f "$out"/*.out*
done
