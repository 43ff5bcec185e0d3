#!/usr/bin/env python3
"""chrome-load.py BROWSER FILE [RUNS]: how long headless Chromium takes to
load and lay out a page, from the page's own Navigation Timing: for each run
(a new browser each time, default 3), the milliseconds from navigationStart
to the end of the load event, which includes parsing, style and layout of
the whole page, and the CPU time of the page's main thread by then (the
ThreadTime of the DevTools Performance metrics), which a busy machine
stretches less. Prints one line: the best load, the least CPU time and the
page's DOM element count, then every run's; no line, a message and status 1
when Chromium gives no load time or no ThreadTime. The page runs no script of its own (its
Content-Security-Policy forbids them): the numbers are read over the
DevTools protocol, on a pipe (--remote-debugging-pipe, file descriptors 3
and 4), which needs no network and nothing beyond Python's library."""
import json
import os
import shutil
import subprocess
import sys
import tempfile


def load_once(browser, path):
    to_chrome_r, to_chrome_w = os.pipe()
    from_chrome_r, from_chrome_w = os.pipe()
    profile = tempfile.mkdtemp()

    def child():
        a, b = os.dup(to_chrome_r), os.dup(from_chrome_w)
        os.dup2(a, 3)
        os.dup2(b, 4)
        os.set_inheritable(3, True)
        os.set_inheritable(4, True)

    proc = subprocess.Popen(
        [browser, "--headless", "--no-sandbox", "--disable-gpu",
         "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run", "--disable-quic",
         "--user-data-dir=" + profile, "--remote-debugging-pipe",
         "--window-size=1400,2000", "about:blank"],
        close_fds=False, preexec_fn=child,
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL)
    os.close(to_chrome_r)
    os.close(from_chrome_w)
    out = os.fdopen(to_chrome_w, "wb", buffering=0)
    inp = os.fdopen(from_chrome_r, "rb", buffering=0)
    state = {"buf": b"", "id": 0, "events": []}

    def recv():
        while b"\0" not in state["buf"]:
            data = inp.read(65536)
            if not data:
                raise EOFError("the browser closed its pipe")
            state["buf"] += data
        msg, state["buf"] = state["buf"].split(b"\0", 1)
        return json.loads(msg)

    def call(method, params=None, session=None):
        state["id"] += 1
        msg = {"id": state["id"], "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        out.write(json.dumps(msg).encode() + b"\0")
        while True:
            m = recv()
            if m.get("id") == state["id"]:
                if "error" in m:
                    raise RuntimeError(method + ": " + str(m["error"]))
                return m.get("result", {})
            state["events"].append(m)

    try:
        target = call("Target.createTarget", {"url": "about:blank"})
        session = call("Target.attachToTarget",
                       {"targetId": target["targetId"],
                        "flatten": True})["sessionId"]
        call("Page.enable", session=session)
        call("Performance.enable", session=session)
        call("Page.navigate", {"url": "file://" + os.path.abspath(path)},
             session)
        while not any(e.get("method") == "Page.loadEventFired"
                      for e in state["events"]):
            state["events"].append(recv())
        res = call("Runtime.evaluate", {
            "expression": "JSON.stringify([performance.timing.loadEventEnd"
                          " - performance.timing.navigationStart,"
                          " document.getElementsByTagName('*').length])",
            "returnByValue": True}, session)
        ms, nodes = json.loads(res["result"]["value"])
        cpu = None
        for m in call("Performance.getMetrics",
                      session=session).get("metrics", []):
            if m["name"] == "ThreadTime":
                cpu = round(m["value"] * 1000)
        if cpu is None:
            raise RuntimeError("Chromium reported no ThreadTime")
        if ms <= 0:
            raise RuntimeError("no load time: loadEventEnd %d ms after "
                               "navigationStart" % ms)
        try:
            call("Browser.close")
        except EOFError:
            pass
    finally:
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        shutil.rmtree(profile, ignore_errors=True)
    return ms, cpu, nodes


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: chrome-load.py BROWSER FILE [RUNS]")
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    times, cpus = [], []
    nodes = 0
    for _ in range(runs):
        try:
            ms, cpu, nodes = load_once(sys.argv[1], sys.argv[2])
        except (OSError, EOFError, RuntimeError, KeyError, ValueError) as e:
            sys.exit("chrome-load.py: %s: %s" % (sys.argv[2], e))
        times.append(ms)
        cpus.append(cpu)
    print(min(times), min(cpus), nodes, "loads", " ".join(map(str, times)),
          "main-thread CPU", " ".join(map(str, cpus)))


main()
