"""Plane geometry of the table (§2.1, §8.1). Pure functions on floats, inches.

A rectangle is ``[x0, y0, x1, y1]`` with x0 < x1 and y0 < y1 (§2.5); a base is a
circle given by its centre and radius. ε (§0.2) is the tolerance of every test.
"""
from __future__ import annotations

import math

EPS = 0.001          # §0.2 ε, inches
MM_PER_INCH = 25.4


def radius(base_mm: float) -> float:
    """§2.1.2: base radius in inches from the base diameter in mm."""
    return base_mm / MM_PER_INCH / 2


def distance(x1: float, y1: float, x2: float, y2: float) -> float:
    return math.hypot(x2 - x1, y2 - y1)


def circle_inside_rect(x: float, y: float, r: float, rect) -> bool:
    """§8.1 *inside a rectangle*: the whole base is within it (± ε)."""
    x0, y0, x1, y1 = rect
    return x - r >= x0 - EPS and x + r <= x1 + EPS and y - r >= y0 - EPS and y + r <= y1 + EPS


def first_overlapped(x: float, y: float, r: float, rects) -> int | None:
    """The index of the first rectangle the base overlaps (circle_overlaps_rect), None if none. Many
    rectangles in one call, the first overlapped ending it: the robots' placements test thousands of
    spots against the terrain near them, and a call a piece cost more than its sums."""
    limit = (r - EPS) ** 2
    for i, (x0, y0, x1, y1) in enumerate(rects):
        # how far the point lies outside the rectangle along each axis (0 inside it): max(x0 - x, 0.0,
        # x - x1) as max takes it (the first of the greatest), without the call
        dx = x0 - x
        if 0.0 > dx:
            dx = 0.0
        if x - x1 > dx:
            dx = x - x1
        across = dx * dx
        if across >= limit:
            continue                     # too far across already: dy² added cannot bring the sum under
        dy = y0 - y
        if 0.0 > dy:
            dy = 0.0
        if y - y1 > dy:
            dy = y - y1
        if across + dy * dy < limit:
            return i
    return None


def gap_to_rect(x: float, y: float, rect) -> float:
    """How far the point lies from the rectangle (0 inside it): the hypotenuse of first_overlapped's
    dx and dy."""
    x0, y0, x1, y1 = rect
    dx = x0 - x                  # max(x0 - x, 0.0, x - x1) without the call, as first_overlapped
    if 0.0 > dx:
        dx = 0.0
    if x - x1 > dx:
        dx = x - x1
    dy = y0 - y
    if 0.0 > dy:
        dy = 0.0
    if y - y1 > dy:
        dy = y - y1
    return math.hypot(dx, dy)


def circle_overlaps_rect(x: float, y: float, r: float, rect) -> bool:
    """§8.1 *overlap with a rectangle*: dx² + dy² < (r − ε)² (touching is not overlap)."""
    return first_overlapped(x, y, r, (rect,)) is not None


def in_contact(x1, y1, r1, x2, y2, r2) -> bool:
    """§8 P7 silhouette contact: centre distance does not exceed r1 + r2 + ε."""
    return distance(x1, y1, x2, y2) <= r1 + r2 + EPS


def overlapping(x1, y1, r1, x2, y2, r2) -> bool:
    """§8 P8 overlap of two bases: centre distance below r1 + r2 − ε (touching allowed)."""
    return distance(x1, y1, x2, y2) < r1 + r2 - EPS


def apart(a, b, gap: float) -> bool:
    """Rectangles a and b lie at least `gap` apart along one axis or the other."""
    return b[0] >= a[2] + gap or a[0] >= b[2] + gap or b[1] >= a[3] + gap or a[1] >= b[3] + gap


def rects_overlap(a, b) -> bool:
    """Two rectangles share interior (used by mission validation, §2.5.2)."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def rect_inside(inner, outer) -> bool:
    return (inner[0] >= outer[0] - EPS and inner[1] >= outer[1] - EPS
            and inner[2] <= outer[2] + EPS and inner[3] <= outer[3] + EPS)
