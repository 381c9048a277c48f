"""Chromium driven through its DevTools protocol over a pipe (fd 3 in, fd 4 out, messages ending in a
NUL byte): no websocket, no port. Used by clients.py and serve-check.py."""
import json
import os
import subprocess


class Chromium:
    def __init__(self, command):
        to_chrome_r, to_chrome_w = os.pipe()
        from_chrome_r, from_chrome_w = os.pipe()

        def fds():
            # the write end may sit on 3 and be overwritten first: move both above 4, then down.
            read_end, write_end = os.dup(to_chrome_r), os.dup(from_chrome_w)
            os.dup2(read_end, 3)
            os.dup2(write_end, 4)
            os.set_inheritable(3, True)
            os.set_inheritable(4, True)
        self.proc = subprocess.Popen(command + ["--remote-debugging-pipe", "about:blank"], close_fds=False,
                                     preexec_fn=fds, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self.out = os.fdopen(to_chrome_w, "wb", buffering=0)
        self.inp = os.fdopen(from_chrome_r, "rb", buffering=0)
        self.buffer = b""
        self.counter = 0

    def call(self, method, params=None, session=None):
        """Sends one command and returns its result, skipping the events that arrive meanwhile."""
        self.counter += 1
        message = {"id": self.counter, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self.out.write(json.dumps(message).encode() + b"\0")
        while True:
            while b"\0" not in self.buffer:
                chunk = self.inp.read(65536)
                if not chunk:
                    raise RuntimeError("chromium closed its pipe")
                self.buffer += chunk
            raw, self.buffer = self.buffer.split(b"\0", 1)
            reply = json.loads(raw)
            if reply.get("id") == self.counter:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply["result"]

    def open(self, url):
        """A new tab showing `url`; its session for `call`."""
        target = self.call("Target.createTarget", {"url": url})["targetId"]
        return self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]

    def evaluate(self, session, expression, await_promise=False):
        """The value of `expression` in the page; with `await_promise`, of the promise it gives."""
        params = {"expression": expression, "returnByValue": True, "awaitPromise": await_promise}
        result = self.call("Runtime.evaluate", params, session)
        return result.get("result", {}).get("value")

    def close(self):
        self.proc.kill()
        self.proc.wait()
