"""Speed and size of the Successors map picture (render/successors/), per format.

A seeded self-played mid-game position (an activation in progress, so the path arrow is
drawn) is rendered and encoded again and again; every format is measured side by side in
the same run, the formats taking turns in bursts of 5 pictures, so the machine's state
affects them alike. For each format:

- render: `draw(view)` only (the cached base map copied, the overlay drawn, the result
  mapped to the frame's fixed 256-colour palette);
- encode: encoding the image that render just produced (palette conversion included);
- total: render + encode of one picture, timed as one;
- bare: encoding one fixed, already rendered image again (the floor for total);
- size: bytes of the file.

Targets (issue 6): total <= 1.3 x bare, whole map <= 30 ms total at the default size,
file <= 2 MB. Never `optimize=True`.

    python -m bench.render_successors [--runs 30] [--width 1280] [--region greece]
    python -m bench.render_successors --examples examples/     # also writes the example PNGs
"""
from __future__ import annotations

import argparse
import io
import os
import statistics
import sys
import time

from PIL import Image

import render
from render import successors as R


def _platform(fmt: str):
    def save(img: Image.Image, out) -> None:
        out.write(render.encode(img, fmt))
    return save


def _png(level: int):
    def save(img: Image.Image, out) -> None:
        img.save(out, "PNG", compress_level=level)
    return save


def _octree(img: Image.Image, out) -> None:
    img.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(out, "PNG", compress_level=1)


# (draw options, encoder). The drawer returns a 256-colour image on a fixed palette; the
# last two rows ask it for RGB instead, to show what that palette saves.
ENCODERS = {
    "png-1": ({}, _png(1)),
    "png-6 (platform png)": ({}, _platform("png")),
    "webp lossless m0": ({}, _platform("webp")),
    "jpeg q85": ({}, _platform("jpeg")),
    "RGB drawer, png-1": ({"mode": "RGB"}, _png(1)),
    "RGB + octree 256, png-1": ({"mode": "RGB"}, _octree),
}


def encode(save, img) -> bytes:
    out = io.BytesIO()
    save(img, out)
    return out.getvalue()


BURST = 5      # consecutive pictures per format before moving to the next format


def measure(view: dict, runs: int, **options) -> dict:
    """Timings in ms, formats taking turns in bursts of BURST pictures:
    {format: {render, encode, total, bare, size}} (medians)."""
    fixed = {name: R.draw(view, None, **options, **extra) for name, (extra, _) in ENCODERS.items()}
    for name, (extra, save) in ENCODERS.items():     # warm every encoder and sprite cache once
        encode(save, R.draw(view, None, **options, **extra))
    res = {name: {"render": [], "encode": [], "total": [], "bare": [], "size": 0} for name in ENCODERS}
    for _ in range(max(1, runs // BURST)):
        for name, (extra, save) in ENCODERS.items():
            r = res[name]
            for _ in range(BURST):
                t0 = time.perf_counter()
                img = R.draw(view, None, **options, **extra)
                t1 = time.perf_counter()
                data = encode(save, img)
                t2 = time.perf_counter()
                r["render"].append((t1 - t0) * 1000)
                r["encode"].append((t2 - t1) * 1000)
                r["total"].append((t2 - t0) * 1000)
                t3 = time.perf_counter()
                bare = encode(save, fixed[name])
                r["bare"].append((time.perf_counter() - t3) * 1000)
                r["size"] = len(data)
                assert bare == data, "the same view must give the same bytes"
    return {name: {k: (statistics.median(v) if isinstance(v, list) else v) for k, v in r.items()}
            for name, r in res.items()}


def report(title: str, size: tuple, res: dict, budget_ms: float | None) -> None:
    print(f"\n{title}: {size[0]}x{size[1]} px (medians, ms)")
    print(f"  {'format':<24}{'render':>7}{'encode':>8}{'total':>7}{'bare':>7}{'tot/bare':>9}{'KB':>6}"
          f"  {'<=1.3x':>7}{'<=30ms':>7}{'<=2MB':>6}")
    for name, r in res.items():
        ratio = r["total"] / r["bare"] if r["bare"] else float("inf")
        marks = [ratio <= 1.3, None if budget_ms is None else r["total"] <= budget_ms,
                 r["size"] <= 2 * 1024 * 1024]
        cells = "".join(f"{'-' if m is None else 'ok' if m else 'MISS':>{w}}" for m, w in zip(marks, (9, 7, 6)))
        print(f"  {name:<24}{r['render']:>7.1f}{r['encode']:>8.1f}{r['total']:>7.1f}{r['bare']:>7.1f}"
              f"{ratio:>9.2f}{r['size'] / 1024:>6.0f}{cells}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.render_successors", description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--width", type=int, default=None, help="whole-map width (default: the drawer's)")
    ap.add_argument("--region", default="greece", help="region crop measured after the whole map ('' for none)")
    ap.add_argument("--examples", metavar="DIR", help="also write the example PNGs to DIR")
    args = ap.parse_args(argv)
    try:
        print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    except OSError:
        pass
    t = time.perf_counter()
    start, mid = R.sample_views()
    print(f"self-played mid-game position: Turn {mid['turn']}, {mid['phase']}, round {mid['round']} "
          f"({(time.perf_counter() - t) * 1000:.0f} ms to play)")
    t = time.perf_counter()
    R.base(None, args.width)
    print(f"base map built once per process: {(time.perf_counter() - t) * 1000:.0f} ms")
    f = R.frame(None, args.width)
    report("whole map", f.size, measure(mid, args.runs, width=args.width), 30.0)
    alone = []
    for _ in range(max(10, args.runs)):
        t = time.perf_counter()
        R.draw(mid, None, width=args.width)
        alone.append((time.perf_counter() - t) * 1000)
    print(f"  render alone, {len(alone)} in a row: median {statistics.median(alone):.1f} ms, "
          f"best {min(alone):.1f} ms (the rows above interleave encoders, which evict the caches)")
    if args.region:
        t = time.perf_counter()
        R.base(args.region)
        print(f"\nbase of region {args.region!r} built: {(time.perf_counter() - t) * 1000:.0f} ms")
        report(f"region {args.region}", R.frame(args.region).size, measure(mid, args.runs, region=args.region), None)
    if args.examples:
        R.main([args.examples])
    return 0


if __name__ == "__main__":
    sys.exit(main())
