"""Issue 21 at 390x844, the parts a cook meets in a shop or at the stove: the list, plan and
pantry readable offline with changes queued until Larder can be reached, rescaling on the device,
a proper offline page, cook-mode timers that survive a reload and signal when they end, and
fields that Shift+Tab brings into view below the sticky header."""

import datetime
import json
import re
import socket
import threading
import unittest
import urllib.parse
import urllib.request

import websocket
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser import BASE, PHONE, BrowserTestCase, api
from test_phone import PhoneTestCase
from test_planning import reset_planning


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


class Gate:
    """A door between the browser and Larder that a test can shut: a relay on a port of its own.
    Shut, it drops the connections it holds and closes each new one at once, so nothing the
    browser sends reaches Larder. DevTools' offline emulation alone is not airtight: a request a
    page makes as it starts (the outbox sent on load) now and then got through to the server,
    its answer lost to the page."""

    def __init__(self, port):
        self.target = ("127.0.0.1", port)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.base = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        self.closed = False
        self.lock = threading.Lock()
        self.pairs = set()
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return  # the gate was taken down
            try:
                server = socket.create_connection(self.target, timeout=5)
                server.settimeout(None)
            except OSError:
                client.close()
                continue
            pair = (client, server)
            with self.lock:
                if self.closed:
                    self.drop(pair)
                    continue
                self.pairs.add(pair)
            for source, sink in (pair, pair[::-1]):
                threading.Thread(target=self.pump, args=(source, sink, pair), daemon=True).start()

    def pump(self, source, sink, pair):
        try:
            while True:
                data = source.recv(65536)
                if not data or self.closed:
                    break
                sink.sendall(data)
        except OSError:
            pass
        with self.lock:
            self.pairs.discard(pair)
        self.drop(pair)

    @staticmethod
    def drop(pair):
        for end in pair:
            try:
                end.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            end.close()

    def shut(self):
        with self.lock:
            self.closed = True
            held, self.pairs = self.pairs, set()
        for pair in held:
            self.drop(pair)

    def reopen(self):
        with self.lock:
            self.closed = False

    def remove(self):
        self.shut()
        self.listener.close()


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

    def test_timers_long_ended_are_not_rung_again_or_are_forgotten(self):
        self.open_recipe()
        self.driver.execute_script(
            "const now = Date.now(); localStorage.setItem(arguments[0], JSON.stringify({step: 1, timers: ["
            "{label: '4 seconds', step: 0, ends: now - 2 * 86400000, rung: false},"
            "{label: '20 minutes', step: 1, ends: now - 20 * 60000, rung: false}]}))",
            f"larder.timers.{self.recipe['id']}")
        self.open(f"/recipes/{self.recipe['id']}")
        self.assertTrue(self.find("#cook-mode").is_displayed())
        self.assertEqual(self.text(".cook-count"), "Step 2 of 2")
        self.assertEqual(self.timers(), [["Step 2: 20 minutes", "Done!"]])
        self.assertEqual(self.signals(), [], "a timer that ended 20 minutes ago rang")

    def test_a_refused_permission_leaves_the_page_signal_and_the_vibration(self):
        self.open_recipe(answer="denied")
        self.tap("#cook-mode-open")
        self.tap(".timer-start")  # 4 seconds
        self.wait(lambda d: self.timers() and self.timers()[0][1] == "Done!", timeout=10, message="the timer ends")
        self.wait(lambda d: ["vibrate"] in self.signals(), message="a vibration")
        self.assertEqual([s for s in self.signals() if s[0] != "vibrate"], [["permission"]])
        self.assertIn("done", self.find(".timers .timer").get_attribute("class"))


class OfflineTestCase(PhoneTestCase):
    """A phone with Larder's service worker installed, which a test can take off the network:
    DevTools' offline state (what the page and its worker believe) and a shut gate (what
    actually reaches Larder)."""

    @classmethod
    def setUpClass(cls):
        cls.gate = Gate(urllib.parse.urlsplit(BASE).port)
        cls.base = cls.gate.base
        super().setUpClass()

    @classmethod
    def tearDownClass(cls):
        super().tearDownClass()
        cls.gate.remove()

    def setUp(self):
        super().setUp()
        # What going offline logs on purpose: failed fetches, and a queued change the server refuses.
        self.expected_errors += ["ERR_INTERNET_DISCONNECTED", "ERR_FAILED", "Failed to fetch", "status of 404", "status of 503",
                                 "ERR_EMPTY_RESPONSE", "ERR_CONNECTION_RESET", "ERR_CONNECTION_CLOSED"]
        self.network = None
        self.open("/settings")
        self.driver.execute_async_script(
            "const done = arguments[0]; navigator.serviceWorker.ready.then(() => done(true))")
        self.open("/settings")
        self.wait(lambda d: d.execute_script("return !!navigator.serviceWorker.controller"),
                  message="the service worker controls the page")

    def tearDown(self):
        self.go_online()
        super().tearDown()

    # The paths the service worker's caches hold, for execute_async_script.
    KEPT_PATHS = ("const done = arguments[0]; caches.keys().then(async (names) => done((await Promise.all("
                  "names.map(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname)))).flat()))")

    def wait_kept(self, *paths):
        """Waits until the service worker keeps answers for every path: a page shows an answer
        before the worker has stored it, and a test that went offline in between would find
        nothing kept."""
        self.wait(lambda d: set(paths) <= set(d.execute_async_script(self.KEPT_PATHS)),
                  message=f"{', '.join(paths)} kept by the service worker")

    def go_offline(self):
        self.gate.shut()
        self.network = self.network or Network(self.driver)
        self.network.set(True)

    def go_online(self):
        self.gate.reopen()
        if self.network:
            self.network.set(False)
            self.network.close()
            self.network = None

    def waiting(self):
        return self.driver.execute_script(
            "return JSON.parse(localStorage.getItem('larder.outbox') || '[]').map((e) => e.kind)")

    def list_lines(self):
        return self.driver.execute_script(
            "return [...document.querySelectorAll('#list-groups .list-line')].map((row) => "
            "[row.querySelector('.line-text').textContent, row.querySelector('input').checked,"
            " row.classList.contains('pending')])")

    def line(self, word):
        """The list's line naming `word`: [text, checked, waiting to sync]."""
        found = [line for line in self.list_lines() if word in line[0]]
        return found[0] if len(found) == 1 else None


class OfflineInAShop(OfflineTestCase):
    def setUp(self):
        super().setUp()
        reset_planning()
        for line in ("2 lemons", "1 l milk", "500 g flour"):
            api("/api/v1/shopping-list/items", "POST", {"line": line})
        eggs = api("/api/v1/pantry", "POST", {"line": "6 eggs"})["name"]
        self.recipe = self.recipe_id("hummus")
        api("/api/v1/plan", "POST", {"date": datetime.date.today().isoformat(), "meal": "dinner",
                                     "recipe": self.recipe})

    def line_id(self, text):
        for group in api("/api/v1/shopping-list?staples=true")["groups"]:
            for item in group["items"]:
                if text in item["text"]:
                    return item["id"]
        self.fail(f"no line {text!r}")

    def test_the_list_plan_and_pantry_read_offline_and_changes_sync_in_order(self):
        for path in ("/list", "/plan", "/pantry"):  # opened once online: kept on the phone
            self.open(path)
        self.wait_kept("/api/v1/shopping-list", "/api/v1/plan/week", "/api/v1/pantry")
        self.go_offline()
        self.open("/list")
        self.wait(lambda d: len(self.list_lines()) == 3, message="the kept list")
        self.assertIn("Offline: showing what this device kept", self.text("#sync-status"))
        lemons = [row for row in self.find_all("#list-groups .list-line") if "lemons" in row.text][0]
        lemons.find_element(By.CSS_SELECTOR, "label").click()
        self.wait_text("#list-status", lambda text: text.startswith("Checked 2 lemons. It is sent when"))
        self.assertEqual(self.text("#sync-count"), "1 change waiting to sync.")
        self.find("#list-line").send_keys("1 loaf bread", Keys.ENTER)
        self.wait(lambda d: ["1 loaf bread", False, True] in self.list_lines(), message="the addition shown")
        milk = [row for row in self.find_all("#list-groups .list-line") if "milk" in row.text][0]
        milk.find_element(By.CSS_SELECTOR, "label").click()
        self.wait_text("#sync-count", lambda text: text == "3 changes waiting to sync.")
        # Kept through a reload, offline, and shown on the list as made.
        self.open("/list")
        self.wait(lambda d: len(self.list_lines()) == 4, message="the list with the waiting changes")
        self.assertEqual(self.line("lemons")[1:], [True, False])
        self.assertEqual(self.line("milk")[1:], [True, False])
        self.assertEqual(self.line("flour")[1:], [False, False])
        self.assertEqual(self.line("bread"), ["1 loaf bread", False, True])
        self.assertEqual(self.text("#sync-count"), "3 changes waiting to sync.")
        self.screenshot("phone-offline-list")
        # The plan and the pantry read offline too; a pantry addition waits with the rest.
        self.open("/plan")
        self.wait(lambda d: "Hummus" in d.find_element(By.ID, "plan-days").text, message="the kept plan")
        self.screenshot("phone-offline-plan")
        self.open("/pantry")
        self.wait(lambda d: "eggs" in d.find_element(By.ID, "pantry-list").text, message="the kept pantry")
        self.find("#pantry-line").send_keys("2 onions", Keys.ENTER)
        self.wait_text("#pantry-status", lambda text: text.startswith("Added 2 onions. It is sent when"))
        self.assertIn("2 onions", self.text("#pantry-list"))
        self.assertEqual(self.text("#sync-count"), "4 changes waiting to sync.")
        self.screenshot("phone-offline-pantry")
        self.assertEqual(self.waiting(), ["list-check", "list-add", "list-check", "pantry-add"])
        # Meanwhile someone at home removed the milk: checking it off cannot be saved.
        api(f"/api/v1/shopping-list/items/{self.line_id('milk')}", "DELETE")
        # Nothing reached the server while offline.
        self.assertFalse(any(item["isChecked"] for group in api("/api/v1/shopping-list")["groups"]
                             for item in group["items"]))
        self.go_online()
        self.open("/list")
        self.wait(lambda d: self.waiting() == [], message="the changes sent")
        refused = self.wait_text("#sync-status .sync-refused",
                                 lambda text: re.search(r"Check “[^”]*milk” on the list: \S", text))
        self.assertIn("could not be saved", refused)
        self.wait(lambda d: self.line("bread") and self.line("bread")[1:] == [False, False], message="the addition saved")
        self.assertNotIn("waiting to sync", self.text("#sync-status"))
        self.assertNotIn("Offline", self.text("#sync-status"))
        self.screenshot("phone-offline-synced")
        stored = sorted((item["text"].split()[-1], item["isChecked"])
                        for group in api("/api/v1/shopping-list")["groups"] for item in group["items"])
        self.assertEqual(stored, [("bread", False), ("flour", False), ("lemons", True)])
        self.assertEqual(sorted(item["name"] for item in api("/api/v1/pantry")["items"]), ["eggs", "onions"])
        # The refusal stays until the cook has read it.
        self.open("/plan")
        self.assertIn("milk", self.text("#sync-status .sync-refused"))
        self.find("#sync-status .sync-refused button").click()
        self.assertFalse(self.find("#sync-status").is_displayed())

    def test_signing_out_asks_before_forgetting_changes_not_sent(self):
        self.open("/account", ready=False)
        # app.js has run (it adds the sync notice): a click cannot sign the test account out unasked.
        self.wait(lambda d: d.find_elements(By.ID, "sync-status"), message="the account page's script")
        waiting = [{"id": "kept-1", "method": "POST", "path": "/api/v1/shopping-list/items",
                    "body": {"line": "1 lime"}, "label": "Add “1 lime” to the list", "kind": "list-add"}]
        # As if kept while Larder was out of reach (put there after the page loaded, so the page
        # does not send it while this test looks).
        self.driver.execute_script("localStorage.setItem('larder.outbox', arguments[0])", json.dumps(waiting))
        sign_out = self.find("form[action='/logout'] button")
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", sign_out)
        sign_out.click()
        alert = self.wait(lambda d: d.switch_to.alert, message="asked before forgetting")
        self.assertIn("1 change made offline has not reached Larder yet", alert.text)
        alert.dismiss()  # stay signed in, with the change kept
        self.assertTrue(self.driver.current_url.endswith("/account"))
        self.assertEqual(self.waiting(), ["list-add"])
        self.driver.execute_script("localStorage.removeItem('larder.outbox')")

    def test_signing_out_forgets_what_the_worker_kept(self):
        self.open("/list")
        cached = self.KEPT_PATHS
        self.assertIn("/api/v1/shopping-list", self.driver.execute_async_script(cached))
        # What the Sign out form tells the worker (signing the test account out would end its session).
        self.driver.execute_script("navigator.serviceWorker.controller.postMessage({type: 'signed-out'})")
        self.wait(lambda d: "/api/v1/shopping-list" not in d.execute_async_script(cached),
                  message="the kept answers forgotten")
        kept = self.wait(lambda d: "/offline" in d.execute_async_script(cached) and d.execute_async_script(cached),
                         message="the offline page kept again")
        self.assertEqual(sorted(path for path in kept if not path.startswith("/static/")), ["/manifest.webmanifest", "/offline"])

    def test_a_page_never_opened_gets_the_styled_offline_page(self):
        never = self.recipe_id("minestrone")
        self.go_offline()
        self.driver.get(f"{self.base}/recipes/{never}")
        self.wait_text("main h1", lambda text: text == "You are offline")
        self.assertEqual(self.driver.title, "Offline · Larder")
        self.assertEqual(self.find("meta[name='viewport']").get_attribute("content"),
                         "width=device-width, initial-scale=1")
        # Styled by Larder's stylesheet, with the header and a way back.
        self.assertEqual(self.find("header.top").value_of_css_property("position"), "sticky")
        back = self.find("#offline-back")
        self.assertTrue(back.is_displayed())
        self.assertIn("/library", [a.get_attribute("pathname") for a in self.find_all("main a")])
        self.screenshot("phone-offline-page")
        back.click()
        self.wait(lambda d: d.current_url.endswith("/settings"), message="back where the cook was")


class PlanAndCookOffline(OfflineTestCase):
    """Issue 21 item 4 on the Plan and Cook pages: a recipe planned or taken off the plan, and a
    food added to or removed from the pantry, while Larder cannot be reached are shown as made,
    marked waiting, and reach the server once when it can be reached again."""

    def setUp(self):
        super().setUp()
        reset_planning()
        self.today = datetime.date.today().isoformat()
        self.recipe = self.recipe_id("hummus")
        api("/api/v1/plan", "POST", {"date": self.today, "meal": "dinner", "recipe": self.recipe})

    def week(self):
        """The server's plan for this week: [(date, meal, recipe id)]."""
        return sorted((day["date"], entry["meal"], entry["recipeID"])
                      for day in api(f"/api/v1/plan/week?date={self.today}")["days"] for entry in day["entries"])

    def test_planning_and_removing_offline_wait_then_reach_the_server_once(self):
        self.open("/plan")  # opened once online: kept on the phone
        self.wait_kept("/api/v1/plan/week")
        self.go_offline()
        self.open("/plan")
        self.wait(lambda d: "Hummus" in d.find_element(By.ID, "plan-days").text, message="the kept plan")
        # Another day of the week, for lunch: the library cannot be searched offline, but the
        # week's own recipes are offered.
        other = self.driver.execute_script(
            "return [...document.querySelectorAll('#plan-date option')].map((o) => o.value)"
            ".find((v) => v !== arguments[0])", self.today)
        self.driver.execute_script(
            "const s = document.getElementById('plan-date'); s.value = arguments[0];"
            "document.getElementById('plan-meal').value = 'lunch'", other)
        box = self.find("#plan-recipe")
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", box)
        box.send_keys("hummus")
        self.wait(lambda d: any("Hummus" in s.text for s in d.find_elements(By.CSS_SELECTOR, "[role=listbox] .suggestion")),
                  message="the week's recipe offered offline")
        [s for s in self.find_all("[role=listbox] .suggestion") if "Hummus" in s.text][0].click()
        self.wait(lambda d: box.get_attribute("data-recipe-id") == self.recipe, message="the recipe picked")
        self.tap("#plan-add button[type=submit]")
        self.wait_text("#plan-status", lambda text: text.startswith("Planned Hummus for") and "It is sent when" in text)
        pending = self.find(f".plan-day[data-date='{other}'] .plan-entry.pending")
        self.assertIn("waiting to sync", pending.text)
        self.assertEqual(self.waiting(), ["plan-add"])
        # Today's dinner taken off, offline.
        self.tap(f".plan-day[data-date='{self.today}'] .plan-entry:not(.pending) .remove")
        self.wait_text("#plan-status", lambda text: text.startswith("Removed Hummus") and "It is sent when" in text)
        self.assertEqual(self.find_all(f".plan-day[data-date='{self.today}'] .plan-entry"), [])
        self.assertEqual(self.waiting(), ["plan-add", "plan-remove"])
        self.assertEqual(self.text("#sync-count"), "2 changes waiting to sync.")
        # "Fill my week" needs Larder, and says so.
        self.tap("#plan-fill")
        self.wait_text("#plan-status", lambda text: text.startswith("Fill my week needs Larder"))
        # Kept through a reload, offline, and shown as made.
        self.open("/plan")
        self.wait(lambda d: d.find_elements(By.CSS_SELECTOR, f".plan-day[data-date='{other}'] .plan-entry.pending"),
                  message="the waiting recipe after a reload")
        self.assertEqual(self.find_all(f".plan-day[data-date='{self.today}'] .plan-entry"), [])
        self.screenshot("phone-offline-plan-waiting")
        self.assertEqual(self.week(), [(self.today, "dinner", self.recipe)], "a change reached the server offline")
        self.go_online()
        self.open("/plan")
        self.wait(lambda d: self.waiting() == [], message="the changes sent")
        self.wait(lambda d: d.find_elements(By.CSS_SELECTOR, f".plan-day[data-date='{other}'] .plan-entry:not(.pending)"),
                  message="the planned recipe read back from Larder")
        self.assertEqual(self.find_all(".plan-entry.pending"), [])
        self.assertEqual(self.week(), [(other, "lunch", self.recipe)])

    def chips(self):
        return self.driver.execute_script(
            "return [...document.querySelectorAll('#pantry-chips .chip')].map((c) => "
            "[c.querySelector('span').textContent, c.classList.contains('pending')])")

    def test_pantry_chips_added_and_removed_offline_wait_then_reach_the_server_once(self):
        eggs = api("/api/v1/pantry", "POST", {"line": "6 eggs"})["name"]
        self.open("/")  # opened once online: the page, the pantry and the aisles kept
        self.wait(lambda d: self.chips() == [[eggs, False]], message="the stored pantry")
        self.wait_kept("/api/v1/pantry", "/api/v1/foods/categories")
        self.go_offline()
        self.open("/", ready=False)
        self.wait(lambda d: self.chips() == [[eggs, False]], message="the kept pantry")
        self.wait_text("#cook-status", lambda text: text.startswith("Finding recipes needs Larder"))
        box = self.find("#food-input")
        box.send_keys("onion")
        self.wait(lambda d: any(s.text.startswith("onion") for s in d.find_elements(By.CSS_SELECTOR, "#food-suggestions .suggestion")),
                  message="a food of the aisles offered offline")
        [s for s in self.find_all("#food-suggestions .suggestion") if s.text.startswith("onion")][0].click()
        self.wait(lambda d: ["onion", True] in self.chips(), message="the food shown, waiting")
        self.assertIn("waiting to sync", [c for c in self.find_all("#pantry-chips .chip") if "onion" in c.text][0].text)
        self.wait_text("#food-entry-status", lambda text: text.startswith("Added onion. It is sent when"))
        self.tap("#pantry-chips .chip:not(.pending) .chip-remove")  # the eggs
        self.wait(lambda d: self.chips() == [["onion", True]], message="the eggs taken off")
        self.assertEqual(self.waiting(), ["pantry-add", "pantry-remove"])
        # Kept through a reload, offline.
        self.open("/", ready=False)
        self.wait(lambda d: self.chips() == [["onion", True]], message="the waiting changes after a reload")
        self.screenshot("phone-offline-cook-waiting")
        self.assertEqual([item["name"] for item in api("/api/v1/pantry")["items"]], [eggs],
                         "a change reached the server offline")
        self.go_online()
        self.open("/")
        self.wait(lambda d: self.waiting() == [], message="the changes sent")
        self.wait(lambda d: self.chips() == [["onion", False]], message="the chip read back from Larder")
        items = api("/api/v1/pantry")["items"]
        self.assertEqual(len(items), 1, items)
        self.assertIn("onion", items[0]["name"])


class RescaleOffline(OfflineTestCase):
    def first_line(self):
        return self.text("li[data-line='0'] .line-text")

    def test_changing_servings_offline_rescales_the_amounts_on_the_device(self):
        recipe = self.recipe_id("buttermilk pancakes")
        self.open(f"/recipes/{recipe}")
        self.assertIn("2 cups", self.first_line())
        self.go_offline()
        self.open(f"/recipes/{recipe}")
        servings = self.find("#servings")
        servings.clear()
        servings.send_keys("8")
        self.wait(lambda d: self.first_line().startswith("4 cups"), message="doubled on the device")
        self.tap("#servings-down")
        self.wait(lambda d: self.first_line().startswith("3½ cups"), message="7 servings")
        self.assertEqual(self.text("#pantry-summary"), "Offline: the amounts were worked out on this device.")
        makes = self.driver.execute_script(
            "return [...document.querySelectorAll('.facts div')].find(f => "
            "f.querySelector('dt').textContent === 'Makes').querySelector('dd').textContent")
        self.assertEqual(makes, "21 pancakes")
        self.screenshot("phone-offline-rescale")
        # Back online, Larder's own answer takes over again.
        self.go_online()
        self.tap("#servings-up")
        self.wait(lambda d: self.first_line().startswith("4 cups"), message="8 servings from Larder")
        self.wait(lambda d: "Offline" not in self.text("#pantry-summary"))


if __name__ == "__main__":
    unittest.main()
