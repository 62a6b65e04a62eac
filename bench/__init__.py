"""Benchmarks: `python -m bench` or `strategos bench`. They print figures; no test times anything."""
