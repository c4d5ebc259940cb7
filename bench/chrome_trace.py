"""Chromium traces for the benchmark: a task's thread time (``tdur``) beside its wall time (``dur``).

On two shared cores, a task's wall time says as much about the other core as about the page: a
task of 10 ms of the page's own work lasts 60 ms when another process holds the core. The trace
gives each task both: ``dur`` (wall) and ``tdur`` (the time its thread ran), which a busy
machine stretches far less.

- ``record(page, action)``: runs ``action()`` with tracing on (the page's CDP session) and
  returns the trace's events;
- ``tasks(events, thread)``: the thread's top-level tasks, in order;
- ``page_main(events)``: the page's renderer main thread (the busiest ``CrRendererMain``);
- ``trace_time(events, page, mark)``: maps the page's ``performance.now()`` to the trace's clock
  (a ``performance.mark`` the page set, seen in both);
- ``roll_thread_times(events)``: per warm roll (a click answered by a ``dl:jet`` event), the
  main thread's and the engine worker's thread time from the click's task to the end of the
  frame that paints the outcome.
"""

from __future__ import annotations

import collections
from collections.abc import Callable
from typing import Any

CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel", "blink.user_timing"]
TASK_NAMES = ("ThreadControllerImpl::RunTask", "RunTask")

Event = dict[str, Any]
Thread = tuple[int, int]


def record(page, action: Callable[[], Any]) -> tuple[Any, list[Event]]:
    """``action()``'s value and the trace of everything the browser did meanwhile."""
    cdp = page.context.new_cdp_session(page)
    events: list[Event] = []
    done: list[bool] = []
    cdp.on("Tracing.dataCollected", lambda message: events.extend(message["value"]))
    cdp.on("Tracing.tracingComplete", lambda message: done.append(True))
    cdp.send("Tracing.start", {"traceConfig": {"includedCategories": CATEGORIES}, "transferMode": "ReportEvents"})
    try:
        value = action()
    finally:
        cdp.send("Tracing.end")
        while not done:
            page.wait_for_timeout(50)
        cdp.detach()
    return value, events


def thread_names(events: list[Event]) -> dict[Thread, str]:
    return {
        (e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("ph") == "M" and e.get("name") == "thread_name"
    }


def page_main(events: list[Event], mark: str | None = None) -> Thread:
    """The page's renderer main thread: where the page set ``mark`` (``MARK_SCRIPT``), else the
    renderers' main thread that dispatched the most events (a closed page's renderer, or a spare
    one, may be in the trace too)."""
    if mark is not None:
        seen = [e for e in events if e.get("name") == mark and "blink.user_timing" in e.get("cat", "")]
        if seen:
            return (seen[0]["pid"], seen[0]["tid"])
    names = thread_names(events)
    count = collections.Counter((e.get("pid"), e.get("tid")) for e in events if e.get("name") == "EventDispatch")
    mains = [thread for thread, name in names.items() if name == "CrRendererMain"]
    return max(mains, key=lambda thread: count[thread])


def tasks(events: list[Event], threads: Thread | list[Thread]) -> list[Event]:
    """The top-level tasks of ``threads``, in order (a task nested in another one is not counted twice)."""
    wanted = {threads} if isinstance(threads, tuple) else set(threads)
    found = sorted(
        (e for e in events if e.get("ph") == "X" and e.get("name") in TASK_NAMES and (e["pid"], e["tid"]) in wanted),
        key=lambda e: (e["ts"], -e.get("dur", 0)),
    )
    out: list[Event] = []
    ends: dict[Thread, int] = {}
    for e in found:
        thread = (e["pid"], e["tid"])
        if e["ts"] >= ends.get(thread, -1):
            out.append(e)
            ends[thread] = e["ts"] + e.get("dur", 0)
    return out


MARK_SCRIPT = "(name) => { performance.mark(name); return performance.getEntriesByName(name).at(-1).startTime; }"


def trace_time(events: list[Event], mark: str, page_ms: float) -> Callable[[float], float]:
    """A function from the page's ``performance.now()`` (ms) to the trace's clock (µs), given a
    mark ``mark`` the page set at ``page_ms`` (``MARK_SCRIPT``) while tracing."""
    seen = [e for e in events if e.get("name") == mark and "blink.user_timing" in e.get("cat", "")]
    if not seen:
        raise RuntimeError(f"the trace does not hold the page's mark {mark!r}")
    offset = seen[0]["ts"] - page_ms * 1000
    return lambda ms: offset + ms * 1000


def longest_after(events: list[Event], since_us: float, mark: str | None = None) -> dict[str, float]:
    """The page's main-thread tasks starting at ``since_us`` or later: the longest by thread time
    (its thread and wall times) and the longest by wall time. ``mark``: one the page set (``page_main``)."""
    after = [t for t in tasks(events, page_main(events, mark)) if t["ts"] >= since_us]
    by_thread = max(after, key=lambda t: t.get("tdur", 0), default=None)
    by_wall = max(after, key=lambda t: t.get("dur", 0), default=None)
    return {
        "thread_ms": round(by_thread.get("tdur", 0) / 1000, 1) if by_thread else 0.0,
        "its_wall_ms": round(by_thread.get("dur", 0) / 1000, 1) if by_thread else 0.0,
        "longest_wall_ms": round(by_wall.get("dur", 0) / 1000, 1) if by_wall else 0.0,
        "tasks": len(after),
    }


def _dispatches(events: list[Event], thread: Thread, kind: str) -> list[Event]:
    return [
        e
        for e in events
        if e.get("name") == "EventDispatch"
        and (e["pid"], e["tid"]) == thread
        and e.get("args", {}).get("data", {}).get("type") == kind
    ]


def roll_thread_times(events: list[Event]) -> list[dict[str, float]]:
    """Per roll: thread time of the page's main thread and of its workers (the engine) from the task
    of the click to the end of the task that paints after the roll's answer (its ``dl:jet``)."""
    main = page_main(events)
    names = thread_names(events)
    workers = [t for t, name in names.items() if name == "DedicatedWorker thread" and t[0] == main[0]]
    main_tasks = tasks(events, main)
    worker_tasks = tasks(events, workers)
    answers = _dispatches(events, main, "dl:jet")
    paints = sorted(e["ts"] for e in events if e.get("name") == "Paint" and (e["pid"], e["tid"]) == main)
    out = []
    for click in _dispatches(events, main, "click"):
        start = next((t["ts"] for t in main_tasks if t["ts"] <= click["ts"] < t["ts"] + t["dur"]), None)
        answer = next((a for a in answers if a["ts"] > click["ts"]), None)
        paint = next((p for p in paints if answer is not None and p > answer["ts"]), None)
        if start is None or paint is None:
            continue
        last = next(t for t in main_tasks if t["ts"] <= paint < t["ts"] + t["dur"])
        end = last["ts"] + last["dur"]
        main_ms = sum(t.get("tdur", 0) for t in main_tasks if start <= t["ts"] < end) / 1000
        worker_ms = sum(t.get("tdur", 0) for t in worker_tasks if start <= t["ts"] < end) / 1000
        out.append(
            {
                "main_ms": round(main_ms, 2),
                "worker_ms": round(worker_ms, 2),
                "thread_ms": round(main_ms + worker_ms, 2),
                "wall_ms": round((end - start) / 1000, 1),
            }
        )
    return out
