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


# Stands in for the Notification API and the vibration motor, recording what the page asks of
# them in sessionStorage (kept through a reload); the permission a cook gives is kept there too.
SIGNALS_STUB = """
(() => {
  const key = 'larder.test.signals';
  const log = (entry) => {
    const all = JSON.parse(sessionStorage.getItem(key) || '[]');
    all.push(entry);
    sessionStorage.setItem(key, JSON.stringify(all));
  };
  const answer = () => sessionStorage.getItem('larder.test.answer') || 'granted';
  class StubNotification {
    constructor(title, options) { log(['notification', title, options?.body || '']); }
    static get permission() { return sessionStorage.getItem('larder.test.permission') || 'default'; }
    static requestPermission() {
      log(['permission']);
      sessionStorage.setItem('larder.test.permission', answer());
      return Promise.resolve(answer());
    }
  }
  window.Notification = StubNotification;
  navigator.vibrate = () => { log(['vibrate']); return true; };
  if (window.ServiceWorkerRegistration) {
    ServiceWorkerRegistration.prototype.showNotification = function (title, options) {
      log(['notification', title, options?.body || '']);
      return Promise.resolve();
    };
  }
})();
"""


class CookModeTimers(PhoneTestCase):
    """Timers survive a reload and, when one ends, the phone vibrates and a notification shows
    (permission asked when the first timer starts, never on opening the page)."""

    def setUp(self):
        super().setUp()
        self.recipe = api("/api/v1/recipes", "POST", {
            "name": "Timer Reload Soup",
            "ingredients": ["1 l stock"],
            "steps": ["Bring to the boil, then rest for 4 seconds.", "Simmer for 20 minutes."],
            "yield": {"servings": 2},
        })
        self.addCleanup(api, f"/api/v1/recipes/{self.recipe['id']}", "DELETE")
        self.stub = self.driver.execute_cdp_cmd(
            "Page.addScriptToEvaluateOnNewDocument", {"source": SIGNALS_STUB})["identifier"]
        self.addCleanup(self.driver.execute_cdp_cmd, "Page.removeScriptToEvaluateOnNewDocument",
                        {"identifier": self.stub})

    def signals(self):
        return self.driver.execute_script("return JSON.parse(sessionStorage.getItem('larder.test.signals') || '[]')")

    def open_recipe(self, answer="granted"):
        self.open(f"/recipes/{self.recipe['id']}", ready=False)
        self.driver.execute_script(
            "sessionStorage.clear(); sessionStorage.setItem('larder.test.answer', arguments[0])", answer)
        self.open(f"/recipes/{self.recipe['id']}")

    def timers(self):
        return self.driver.execute_script(
            "return [...document.querySelectorAll('.timers .timer')].map((row) => "
            "[row.querySelector('.timer-name').textContent, row.querySelector('.timer-left').textContent])")

    def test_timers_survive_a_reload_and_signal_when_they_end(self):
        self.open_recipe()
        self.assertEqual(self.signals(), [], "the page asked for something on opening")
        self.tap("#cook-mode-open")
        self.tap(".cook-nav button:last-child")  # step 2
        self.tap(".timer-start")  # 20 minutes
        self.wait(lambda d: self.signals() == [["permission"]], message="permission asked on the first timer")
        self.tap(".cook-nav button:first-child")  # step 1
        self.tap(".timer-start")  # 4 seconds
        self.assertEqual(self.signals(), [["permission"]], "permission asked once")
        self.driver.refresh()
        self.wait_ready()
        # Back in cook mode, at the step shown, with both timers still counting down.
        self.assertTrue(self.find("#cook-mode").is_displayed(), "cook mode reopened")
        self.assertEqual(self.text(".cook-count"), "Step 1 of 2")
        timers = self.timers()
        self.assertEqual([name for name, _ in timers], ["Step 2: 20 minutes", "Step 1: 4 seconds"])
        self.assertRegex(timers[0][1], r"^(19:[0-5]\d|20:00)$")
        self.screenshot("phone-cook-timers-restored")
        self.wait(lambda d: self.timers()[1][1] == "Done!", timeout=10, message="the 4-second timer ends")
        self.wait(lambda d: ["vibrate"] in self.signals(), message="a vibration")
        self.wait(lambda d: any(s[0] == "notification" for s in self.signals()), message="a notification")
        notification = [s for s in self.signals() if s[0] == "notification"][0]
        self.assertEqual(notification[1:], ["4 seconds timer done", "Timer Reload Soup, step 1"])
        self.assertEqual(self.signals().count(["permission"]), 1, "asked again after the reload")
        # An ended timer does not ring again on the next reload; dismissing it forgets it.
        self.driver.refresh()
        self.wait_ready()
        self.assertEqual(self.timers()[1][1], "Done!")
        self.assertEqual(len([s for s in self.signals() if s[0] == "notification"]), 1)
        dismiss = [b for b in self.find_all(".timers .timer button") if b.text == "Dismiss"][0]
        dismiss.click()
        self.driver.refresh()
        self.wait_ready()
        self.assertEqual([name for name, _ in self.timers()], ["Step 2: 20 minutes"])
        self.find(".timers .timer button").click()  # Cancel
        self.driver.refresh()
        self.wait_ready()
        self.assertFalse(self.find("#cook-mode").is_displayed(), "no timers, no cook mode")

    def test_a_refused_permission_leaves_the_page_signal_and_the_vibration(self):
        self.open_recipe(answer="denied")
        self.tap("#cook-mode-open")
        self.tap(".timer-start")  # 4 seconds
        self.wait(lambda d: self.timers() and self.timers()[0][1] == "Done!", timeout=10, message="the timer ends")
        self.wait(lambda d: ["vibrate"] in self.signals(), message="a vibration")
        self.assertEqual([s for s in self.signals() if s[0] != "vibrate"], [["permission"]])
        self.assertIn("done", self.find(".timers .timer").get_attribute("class"))


if __name__ == "__main__":
    unittest.main()
