#!/usr/bin/python3
"""Checks the crate's pictures and replay pages in headless Chromium (run by .ci/run).

  scripts/browser-test.py svg FILE.svg [--json MAZE_JSON_LINES]
      Draws the maze example's SVG (its default maze, `trap`) onto a canvas at fractional zooms
      and reads pixel colours: the legend's swatches, walls, start, goal and (from the maze's
      --json) path at known cells, and no seam between two adjacent wall cells.
  scripts/browser-test.py svg FILE.svg FILE.map
      The movingai example's SVG of FILE.map: no seam between adjacent walls, at several zooms.
  scripts/browser-test.py replay FILE.html JSON_LINES [--limits] [--screenshot FILE.png]
      Loads a replay page (of grids, weighted grids or points), plays it to the end, steps
      through it with its own buttons, and compares its counters with the example's `--json`
      lines and its path pixels with the path; checks that #frame=N opens frame N, that the
      address follows the scrubber, that no panel moves as the counters grow, and on a weighted
      grid the terrain's colours and legend. With --limits, also checks the 20 MB page size and
      the 16 ms frame time. A page with a jump point search (the movingai example's --html with
      --algorithm jps) must draw its jump points and the jumps between them (`jumps_test`).

Needs Debian's chromium, chromium-driver and python3-selenium.
"""

import json
import os
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

WALL = (0x2B, 0x2B, 0x2B)
FREE = (0xFB, 0xFB, 0xF8)
PATH = (0x0A, 0x8F, 0x3C)
START = (0x7B, 0x2C, 0xBF)
GOAL = (0xC0, 0x39, 0x2B)
REACHED = (0xCF, 0xE6, 0xFF)
EXPANDED_EARLY = (255, 236, 170)
EXPANDED_LATE = (230, 86, 20)
TERRAIN_DEAR = (150, 128, 92)
JUMP = (0x0B, 0x5F, 0x8A)

# The maze example's default maze (`trap`), in maze coordinates (y up from the bottom row).
MAZE_HEIGHT = 7
MAZE_START, MAZE_GOAL = (1, 3), (9, 3)
MAZE_WALLS = [(x, 4) for x in range(2, 9)] + [(4, 3), (8, 3), (4, 2), (6, 2), (8, 2),
                                              (4, 1), (6, 1), (8, 1), (6, 0)]

failures = []


def check(condition, message):
    print(("ok   " if condition else "FAIL ") + message)
    if not condition:
        failures.append(message)


def near(colour, expected, tolerance=3):
    return all(abs(a - b) <= tolerance for a, b in zip(colour[:3], expected))


def browser(width=1400, height=1000):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 f"--window-size={width},{height}", "--force-device-scale-factor=1"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


# Draws an SVG (given as text) onto a canvas at a zoom, and returns the colours of the pixels
# asked for, in the SVG's own pixel coordinates (scaled by the zoom, rounded down).
DRAW_SVG = """
const [svg, zoom, points, done] = arguments;
const doc = new DOMParser().parseFromString(svg, 'image/svg+xml').documentElement;
const width = Math.ceil(+doc.getAttribute('width') * zoom);
const height = Math.ceil(+doc.getAttribute('height') * zoom);
const image = new Image();
image.onload = () => {
  const canvas = document.createElement('canvas');
  canvas.width = width; canvas.height = height;
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0, width, height);
  done(points.map(([x, y]) => Array.from(
    context.getImageData(Math.floor(x * zoom), Math.floor(y * zoom), 1, 1).data)));
};
image.onerror = () => done('the SVG did not load');
image.src = 'data:image/svg+xml;base64,' + btoa(unescape(encodeURIComponent(svg)));
"""


def mix(a, b, t):
    """`a` moved a fraction t of the way to `b`, rounded as the crate rounds it."""
    import math
    t = min(1.0, max(0.0, t))
    return tuple(math.floor(x + (y - x) * t + 0.5) for x, y in zip(a, b))


def svg_test(path, json_file=None):
    """The maze example's SVG (Dijkstra, greedy and A*, full searches) of its default maze:
    11 × 7 cells, start (1, 3) and goal (9, 3) in maze coordinates counted from the bottom
    row."""
    import xml.etree.ElementTree as tree

    text = open(path, encoding="utf-8").read()
    root = tree.fromstring(text)
    ns = "{http://www.w3.org/2000/svg}"
    panels = [g for g in root.iter(ns + "g") if "data-cell" in g.attrib]
    check(len(panels) == 3, f"{path}: three panels (found {len(panels)})")
    legend = {g.attrib["data-legend"]: g for g in root.iter(ns + "g") if "data-legend" in g.attrib}
    check(sorted(legend) == sorted(["wall", "expanded (early → late)", "reached", "path",
                                    "start", "goal"]), f"legend items {sorted(legend)}")
    titles = [t.text for t in root.iter(ns + "text")]
    check(any(t and "cost 12" in t for t in titles) and any(t and "cost 20" in t for t in titles)
          and any(t and "expanded" in t for t in titles),
          "titles give the costs (12 for Dijkstra and A*, 20 for greedy) and counts")
    height = MAZE_HEIGHT

    def centre(panel, x, y, dx=0.5, dy=0.5):
        left, top, cell = (float(panel.attrib[k]) for k in ("data-left", "data-top", "data-cell"))
        return (left + (x + dx) * cell, top + (height - 1 - y + dy) * cell)

    points, expected = [], []
    for name, item in legend.items():
        shape = item[0]
        if shape.tag == ns + "circle":
            p = (float(shape.attrib["cx"]), float(shape.attrib["cy"]))
        else:
            p = (float(shape.attrib["x"]) + 3, float(shape.attrib["y"]) + 2)
        colour = {"wall": WALL, "reached": REACHED, "path": PATH, "start": START, "goal": GOAL,
                  "expanded (early → late)": EXPANDED_EARLY}[name]
        points.append(p)
        expected.append((f"legend swatch {name!r}", colour))
    for panel in panels:
        for (x, y), what, colour in [(MAZE_START, "start", START), (MAZE_GOAL, "goal", GOAL),
                                      ((4, 3), "wall", WALL), ((6, 0), "wall", WALL)]:
            points.append(centre(panel, x, y))
            expected.append((f"{what} at cell ({x}, {y})", colour))
    # A renderer may ignore the crispEdges hint (see seam_test).
    antialiased = text.replace('shape-rendering="crispEdges"', "")
    if json_file:
        # The path's cells, from the example's --json (the panels in the order Dijkstra, greedy,
        # A*), start and goal left out (their markers cover them).
        records = {r["algorithm"]: r for r in map(json.loads, open(json_file, encoding="utf-8"))}
        for panel, name in zip(panels, ("dijkstra", "greedy", "astar")):
            for x, y in records[name]["path"][1:-1]:
                points.append(centre(panel, x, y))
                expected.append((f"{name}'s path at cell ({x}, {y})", PATH))
    for zoom in (1.0, 0.737, 0.5, 1.618):
        colours = driver.execute_async_script(DRAW_SVG, text, zoom, points)
        check(isinstance(colours, list), f"SVG drawn at zoom {zoom}")
        for (what, colour), got in zip(expected, colours):
            check(near(got, colour), f"zoom {zoom}: {what} is {colour} (read {got[:3]})")
        # No seam: every pixel row from the centre of wall (4, 2) to the centre of wall (4, 1)
        # (adjacent, one above the other), and likewise (6, 1) to (6, 0), is wall-coloured.
        for panel in panels:
            for x, y in ((4, 2), (6, 1)):
                (px, top), (_, bottom) = centre(panel, x, y), centre(panel, x, y - 1)
                column = [(px, top + i / zoom) for i in range(int((bottom - top) * zoom))]
                for how, svg in (("as drawn", text), ("antialiased", antialiased)):
                    got = driver.execute_async_script(DRAW_SVG, svg, zoom, column)
                    bad = [c[:3] for c in got if not near(c, WALL)]
                    check(not bad, f"zoom {zoom} {how}: no seam between walls ({x}, {y}) and "
                          f"({x}, {y - 1})" + (f" (read {bad[:3]})" if bad else ""))


def seam_test(path, map_path):
    """A Moving AI SVG (cells of a fractional size): no pixel between two adjacent wall cells of
    the first panel, horizontally or vertically, shows anything but the wall's colour."""
    import random
    import re

    text = open(path, encoding="utf-8").read()
    found = re.search(r'data-left="([^"]+)" data-top="([^"]+)" data-cell="([^"]+)"', text)
    left, top, cell = (float(v) for v in found.groups())
    rows = open(map_path, encoding="utf-8").read().split("\n")
    height = int(rows[1].split()[1])
    grid = [r.rstrip("\r") for r in rows[4:4 + height]]
    blocked = lambda x, y: 0 <= y < len(grid) and 0 <= x < len(grid[y]) and grid[y][x] not in ".GS"
    pairs = [(x, y, dx, dy) for y in range(len(grid)) for x in range(len(grid[y]))
             for dx, dy in ((1, 0), (0, 1))
             if blocked(x, y) and blocked(x + dx, y + dy)
             # both cells' other neighbours blocked too, so antialiased edges cannot reach
             and blocked(x - dy, y - dx) and blocked(x + dy, y + dx)
             and blocked(x + dx - dy, y + dy - dx) and blocked(x + dx + dy, y + dy + dx)]
    random.Random(1).shuffle(pairs)
    pairs = pairs[:300]
    # Renderers may ignore shape-rendering="crispEdges" (it is a hint) and antialias every edge:
    # then each of two abutting shapes covers part of the pixel on their edge, and the background
    # shows through between them. Check the picture both ways.
    variants = [("as drawn", text), ("antialiased", text.replace('shape-rendering="crispEdges"', ""))]
    for (how, svg), zoom in [(v, z) for v in variants for z in (1.0, 2.3, 3.7)]:
        points = []
        for x, y, dx, dy in pairs:
            # the pixels straddling the shared edge, at the middle of the edge
            edge = (left + (x + 1) * cell, top + (y + 0.5) * cell) if dx else \
                (left + (x + 0.5) * cell, top + (y + 1) * cell)
            for step in (-1, 0, 1):
                points.append((edge[0] + dx * step / zoom, edge[1] + dy * step / zoom))
        got = driver.execute_async_script(DRAW_SVG, svg, zoom, points)
        bad = [(pairs[i // 3], c[:3]) for i, c in enumerate(got) if not near(c, WALL)]
        check(not bad, f"{path} {how} at zoom {zoom}: no seam between {len(pairs)} pairs of adjacent "
              f"walls (cell {cell:.3f} px)" + (f"; seams at {bad[:3]}" if bad else ""))


# Where the page's panels are and what they count.
PANELS = "return window.replay.panels.map(p => ({label: p.label, layout: p.layout, frames: p.frames, " \
    "width: p.width, height: p.height, counters: p.counters(), path: Array.from(p.path), " \
    "starts: p.starts, goals: p.goals, costs: p.costs, jumps: p.jumps}))"

# The colours of canvas pixels: panel index, then states (a grid's [x, y] cells, or the
# numbers of the states of a page of points).
READ_STATES = """
const [index, states] = arguments, panel = window.replay.panels[index];
const context = panel.canvas.getContext('2d');
return states.map((s) => {
  const [px, py] = panel.layout === 'grid' ? panel.cellCenter(s[0], s[1]) : panel.stateCenter(s);
  return Array.from(context.getImageData(Math.floor(px), Math.floor(py), 1, 1).data);
});
"""
# Where states are drawn, in the canvas's pixels.
CENTRES = """
const [index, states] = arguments, panel = window.replay.panels[index];
return states.map((s) => panel.layout === 'grid' ? panel.cellCenter(s[0], s[1]) : panel.stateCenter(s));
"""
# The panels' boxes on the page.
BOXES = "return window.replay.panels.map(p => { const r = p.box.getBoundingClientRect(); " \
    "return [r.left, r.top, r.width]; })"

JSON_NAMES = {"Dijkstra": "dijkstra", "A*": "astar", "BFS": "bfs", "Greedy best-first": "greedy",
              "JPS": "jps", "JPS+": "jps+"}

# How many pixels of each panel's canvas have the jumps' colour.
JUMP_PIXELS = """
const [jump] = arguments;
return window.replay.panels.map((panel) => {
  const data = panel.canvas.getContext('2d').getImageData(0, 0, panel.canvas.width, panel.canvas.height).data;
  let count = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (Math.abs(data[i] - jump[0]) <= 3 && Math.abs(data[i + 1] - jump[1]) <= 3
        && Math.abs(data[i + 2] - jump[2]) <= 3) count++;
  }
  return count;
});
"""


def jumps_test(panels, expected):
    """A page with a jump point search: each jump point it stored is drawn as a dot, with the
    jump from its parent as a line (diagonally, then straight), in the jumps' colour; as many
    jumps as the search stored jump points besides the start (its --json `stored`); no jump
    drawn on the other panels; the legend names the jumps."""
    jumping = [i for i, p in enumerate(panels) if p["jumps"]]
    if not jumping:
        return
    legend = driver.execute_script(
        "return [...document.querySelectorAll('#legend span')].map(s => s.dataset.legend)")
    check("jump" in legend, f"the legend names the jumps ({legend})")
    for index in jumping:
        panel = panels[index]
        record = expected.get(JSON_NAMES.get(panel["label"], panel["label"]))
        width = panel["width"]
        # The last frame before the path is drawn over the jumps.
        driver.execute_script("window.replay.show(arguments[0])", panel["frames"])
        jumps = driver.execute_script(f"return window.replay.panels[{index}].jumpList()")
        if record is not None:
            check(len(jumps) == record["stored"] - 1,
                  f"{panel['label']}: {len(jumps)} jumps drawn, one to each of the "
                  f"{record['stored']} jump points stored but the start")
        driver.execute_script("window.replay.show(arguments[0])", panel["frames"] - 1)
        jumps = driver.execute_script(f"return window.replay.panels[{index}].jumpList()")
        current = driver.execute_script(f"return window.replay.panels[{index}].current()")
        check(len(jumps) > 0, f"{panel['label']}: {len(jumps)} jumps at frame {panel['frames'] - 1}")
        markers = panel["starts"] + panel["goals"] + [current]
        cell = lambda c: (c % width, c // width)
        points, segments = [], []
        for start, end in jumps:
            (fx, fy), (tx, ty) = cell(start), cell(end)
            points.append((tx, ty))
            dx, dy = tx - fx, ty - fy
            diagonal = min(abs(dx), abs(dy))
            sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
            corner = (fx + sx * diagonal, fy + sy * diagonal)
            # The middle of the straight part, two cells or longer.
            if abs(tx - corner[0]) + abs(ty - corner[1]) >= 2:
                segments.append(((corner[0] + tx) // 2, (corner[1] + ty) // 2))
        centres = driver.execute_script(CENTRES, index, [list(cell(c)) for c in markers])
        unit = driver.execute_script(
            f"const p = window.replay.panels[{index}]; return p.canvas.width / p.width")
        clear = max(7, unit)

        def apart(xy):
            [px, py] = driver.execute_script(CENTRES, index, [list(xy)])[0]
            return all((px - mx) ** 2 + (py - my) ** 2 > clear ** 2 for mx, my in centres)
        for what, cells in (("jump points", points), ("straight parts of the jumps", segments)):
            cells = [c for c in cells if apart(c)]
            colours = driver.execute_script(READ_STATES, index, [list(c) for c in cells])
            off = [(c, got[:3]) for c, got in zip(cells, colours) if not near(got, JUMP)]
            check(cells and not off, f"{panel['label']}: the {len(cells)} {what} (away from the "
                  f"markers) are drawn in the jumps' colour" + (f" (not {off[:3]})" if off else ""))
    counts = driver.execute_script(JUMP_PIXELS, list(JUMP))
    for panel, count in zip(panels, counts):
        if panel["jumps"]:
            check(count > 0, f"{panel['label']}: {count} pixels of jumps")
        else:
            check(count == 0, f"{panel['label']}: no pixel in the jumps' colour ({count})")


def click(button, times=1):
    element = driver.find_element(By.ID, button)
    for _ in range(times):
        element.click()


def frame():
    return driver.execute_script("return window.replay.frame()")


def address():
    return driver.execute_script("return location.hash")


def steps_follow_the_open_list(panels, steps):
    """Steps forward `steps` times with the page's button, checking that the best entry of each
    open list is the state the next frame expands (the search's own order: f, then h, then
    first stored for A*; h, then g for greedy search; and so on)."""
    wrong = []
    for _ in range(steps):
        k = frame()
        tops = driver.execute_script("return window.replay.panels.map(p => [p.frames, p.openList()[0]])")
        click("forward")
        currents = driver.execute_script("return window.replay.panels.map(p => p.current())")
        for (frames, top), current, panel in zip(tops, currents, panels):
            if k < frames and (top is None or top[0] != current):
                wrong.append((panel["label"], k + 1, top, current))
    check(not wrong, f"{steps} steps: each expands the best entry of the open list before it"
          + (f" (not {wrong[:3]})" if wrong else ""))


def cell_of(panel, state):
    """A state as READ_STATES takes it: a grid's [x, y] cell, or the number of a point."""
    if panel["layout"] == "grid":
        return [state % panel["width"], state // panel["width"]]
    return state


def address_and_layout_test(page, last, panels):
    """#frame=N opens the page at frame N; the address follows the buttons and the scrubber;
    no panel moves or widens while the counters grow from frame 0 to the last."""
    middle = last // 2
    driver.get("file://" + os.path.abspath(page) + f"#frame={middle}")
    check(frame() == middle, f"#frame={middle} opens frame {middle} (at {frame()})")
    counters = driver.execute_script("return window.replay.panels.map(p => p.counters().expanded)")
    check(counters == [min(middle, p["frames"]) for p in panels],
          f"#frame={middle}: the panels' expansions are {counters}")
    click("forward")
    check(address() == f"#frame={middle + 1}", f"a step forward moves the address ({address()})")
    driver.execute_script(
        "const s = document.getElementById('scrub'); s.value = 3; s.dispatchEvent(new Event('input'));")
    check(frame() == 3 and address() == "#frame=3", f"the scrubber moves the address ({address()})")
    driver.execute_script("location.hash = '#frame=' + (window.replay.last - 1)")
    time.sleep(0.2)
    check(frame() == last - 1, f"a new #frame in the address shows that frame ({frame()})")
    boxes = []
    for target in (0, 1, middle, last):
        driver.execute_script("window.replay.show(arguments[0])", target)
        boxes.append(driver.execute_script(BOXES))
    moved = [b for b in boxes if b != boxes[0]]
    check(not moved, f"no panel moves or widens from frame 0 to {last} ({boxes[0]}"
          + (f", then {moved[0]})" if moved else ")"))


def terrain_test(index, panel):
    """A weighted grid's panel at frame 0: each free cell not under a marker has its cost's
    shade, and the legend lists every cost with that shade."""
    costs, width = panel["costs"], panel["width"]
    free = sorted({c for c in costs if c})
    low, high = free[0], free[-1]
    shade = {c: mix(FREE_RGB, TERRAIN_DEAR, (c - low) / (high - low) if high > low else 0) for c in free}
    ends = set(panel["starts"]) | set(panel["goals"])
    cells = [i for i, c in enumerate(costs) if c and i not in ends
             and all(abs(i % width - e % width) > 1 or abs(i // width - e // width) > 1 for e in ends)]
    colours = driver.execute_script(READ_STATES, index, [[i % width, i // width] for i in cells])
    off = [(i, costs[i], c[:3]) for i, c in zip(cells, colours) if not near(c, shade[costs[i]])]
    check(not off, f"{panel['label']}: {len(cells)} cells at frame 0 have their cost's shade "
          f"(costs {free})" + (f"; not {off[:3]}" if off else ""))
    walls = [i for i, c in enumerate(costs) if not c]
    colours = driver.execute_script(READ_STATES, index, [[i % width, i // width] for i in walls])
    check(all(near(c, WALL) for c in colours), f"{panel['label']}: {len(walls)} walls wall-coloured")
    legend = driver.execute_script(
        "return [...document.querySelectorAll('#legend span')].map(s => [s.dataset.legend, "
        "getComputedStyle(s.firstChild).backgroundColor])")
    listed = {name: tuple(map(int, colour[4:-1].split(","))) for name, colour in legend
              if name.startswith("cost ")}
    check(sorted(listed) == sorted(f"cost {c}" for c in free), f"the legend lists the costs {sorted(listed)}")
    check(all(near(listed.get(f"cost {c}", (0, 0, 0)), shade[c], 1) for c in free),
          "the legend's shades are the cells' shades")


FREE_RGB = (0xFB, 0xFB, 0xF8)


def replay_test(args):
    page, json_file = args[0], args[1]
    limits = "--limits" in args
    screenshot = args[args.index("--screenshot") + 1] if "--screenshot" in args else None
    expected = {}
    for line in open(json_file, encoding="utf-8"):
        if line.strip().startswith("{"):
            record = json.loads(line)
            expected.setdefault(record["algorithm"], record)
    size = os.path.getsize(page)
    driver.get("file://" + os.path.abspath(page))
    last = driver.execute_script("return window.replay.last")
    fetched = driver.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name)")
    check(not fetched, f"{page}: no fetches ({fetched[:3]})")
    panels = driver.execute_script(PANELS)
    layouts = sorted({p["layout"] for p in panels})
    print(f"     {page}: {len(panels)} panels ({', '.join(p['label'] for p in panels)}), "
          f"drawn as {' and '.join(layouts)}, {last} frames")
    check(len(panels) >= 2, f"panels side by side: {[p['label'] for p in panels]}")
    check(frame() == 0 and last == max(p["frames"] for p in panels), f"{last} frames")
    check(address() in ("", "#frame=0"), f"opened at frame 0 ({address()!r})")
    for index, panel in enumerate(panels):
        if panel["costs"]:
            terrain_test(index, panel)

    if limits:
        check(size <= 20_000_000, f"page size {size / 1e6:.2f} MB <= 20 MB")
        # Frame times: step forward through the page's button from the middle of the search.
        driver.execute_script(
            "const s = document.getElementById('scrub'); s.value = Math.floor(window.replay.last / 2);"
            "s.dispatchEvent(new Event('input'));")
        driver.execute_script("const t = window.replay.timing; t.samples.length = 0; t.max = 0;")
        steps_follow_the_open_list(panels, 300)
        samples = sorted(driver.execute_script("return window.replay.timing.samples"))
        p95, worst = samples[int(len(samples) * 0.95)], samples[-1]
        mean = sum(samples) / len(samples)
        print(f"     frame draw times over {len(samples)} steps: mean {mean:.2f} ms, "
              f"95th percentile {p95:.2f} ms, max {worst:.2f} ms")
        check(p95 <= 16, f"a frame draws in <= 16 ms (95th percentile {p95:.2f} ms)")
        # And stepping back through the page's button (each step undoes one frame).
        driver.execute_script("const t = window.replay.timing; t.samples.length = 0; t.max = 0;")
        click("back", 100)
        samples = sorted(driver.execute_script("return window.replay.timing.samples"))
        p95, worst = samples[int(len(samples) * 0.95)], samples[-1]
        print(f"     step back times over {len(samples)} steps: 95th percentile {p95:.2f} ms, "
              f"max {worst:.2f} ms")
        check(p95 <= 16, f"a step back draws in <= 16 ms (95th percentile {p95:.2f} ms)")
        click("last")
        took = driver.execute_script("return window.replay.timing.last")
        print(f"     the jump to the last frame (replaying every event: a seek, not a frame) took "
              f"{took:.1f} ms")
    else:
        # Play for a moment, then pause: frames advance, then stop.
        driver.execute_script(
            "const s = document.getElementById('speed'); s.value = 20; s.dispatchEvent(new Event('input'));")
        rate = driver.find_element(By.ID, "rate").text
        check(rate.startswith("10 "), f"the speed slider sets the rate ({rate})")
        click("play")
        time.sleep(0.5)   # 5 frames at 10 a second; under 52 even on a slow machine
        click("play")
        paused = frame()
        time.sleep(0.3)
        check(0 < paused == frame(), f"play advanced to frame {paused}, pause held it")
        # Play to the end at full speed: the page stops there by itself.
        driver.execute_script(
            "const s = document.getElementById('speed'); s.value = 100; s.dispatchEvent(new Event('input'));")
        click("play")
        deadline = time.time() + 20
        while frame() < last and time.time() < deadline:
            time.sleep(0.05)
        time.sleep(0.1)
        playing = driver.find_element(By.ID, "play").text
        check(frame() == last and playing == "play", f"played to the last frame ({frame()} of {last}) "
              f"and stopped (button {playing!r})")
        check(address() == f"#frame={last}", f"the address says the last frame ({address()})")
        click("first")
        check(frame() == 0, "back to the first frame")
        steps_follow_the_open_list(panels, last)
    check(frame() == last, f"stepped to the last frame ({frame()} of {last})")

    panels = driver.execute_script(PANELS)
    for index, panel in enumerate(panels):
        name = JSON_NAMES.get(panel["label"], panel["label"])
        record = expected.get(name)
        check(record is not None, f"panel {panel['label']}: a --json line for {name}")
        if record is None:
            continue
        for counter in ("expanded", "generated", "reopened", "decrease_keys", "max_open"):
            if counter in record:
                check(panel["counters"][counter] == record[counter],
                      f"{panel['label']}: {counter} {panel['counters'][counter]} == {record[counter]}")
        # The path's pixels. The maze's --json gives the path (x, y from the bottom row); other
        # pages are checked against the path they hold.
        width, height = panel["width"], panel["height"]
        maze = "maze" in record
        if maze:
            path = [[x, height - 1 - y] for x, y in record["path"]]
            check([y * width + x for x, y in path] == panel["path"],
                  f"{panel['label']}: the page's path is the --json path")
        else:
            path = [cell_of(panel, c) for c in panel["path"]]
            if "steps" in record:
                check(len(path) == record["steps"] + 1,
                      f"{panel['label']}: a path of {record['steps']} steps, as the search's")
        # Leave out the states under the start and goal markers (a few pixels wide).
        ends = driver.execute_script(CENTRES, index, [path[0], path[-1]])
        centres = driver.execute_script(CENTRES, index, path)
        marker = 7 if panel["layout"] == "grid" else 14
        inner = [state for state, (px, py) in zip(path, centres)
                 if all((px - ex) ** 2 + (py - ey) ** 2 > marker ** 2 for ex, ey in ends)]
        check(len(inner) > 0, f"{panel['label']}: a path of {len(path)} states")
        colours = driver.execute_script(READ_STATES, index, inner)
        off = [(state, c[:3]) for state, c in zip(inner, colours) if not near(c, PATH)]
        check(not off, f"{panel['label']}: the {len(inner)} path states between start and goal are "
              "path-coloured" + (f" (not {off[:3]})" if off else ""))
        ends = driver.execute_script(READ_STATES, index, [path[0], path[-1]])
        check(near(ends[0], START) and near(ends[1], GOAL), f"{panel['label']}: start and goal marked")
        if maze:
            walls = [(x, height - 1 - y) for x, y in MAZE_WALLS]
            colours = driver.execute_script(READ_STATES, index, walls)
            check(all(near(c, WALL) for c in colours), f"{panel['label']}: walls are wall-coloured")
            off_path = [(x, y) for x in range(width) for y in range(height)
                        if [x, y] not in path and (x, y) not in walls]
            colours = driver.execute_script(READ_STATES, index, off_path)
            check(not any(near(c, PATH) for c in colours),
                  f"{panel['label']}: no other cell is path-coloured")

    # One step back: the path goes, the counters follow the frame.
    click("back")
    check(frame() == last - 1, "stepped back one frame")
    took = driver.execute_script("return window.replay.timing.last")
    print(f"     the step back from the last frame took {took:.1f} ms")
    panels = driver.execute_script(PANELS)
    for panel in panels:
        check(panel["counters"]["expanded"] == min(last - 1, panel["frames"]),
              f"{panel['label']}: {panel['counters']['expanded']} expanded after stepping back")
    longest = max(range(len(panels)), key=lambda i: panels[i]["frames"])
    inner = [cell_of(panels[longest], c) for c in panels[longest]["path"][1:-1]]
    colours = driver.execute_script(READ_STATES, longest, inner)
    check(not inner or not all(near(c, PATH) for c in colours),
          f"{panels[longest]['label']}: no path before the last frame")
    # Back a few frames and forward again: the open list still leads to the next expansion.
    click("back", 4)
    tops = driver.execute_script("return window.replay.panels.map(p => [p.frames, p.openList()[0]])")
    click("forward")
    currents = driver.execute_script("return window.replay.panels.map(p => p.current())")
    for (frames, top), current, panel in zip(tops, currents, panels):
        if last - 4 < frames:
            check(top is not None and top[0] == current,
                  f"{panel['label']}: after steps back, the open list's best is expanded next")
    click("forward", 4)
    check(frame() == last, "and forward again")
    jumps_test(panels, expected)
    if not limits:
        address_and_layout_test(page, last, panels)
    if screenshot:
        # The window just fits the page, so the picture holds all of it and nothing more.
        driver.set_window_size(1400, 900)
        driver.get("file://" + os.path.abspath(page))
        click("forward", min(last, 20))
        driver.execute_script("document.documentElement.style.overflow = 'hidden'")
        width, height = driver.execute_script(
            "const boxes = [...document.querySelectorAll('.panel')].map(b => b.getBoundingClientRect());"
            "return [Math.ceil(Math.max(...boxes.map(r => r.right))) + 24,"
            "        Math.ceil(Math.max(...boxes.map(r => r.bottom))) + 12];")
        inner = driver.execute_script("return [window.innerWidth, window.innerHeight]")
        outer = driver.get_window_size()
        driver.set_window_size(outer["width"] - inner[0] + width, outer["height"] - inner[1] + height)
        driver.save_screenshot(screenshot)
        print(f"     wrote {screenshot}")


def main():
    global driver
    args = sys.argv[1:]
    if not args or args[0] not in ("svg", "replay"):
        print(__doc__)
        sys.exit(2)
    driver = browser()
    try:
        if args[0] == "svg" and "--json" in args:
            svg_test(args[1], args[args.index("--json") + 1])
        elif args[0] == "svg" and len(args) == 3:
            seam_test(args[1], args[2])
        elif args[0] == "svg":
            svg_test(args[1])
        else:
            replay_test(args[1:])
    finally:
        driver.quit()
    if failures:
        print(f"{len(failures)} check(s) failed")
        sys.exit(1)
    print("all browser checks passed")


if __name__ == "__main__":
    main()
