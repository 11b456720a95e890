#!/usr/bin/env python3
"""Opens a coldiff HTML report in headless Chromium and says what it shows.

Standard library only. Chromium is driven over the DevTools protocol on a
pipe (--remote-debugging-pipe: commands on the child's fd 3, answers and
events on its fd 4, each message JSON ended by a NUL byte), so nothing
listens on a port. Prints one JSON object:

  firstRowsMs    ms from Page.navigate to the first rows on screen (the page
                 sets data-first-rows on <html> in the frame after it drew
                 them), as seen here (polled every 10 ms)
  pageFirstRowsMs the same as the page measured it (performance.now())
  pageLoadedMs   when the page showed all changes (data-loaded), its measure
  initial        the page's state once it shows all changes
  filtered       after typing --key into the key filter (when given)
  fielded        after choosing --field in the field filter (when given)
  scrolled       after scrolling the list to --scroll (a fraction; when given)
  requests       every URL the page asked for (Network.requestWillBeSent)
  exceptions     uncaught script errors and console errors

A state is {"counts": {...}, "shown": text, "rowElements": n, "domNodes": n,
"rows": [each row on screen as a list of its cells' text]}.

usage: report_browser.py REPORT.html [--chromium PATH] [--key TEXT]
       [--field NAME] [--scroll FRACTION] [--timeout SECONDS]
"""
import argparse
import json
import os
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
import time

STATE = r"""(() => {
  const counts = {};
  document.querySelectorAll('.count').forEach(c => {
    counts[c.querySelector('span').textContent] = Number(c.querySelector('b').textContent);
  });
  const rows = [...document.querySelectorAll('#rows > *')].map(row =>
    row.classList.contains('group') ? ['group', row.textContent]
      : [...row.children].map(cell => cell.textContent));
  return JSON.stringify({counts, shown: document.getElementById('shown').textContent,
    rowElements: document.querySelectorAll('#rows > *').length,
    domNodes: document.getElementsByTagName('*').length, rows,
    hash: location.hash});
})()"""


class Browser:
    """One headless Chromium on a DevTools pipe."""

    def __init__(self, chromium, log):
        self.profile = tempfile.mkdtemp(prefix="coldiff-chromium-")
        to_child, self.commands = os.pipe()
        self.answers, from_child = os.pipe()
        args = ["--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
                "--user-data-dir=" + self.profile, "--no-first-run",
                "--no-default-browser-check", "--disable-extensions",
                "--disable-background-networking", "--disable-sync",
                "--disable-component-update", "--window-size=1280,800", "about:blank"]
        shell = 'exec "$0" "$@" 3<&%d 4>&%d' % (to_child, from_child)
        self.process = subprocess.Popen(
            ["/bin/sh", "-c", shell, chromium] + args, pass_fds=(to_child, from_child),
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=log)
        os.close(to_child)
        os.close(from_child)
        self.next_id = 0
        self.inbox = queue.Queue()
        self.events = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        buffer = b""
        while True:
            chunk = os.read(self.answers, 1 << 16)
            if not chunk:
                self.inbox.put(None)
                return
            buffer += chunk
            while b"\0" in buffer:
                message, buffer = buffer.split(b"\0", 1)
                self.inbox.put(json.loads(message))

    def call(self, method, params=None, session=None, timeout=30):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.commands, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(method)
            message = self.inbox.get(timeout=left)
            if message is None:
                raise RuntimeError("chromium closed the pipe during " + method)
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(method + ": " + json.dumps(message["error"]))
                return message.get("result", {})
            if "method" in message:
                self.events.append(message)

    def close(self):
        try:
            self.call("Browser.close", timeout=5)
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


def evaluate(browser, session, expression):
    result = browser.call("Runtime.evaluate", {"expression": expression, "returnByValue": True},
                          session)
    if "exceptionDetails" in result:
        raise RuntimeError("script failed: " + json.dumps(result["exceptionDetails"])[:500])
    return result["result"].get("value")


def wait_for(browser, session, expression, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = evaluate(browser, session, expression)
        if value:
            return value
        time.sleep(0.01)
    raise TimeoutError("waited %ss for %s" % (timeout, expression))


def settle(browser, session):
    """Waits for the debounced filter and two animation frames."""
    time.sleep(0.3)
    browser.call("Runtime.evaluate", {"expression": "new Promise(r => requestAnimationFrame("
                 "() => requestAnimationFrame(() => r(1))))", "awaitPromise": True}, session)


def state(browser, session):
    return json.loads(evaluate(browser, session, STATE))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("report")
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    parser.add_argument("--key")
    parser.add_argument("--field")
    parser.add_argument("--scroll", type=float)
    parser.add_argument("--timeout", type=float, default=60)
    options = parser.parse_args()
    url = "file://" + os.path.abspath(options.report)
    with tempfile.TemporaryFile() as log:
        browser = Browser(options.chromium, log)
        try:
            out = run(browser, url, options)
        except Exception as error:
            log.seek(0)
            tail = log.read().decode("utf-8", "replace")[-2000:]
            print(json.dumps({"error": "%s: %s" % (type(error).__name__, error),
                              "chromiumLog": tail}))
            return 1
        finally:
            browser.close()
    print(json.dumps(out))
    return 0


def run(browser, url, options):
    target = browser.call("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = browser.call("Target.attachToTarget", {"targetId": target, "flatten": True})[
        "sessionId"]
    for domain in ("Network.enable", "Page.enable", "Runtime.enable", "Log.enable"):
        browser.call(domain, session=session)
    browser.events.clear()
    start = time.monotonic()
    browser.call("Page.navigate", {"url": url}, session)
    page_ms = wait_for(browser, session,
                       "document.documentElement && location.protocol === 'file:' &&"
                       " document.documentElement.getAttribute('data-first-rows')",
                       options.timeout)
    first_ms = round((time.monotonic() - start) * 1000, 1)
    loaded_ms = wait_for(browser, session,
                         "document.documentElement.getAttribute('data-loaded')",
                         options.timeout)
    out = {"firstRowsMs": first_ms, "pageFirstRowsMs": float(page_ms),
           "pageLoadedMs": float(loaded_ms), "initial": state(browser, session)}
    if options.key is not None:
        evaluate(browser, session, "(() => { const i = document.getElementById('key-filter');"
                 " i.value = %s; i.dispatchEvent(new Event('input')); return 1; })()"
                 % json.dumps(options.key))
        settle(browser, session)
        out["filtered"] = state(browser, session)
    if options.field is not None:
        evaluate(browser, session, "(() => { const s = document.getElementById('field-filter');"
                 " const o = [...s.options].find(o => o.textContent === %s); s.value = o.value;"
                 " s.dispatchEvent(new Event('change')); return 1; })()"
                 % json.dumps(options.field))
        settle(browser, session)
        out["fielded"] = state(browser, session)
    if options.scroll is not None:
        evaluate(browser, session, "(() => { const l = document.getElementById('list');"
                 " l.scrollTop = (l.scrollHeight - l.clientHeight) * %f; return 1; })()"
                 % options.scroll)
        settle(browser, session)
        out["scrolled"] = state(browser, session)
    events = browser.events
    out["requests"] = [e["params"]["request"]["url"] for e in events
                       if e["method"] == "Network.requestWillBeSent"]
    out["exceptions"] = [json.dumps(e["params"])[:300] for e in events
                         if e["method"] == "Runtime.exceptionThrown"
                         or (e["method"] == "Log.entryAdded"
                             and e["params"]["entry"]["level"] == "error")]
    return out


if __name__ == "__main__":
    sys.exit(main())
