"""Shared set-up for the browser tests: a headless Chromium, the server's address, waits,
screenshots at phone and desktop widths, and a check that no page logged an error (a Content
Security Policy violation shows up there)."""

import base64
import json
import os
import unittest
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

BASE = os.environ.get("LARDER_URL", "http://127.0.0.1:8080")
FIXTURES = os.environ.get("FIXTURE_URL", "")
ARTIFACTS = os.environ.get("ARTIFACTS", ".build/browser-artifacts")
# The session of the account run.sh made through the setup page; every test signs in with it.
SESSION = os.environ.get("LARDER_SESSION", "")
PHONE = (390, 844)
DESKTOP = (1280, 800)


def make_driver(width=DESKTOP[0], height=DESKTOP[1]):
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in (
        "--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
        f"--window-size={width},{height}", "--hide-scrollbars", "--mute-audio",
        "--autoplay-policy=no-user-gesture-required",
    ):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    # Never let selenium look for (or download) a driver: Debian's is the one.
    service = Service(executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_page_load_timeout(30)
    return driver


def api(path, method="GET", body=None, session=None):
    """Calls the JSON API directly, for set-up and checks, signed in as the test account."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        BASE + path, data=data, method=method,
        headers={"Content-Type": "application/json",
                 "Cookie": f"larder_session={SESSION if session is None else session}"})
    with urllib.request.urlopen(request, timeout=10) as response:
        text = response.read()
        return json.loads(text) if text else None


def empty_pantry(session=None):
    """Removes every item from the signed-in account's household pantry."""
    for item in api("/api/v1/pantry", session=session)["items"]:
        api(f"/api/v1/pantry/{item['id']}", "DELETE", session=session)


USUAL_SETTINGS = {"staples": ["salt", "black pepper", "water"], "diets": [], "units": "original"}


def reset_settings(session=None):
    """Gives the signed-in account the usual staples, diets and units (kept on the server)."""
    api("/api/v1/settings", "PUT", USUAL_SETTINGS, session=session)


def fetch(path, session=None):
    """Fetches a page's HTML as the signed-in test account (or another session)."""
    request = urllib.request.Request(
        BASE + path, headers={"Cookie": f"larder_session={SESSION if session is None else session}"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.read().decode()


class BrowserTestCase(unittest.TestCase):
    """One browser for the whole class; each test starts with an empty localStorage."""

    driver = None
    # Where the browser reaches Larder (a test case may put a relay in between).
    base = BASE

    @classmethod
    def setUpClass(cls):
        cls.driver = make_driver()
        cls.sign_in_with(SESSION)

    @classmethod
    def sign_in_with(cls, session):
        """Gives the browser a session cookie (run.sh made the account and signed it in)."""
        cls.driver.get(BASE + "/login")
        cls.driver.delete_all_cookies()
        if session:
            cls.driver.add_cookie({"name": "larder_session", "value": session, "path": "/"})

    @classmethod
    def tearDownClass(cls):
        if cls.driver:
            cls.driver.quit()

    def setUp(self):
        self.expected_errors = []  # parts of console messages a test provokes on purpose
        self.driver.set_window_size(*DESKTOP)
        self.open("/settings")
        self.driver.execute_script("localStorage.clear()")
        empty_pantry()  # the pantry is the household's, on the server: each test starts with none
        reset_settings()  # so are the account's settings: each test starts with the usual ones
        self.driver.get_log("browser")  # start each test with an empty console

    def tearDown(self):
        errors = [
            entry for entry in self.driver.get_log("browser")
            if entry["level"] == "SEVERE" and "favicon" not in entry["message"]
            and "/api/v1/import/url" not in entry["message"]
            and "/api/v1/recipes/random" not in entry["message"]
            and not any(expected in entry["message"] for expected in self.expected_errors)
        ]
        self.assertEqual(errors, [], "the page logged errors")

    # MARK: helpers

    def open(self, path, ready=True):
        self.driver.get(self.base + path)
        if ready:
            self.wait_ready()

    def wait_ready(self, timeout=15):
        self.wait(lambda d: d.execute_script(
            "return document.documentElement.dataset.ready === 'true'"), timeout)

    def wait(self, condition, timeout=10, message=""):
        # A page that re-renders (the recipe's marks after the pantry loads) may replace an
        # element between finding it and reading it: that is "not yet", not a failure.
        return WebDriverWait(
            self.driver, timeout, poll_frequency=0.1,
            ignored_exceptions=(NoSuchElementException, StaleElementReferenceException)).until(condition, message)

    def find(self, css):
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def tap(self, css):
        """Clicks an element brought to the middle of the screen, clear of the sticky header."""
        element = self.find(css)
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()
        return element

    def find_all(self, css):
        return self.driver.find_elements(By.CSS_SELECTOR, css)

    def text(self, css):
        return self.find(css).text

    def wait_text(self, css, predicate, timeout=10):
        def check(driver):
            elements = driver.find_elements(By.CSS_SELECTOR, css)
            return elements and predicate(elements[0].text) and elements[0].text
        return self.wait(check, timeout, f"text of {css}")

    def screenshot(self, name):
        """Saves the page at phone and desktop widths: the first screen as a person sees it,
        and the whole page (up to 5000 px) as `-full`."""
        os.makedirs(ARTIFACTS, exist_ok=True)
        original = self.driver.get_window_size()
        for label, size in (("phone", PHONE), ("desktop", DESKTOP)):
            self.driver.set_window_size(*size)
            self.driver.execute_script("return new Promise(r => requestAnimationFrame(() => setTimeout(r, 150)))")
            self.driver.save_screenshot(os.path.join(ARTIFACTS, f"{name}-{label}.png"))
            metrics = self.driver.execute_cdp_cmd("Page.getLayoutMetrics", {})
            content = metrics["cssContentSize"]
            shot = self.driver.execute_cdp_cmd("Page.captureScreenshot", {
                "captureBeyondViewport": True,
                "clip": {"x": 0, "y": 0, "width": content["width"],
                         "height": min(content["height"], 5000), "scale": 1},
            })
            with open(os.path.join(ARTIFACTS, f"{name}-{label}-full.png"), "wb") as file:
                file.write(base64.b64decode(shot["data"]))
        self.driver.set_window_size(original["width"], original["height"])

    def recipe_id(self, query):
        items = api("/api/v1/library?limit=1&q=" + urllib.request.quote(query))["items"]
        self.assertTrue(items, f"no recipe for {query!r}")
        return items[0]["id"]
