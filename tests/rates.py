"""The busiest window of a platform's rate limit, counted over the times new messages were sent."""
from collections import deque


def busiest(times: list[float], seconds: float) -> int:
    """The most messages sent within any `seconds` (the times sorted, as they were sent)."""
    window, most = deque(), 0
    for t in times:
        window.append(t)
        while t - window[0] >= seconds:
            window.popleft()
        most = max(most, len(window))
    return most
