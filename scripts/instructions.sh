#!/usr/bin/env bash
# Instructions per workload, informed against pathfinding, counted by callgrind: noise-free, so
# a hot-path change can be judged on a shared, busy machine. Only the search is counted (the
# `measured` function of benches/instructions.rs); building inputs and checking answers are not.
#
#   bash scripts/instructions.sh                       # every workload
#   bash scripts/instructions.sh cube-astar hanoi-bfs  # some of them
#
# Prints one line a run (workload, library, instructions) and, per workload, the ratio of
# pathfinding's count to each informed run's (above 1: informed needs fewer). The IDA* workloads
# (korf79-idastar, pancake-idastar) are held to a hand-written solver instead: their ratio is
# each informed run's count over the hand-written one's (below 1.1: within 10% of it).
#
# The binary is built with one codegen unit, in a target directory of its own. With the default
# sixteen, which functions are inlined where depends on how rustc splits the crate into units,
# and that changes with code that has nothing to do with a workload: adding an unrelated
# workload to benches/instructions.rs once moved the cube flood through `reachable` from 8,480 M
# to 9,439 M instructions with the engine unchanged. One unit makes a count depend on the code
# it counts.
set -euo pipefail
cd "$(dirname "$0")/.."

command -v valgrind >/dev/null || { echo "valgrind not found (apt-get install valgrind)" >&2; exit 1; }
# INSTRUCTIONS_TARGET names another target directory, so that a long run keeps its binary while
# the sources change and another run builds its own.
target=${INSTRUCTIONS_TARGET:-target/instructions}
CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1 CARGO_TARGET_DIR=$target \
  cargo build --release -q -p informed-bench --bin instructions
bin=$target/release/instructions
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

workloads=("$@")
if [ ${#workloads[@]} -eq 0 ]; then
  workloads=(cube-astar cube-flood digraph-dijkstra-hashed digraph-dijkstra-numbered hanoi-bfs
    hanoi-bidirectional-bfs cube-astar-packed cube-flood-packed digraph-dijkstra-packed
    hanoi-bfs-packed hanoi-bidirectional-bfs-packed grid-astar-hashed korf79-idastar
    pancake-idastar)
  # The rest of the everyday bench (benches/instructions.rs's `EVERYDAY`).
  workloads+=(cube-bfs-flood cube-astar-numbered cube-flood-numbered digraph-dijkstra-searcher
    grid-astar-numbered grid-astar-berlin grid-astar-8room short-queries-cauldron-200
    grid-dense-8room grid-dense-maze512)
fi

libraries() {
  case "$1" in
    cube-flood-numbered) echo "informed-reachable informed-bfs-reach informed-bfs pathfinding" ;;
    cube-astar-numbered) echo "informed informed-hashed informed-searcher pathfinding" ;;
    grid-dense-*) echo "informed informed-hashed pathfinding" ;;
    digraph-dijkstra-searcher | grid-astar-berlin | grid-astar-8room)
      echo "informed-hashed informed-numbered pathfinding" ;;
    short-queries-cauldron-200) echo "informed-one-shot-hashed informed-one-shot-numbered" \
      "informed-searcher-hashed informed-searcher-numbered pathfinding" ;;
    cube-flood*) echo "informed-reachable informed-bfs-reach pathfinding" ;;
    digraph-dijkstra-packed) echo "informed-hashed informed-dense pathfinding" ;;
    grid-jps-8room) echo "jps jps-plus pathfinding" ;;
    korf79-idastar) echo "in-place copying hand-written" ;;
    pancake-idastar) echo "in-place listed hand-written" ;;
    *) echo "informed pathfinding" ;;
  esac
}

count() {
  valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*instructions*measured*' \
    --callgrind-out-file="$out/cg" "$bin" "$1" "$2" >"$out/stdout" 2>"$out/stderr" ||
    { cat "$out/stderr" >&2; exit 1; }
  # A workload whose data is absent (the Moving AI maps) says so and is not counted.
  if grep -q '^skipped' "$out/stdout"; then echo skipped; return; fi
  # callgrind's own summary line: "Collected : N".
  sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$out/stderr"
}

printf '%-32s %-20s %15s\n' workload library instructions
for workload in "${workloads[@]}"; do
  declare -A counted=()
  for library in $(libraries "$workload"); do
    counted[$library]=$(count "$workload" "$library")
    printf '%-32s %-20s %15s\n' "$workload" "$library" "${counted[$library]}"
    if [ "${counted[$library]}" = skipped ]; then break; fi
  done
  if [ -n "${counted[hand-written]:-}" ] && [ "${counted[hand-written]}" != skipped ]; then
    for library in "${!counted[@]}"; do
      [ "$library" = hand-written ] && continue
      awk -v w="$workload" -v l="$library" -v r="${counted[hand-written]}" -v i="${counted[$library]}" \
        'BEGIN { printf "%-32s %-20s informed/hand-written = %.2f\n", w, l, i / r }'
    done
    unset counted
    continue
  fi
  if [ "${counted[pathfinding]:-skipped}" = skipped ]; then
    unset counted
    continue
  fi
  for library in "${!counted[@]}"; do
    [ "$library" = pathfinding ] && continue
    awk -v w="$workload" -v l="$library" -v p="${counted[pathfinding]}" -v i="${counted[$library]}" \
      'BEGIN { printf "%-32s %-20s pathfinding/informed = %.2f\n", w, l, p / i }'
  done
  unset counted
done
