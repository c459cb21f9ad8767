#!/usr/bin/env bash
# The SVG pictures and the HTML replay in a real browser: Debian's chromium, headless, driven by
# selenium (scripts/browser-test.py). Installs chromium, chromium-driver and python3-selenium with
# apt-get when they are missing. Run by .ci/run; by hand: `bash scripts/browser-test.sh [OUT_DIR]`.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-$(mktemp -d)}
mkdir -p "$out"
data=${INFORMED_DATA:-../shared/data}
python=/usr/bin/python3   # Debian's, which python3-selenium installs into

need=()
command -v chromium >/dev/null || need+=(chromium)
command -v chromedriver >/dev/null || need+=(chromium-driver)
"$python" -c 'import selenium' 2>/dev/null || need+=(python3-selenium)
if [ ${#need[@]} -gt 0 ]; then
  echo "installing ${need[*]}"
  if [ "$(id -u)" -eq 0 ]; then
    as_root=(env)
  elif command -v sudo >/dev/null; then
    as_root=(sudo env)
  else
    echo "browser test: ${need[*]} missing, and neither root nor sudo to install them" >&2
    exit 1
  fi
  "${as_root[@]}" apt-get update -qq
  "${as_root[@]}" DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi

# The maze: the SVG's pixels, and the replay against the example's --json numbers.
cargo run --release --quiet --example maze -- --svg "$out/maze.svg" --html "$out/maze.html" --json \
  >"$out/maze.json"
"$python" scripts/browser-test.py svg "$out/maze.svg" --json "$out/maze.json"
"$python" scripts/browser-test.py replay "$out/maze.html" "$out/maze.json"

# A weighted grid: the terrain's shades and legend, and the replay against --json.
cargo run --release --quiet --example terrain -- --html "$out/terrain.html" --json >"$out/terrain.json"
"$python" scripts/browser-test.py replay "$out/terrain.html" "$out/terrain.json"

# A search of no grid, drawn as points: the water jugs, each state at (litres in A, litres in B).
cargo run --release --quiet --example custom -- --html "$out/jugs.html" --json 7 11 6 >"$out/jugs.json"
"$python" scripts/browser-test.py replay "$out/jugs.html" "$out/jugs.json"

if [ -d "$data/roads" ]; then
  # A road network: each node at its coordinates, one query, Dijkstra and A*.
  cargo run --release --quiet --example roads -- "$data/roads/OL" --queries 1 --html "$out/roads.html" \
    --json >"$out/roads.json"
  "$python" scripts/browser-test.py replay "$out/roads.html" "$out/roads.json"
else
  echo "skipped the replay of a road network: $data/roads not found"
fi

if [ -d "$data/movingai" ]; then
  # Seams on a map drawn at a fractional cell size (18.37 pixels).
  cargo run --release --quiet --example movingai -- "$data/movingai/dao/arena.map.scen" \
    --svg "$out/arena.svg" --scenario 100 >/dev/null
  "$python" scripts/browser-test.py svg "$out/arena.svg" "$data/movingai/dao/arena.map"
  # Jump point search beside A* on one scenario of arena2 (A* expands 199 cells, JPS 13 jump
  # points): the jump points and the jumps between them drawn, the counters those of --json.
  scen=$data/movingai/dao/arena2.map.scen
  { head -n 1 "$scen"; sed -n 454p "$scen"; } >"$out/arena2-452.map.scen"   # scenario 452
  one=$out/arena2-452.map.scen
  cargo run --release --quiet --example movingai -- "$one" --map "$data/movingai/dao/arena2.map" \
    --algorithm jps --html "$out/jps.html" --json >"$out/jps.json"
  cargo run --release --quiet --example movingai -- "$one" --map "$data/movingai/dao/arena2.map" \
    --json >>"$out/jps.json"
  "$python" scripts/browser-test.py replay "$out/jps.html" "$out/jps.json"
  # The limits: the hardest scenario of a 1024 x 1024 map (Cauldron, 1600 long), Dijkstra and
  # A* on one page; its one scenario goes into a file of its own, in $out.
  map=$data/movingai/sc1/Cauldron.map
  { head -n 1 "$map.scen"; grep -v '^[[:space:]]*$' "$map.scen" | tail -n 1; } >"$out/hardest.map.scen"
  cargo run --release --quiet --example movingai -- "$out/hardest.map.scen" --map "$map" \
    --html "$out/cauldron.html" --json >"$out/cauldron.json"
  cargo run --release --quiet --example movingai -- "$out/hardest.map.scen" --map "$map" \
    --algorithm dijkstra --json >>"$out/cauldron.json"
  "$python" scripts/browser-test.py replay "$out/cauldron.html" "$out/cauldron.json" --limits
else
  echo "skipped the seams on a Moving AI map and the 20 MB / 16 ms limits on a 1024² map:" \
    "$data/movingai not found"
fi
