#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Opens an HTML file in headless Chromium and prints, as one JSON object, what Chromium itself
computed for it: the accessibility tree (role, accessible name, heading level of every node that
is not ignored), the network requests the page made besides itself, the document's language and
title. Talks the DevTools protocol over --remote-debugging-pipe (fds 3 and 4), so no port is
opened. With --axe AXE.JS it also runs axe-core (the axe.min.js of the PyPI wheel
axe-playwright-python, offline) on the page and adds its violations. Usage:
chromium-ax.py [--axe AXE.JS [--without-contrast]] FILE.html [SCREENSHOT.png]. Exits non-zero on any
failure; bounded by a 180 s alarm so a stuck browser cannot hang the tests. --without-contrast
leaves out axe-core's colour-contrast rule, 60 % of axe's time on a report (13.8 core-seconds
with it, 5.1 without, for a 245 KB one): for a page whose every class and element the pages
checked with it already have, so whose colours were judged there."""
import base64, json, os, pathlib, shutil, signal, subprocess, sys, tempfile

signal.signal(signal.SIGALRM, lambda *_: sys.exit("chromium-ax: timed out"))
signal.alarm(180)
arguments = sys.argv[1:]
axe = None
contrast = True
if arguments[:1] == ["--axe"]:
    axe = pathlib.Path(arguments[1]).read_text(encoding="utf-8")
    arguments = arguments[2:]
    if arguments[:1] == ["--without-contrast"]:
        contrast = False
        arguments = arguments[1:]
page = pathlib.Path(arguments[0]).resolve().as_uri()
screenshot = arguments[1] if len(arguments) > 1 else None
browser = shutil.which("chromium") or shutil.which("chromium-browser") or sys.exit("chromium-ax: chromium not found")
profile = tempfile.mkdtemp(prefix="lecteur-chromium-")
to_browser_r, to_browser_w = os.pipe()
from_browser_r, from_browser_w = os.pipe()

def wire_fds():
    os.dup2(to_browser_r, 3)
    os.dup2(from_browser_w, 4)

proc = subprocess.Popen([browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                         "--remote-debugging-pipe", "--user-data-dir=" + profile, "--window-size=1024,1400",
                         "about:blank"],
                        pass_fds=(3, 4), preexec_fn=wire_fds, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
os.close(to_browser_r)
os.close(from_browser_w)
pending = b""
next_id = 0
events = []

def send(method, params=None, session=None):
    global next_id
    next_id += 1
    message = {"id": next_id, "method": method, "params": params or {}}
    if session:
        message["sessionId"] = session
    os.write(to_browser_w, json.dumps(message).encode() + b"\0")
    return next_id

def receive(until):
    global pending
    while True:
        while b"\0" in pending:
            raw, pending = pending.split(b"\0", 1)
            message = json.loads(raw)
            if "method" in message:
                events.append(message)
            if until(message):
                return message
        chunk = os.read(from_browser_r, 1 << 20)
        if not chunk:
            sys.exit("chromium-ax: browser closed the pipe")
        pending += chunk

def call(method, params=None, session=None):
    request = send(method, params, session)
    answer = receive(lambda m: m.get("id") == request)
    if "error" in answer:
        sys.exit("chromium-ax: %s failed: %s" % (method, answer["error"]))
    return answer["result"]

try:
    target = call("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    call("Page.enable", session=session)
    call("Network.enable", session=session)
    send("Page.navigate", {"url": page}, session)
    receive(lambda m: m.get("method") == "Page.loadEventFired")
    call("Accessibility.enable", session=session)
    tree = call("Accessibility.getFullAXTree", session=session)["nodes"]
    def evaluate(expression):
        return call("Runtime.evaluate", {"expression": expression, "returnByValue": True}, session)["result"].get("value")
    nodes = []
    for node in tree:
        if node.get("ignored"):
            continue
        role = node.get("role", {}).get("value")
        if role in ("StaticText", "InlineTextBox", "none", "generic"):
            continue
        entry = {"role": role, "name": node.get("name", {}).get("value", "")}
        for prop in node.get("properties", []):
            if prop["name"] == "level":
                entry["level"] = prop["value"]["value"]
        nodes.append(entry)
    requests = [e["params"]["request"]["url"] for e in events
                if e.get("method") == "Network.requestWillBeSent" and e["params"]["request"]["url"] != page]
    result = {"nodes": nodes, "requests": requests, "lang": evaluate("document.documentElement.lang"),
              "title": evaluate("document.title"),
              "resources": evaluate("performance.getEntriesByType('resource').length")}
    if axe is not None:
        # Every rule axe-core runs by default (WCAG 2.0–2.2 A/AA and best practices), on the
        # laid-out page: colour contrast needs the real rendering.
        call("Runtime.evaluate", {"expression": axe}, session)
        options = "{resultTypes: ['violations']%s}" % ("" if contrast else ", rules: {'color-contrast': {enabled: false}}")
        answer = call("Runtime.evaluate", {
            "expression": "axe.run(document, " + options + ").then(r => JSON.stringify("
                          "{version: r.testEngine.version, violations: r.violations.map(v => ({id: v.id, impact: v.impact,"
                          " help: v.help, nodes: v.nodes.length, targets: v.nodes.slice(0, 5).map(n => n.target.join(' '))}))}))",
            "awaitPromise": True, "returnByValue": True}, session)["result"]
        if answer.get("type") != "string":
            sys.exit("chromium-ax: axe.run failed: %s" % answer)
        result["axe"] = json.loads(answer["value"])
    if screenshot:
        image = call("Page.captureScreenshot", {"format": "png"}, session)["data"]
        pathlib.Path(screenshot).write_bytes(base64.b64decode(image))
    print(json.dumps(result, ensure_ascii=False))
    send("Browser.close")
    proc.wait(timeout=15)
finally:
    if proc.poll() is None:
        proc.kill()
        proc.wait()
    shutil.rmtree(profile, ignore_errors=True)
