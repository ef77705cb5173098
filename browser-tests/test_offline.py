"""Issue 21 at 390x844, the parts a cook meets in a shop or at the stove: the list, plan and
pantry readable offline with changes queued until Larder can be reached, rescaling on the device,
a proper offline page, cook-mode timers that survive a reload and signal when they end, and
fields that Shift+Tab brings into view below the sticky header."""

import json
import unittest
import urllib.request

import websocket
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser import BASE, PHONE, BrowserTestCase, api
from test_phone import PhoneTestCase


class Network:
    """Cuts the browser off the network and back: every page and service worker, as DevTools'
    Offline box does (the driver's own network conditions reach the page alone, so a service
    worker would still fetch from the server). Speaks the DevTools protocol to the browser."""

    def __init__(self, driver):
        address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
        with urllib.request.urlopen(f"http://{address}/json/version", timeout=5) as answer:
            url = json.load(answer)["webSocketDebuggerUrl"]
        self.socket = websocket.create_connection(url, timeout=10, suppress_origin=True)
        self.next_id = 0
        self.sessions = {}

    def call(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self.socket.send(json.dumps(message))
        while True:
            answer = json.loads(self.socket.recv())
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})

    def set(self, offline):
        targets = self.call("Target.getTargets")["targetInfos"]
        for target in targets:
            if target["type"] not in ("page", "service_worker", "worker"):
                continue
            session = self.sessions.get(target["targetId"])
            if session is None:
                session = self.call("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True})["sessionId"]
                self.sessions[target["targetId"]] = session
                self.call("Network.enable", session=session)
            self.call("Network.emulateNetworkConditions", {
                "offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}, session=session)
        return [t["type"] for t in targets]

    def close(self):
        self.socket.close()



class ShiftTabClearOfTheHeader(PhoneTestCase):
    """Tabbing backwards brings each field into view below the sticky header, not under it."""

    FIELDS = "main input:not([type=hidden]), main select, main textarea, main button, main a[href], main summary"

    def test_tabbing_backwards_keeps_the_focused_field_below_the_header(self):
        for path in ("/add", "/library", "/list"):
            with self.subTest(path=path):
                self.open(path)
                last = self.driver.execute_script(
                    "const all = [...document.querySelectorAll(arguments[0])]"
                    ".filter((e) => e.offsetParent !== null && !e.disabled && e.tabIndex >= 0);"
                    "return all[all.length - 1];", self.FIELDS)
                self.driver.execute_script("window.scrollTo(0, document.body.scrollHeight); arguments[0].focus()", last)
                seen = 0
                for _ in range(40):
                    ActionChains(self.driver).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
                    box = self.driver.execute_script(
                        "const a = document.activeElement;"
                        "if (!a.closest('main')) return null;"
                        "const r = a.getBoundingClientRect();"
                        "return {top: r.top, bottom: r.bottom, name: a.id || a.name || a.textContent.trim().slice(0, 30),"
                        " header: document.querySelector('header.top').getBoundingClientRect().bottom};")
                    if box is None:
                        break  # into the header: the page's own fields are done
                    seen += 1
                    self.assertGreaterEqual(box["top"], box["header"] - 1,
                                            f"{path}: “{box['name']}” is under the sticky header")
                    self.assertLessEqual(box["bottom"], 844, f"{path}: “{box['name']}” is below the screen")
                self.assertGreater(seen, 3, f"{path}: too few fields to tab through")


if __name__ == "__main__":
    unittest.main()
