"""An axe-core audit of the web app (issue 21), kept as a standard: WCAG 2.2 AA's rules (the
tags wcag2a, wcag2aa, wcag21a, wcag21aa, wcag22aa) and no violation of impact serious or
critical, over the page states a cook meets at phone width (390x844) and some at desktop width
(1280x900): the Cook page empty, with results, with the staples picker and with nothing
matching; the library with a facet chosen; a recipe and cook mode with a timer running; the
Add page with a pasted recipe; the plan, the list and the pantry with things in them;
settings; signing in, the account and joining; a shared recipe; dark mode; a viewer's pages;
and error states.

axe-core comes from PyPI (axe-selenium-python-nhsuk, pinned in requirements.txt, which ships
axe.min.js); nothing is fetched from the network. Each state prints one line: the rules that
failed and how many nodes each, with their impact, so a failure is readable from the log."""

import datetime
import os
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser import BASE, PHONE, SESSION, BrowserTestCase, api, empty_pantry
from test_planning import reset_planning

DESKTOP_WIDE = (1280, 900)
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
FAILING = ("serious", "critical")


def axe_source():
    """The axe.min.js the pinned PyPI package ships, or the file AXE_CORE_JS names (to audit
    with another axe-core build, such as a newer one another PyPI package ships)."""
    path = os.environ.get("AXE_CORE_JS")
    if not path:
        import axe_selenium_python  # the NHS fork's module keeps the upstream name

        path = os.path.join(os.path.dirname(axe_selenium_python.__file__),
                            "node_modules", "axe-core", "axe.min.js")
    with open(path, encoding="utf-8") as file:
        return file.read()


AXE = axe_source()
AXE_VERSION = AXE[AXE.find("axe v") + 5:].split()[0] if "axe v" in AXE[:200] else "(unknown version)"
# What the audit finds, state by state, printed at the end of the run as well.
SUMMARY = []


class Accessibility(BrowserTestCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.driver.set_script_timeout(60)

    @classmethod
    def tearDownClass(cls):
        super().tearDownClass()
        if SUMMARY:
            print(f"\naxe-core {AXE_VERSION} audit (WCAG 2.2 AA; serious and critical fail):")
            for line in SUMMARY:
                print("  " + line)

    def setUp(self):
        super().setUp()
        reset_planning()
        self.driver.set_window_size(*PHONE)
        self.driver.execute_script("localStorage.setItem('larder.staplesPicker', 'dismissed')")

    def tearDown(self):
        super().tearDown()
        self.sign_in_with(SESSION)

    # MARK: the audit

    def audit(self, state, size=PHONE):
        """Runs axe over the page as it is now, at `size`; fails on a serious or critical
        violation and prints one line for the state either way."""
        self.driver.set_window_size(*size)
        self.driver.execute_script("return new Promise(r => requestAnimationFrame(() => setTimeout(r, 100)))")
        if not self.driver.execute_script("return typeof window.axe === 'object'"):
            self.driver.execute_script(AXE)
        results = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "axe.run(document, {runOnly: {type: 'tag', values: arguments[0]},"
            " resultTypes: ['violations']})"
            ".then((r) => done(r.violations.map((v) => ({id: v.id, impact: v.impact,"
            " nodes: v.nodes.map((n) => n.target.join(' ') + ': ' + n.failureSummary)}))))"
            ".catch((e) => done({error: String(e)}))", TAGS)
        self.assertNotIsInstance(results, dict, f"axe did not run: {results}")
        label = f"{state} @{size[0]}x{size[1]}"
        found = ", ".join(f"{v['id']} ({v['impact']}) x{len(v['nodes'])}" for v in results)
        SUMMARY.append(f"{label}: {found or 'no violations'}")
        print(f"\naxe {label}: {found or 'no violations'}")
        failing = [v for v in results if v["impact"] in FAILING]
        with self.subTest(state=label):
            self.assertEqual(
                failing, [],
                f"{label}: serious or critical violations:\n" + "\n".join(
                    f"  {v['id']} ({v['impact']}):\n    " + "\n    ".join(v["nodes"][:5])
                    for v in failing))

    # MARK: helpers

    def open_cook(self):
        self.open("/")
        self.wait(lambda d: d.find_element(By.ID, "cook-results").get_attribute("aria-busy") == "false")

    def stock(self, *lines):
        for line in lines:
            api("/api/v1/pantry", "POST", {"line": line})

    def join_as_viewer(self):
        """A new viewer of the household, signed in in this browser."""
        invitation = api("/api/v1/invitations", "POST", {"role": "viewer"})
        self.driver.delete_all_cookies()
        self.driver.get(BASE + invitation["path"])
        self.wait_text("main h1", lambda text: text.startswith("Join"))
        self.audit("join page (invitation)")
        login = f"axe{datetime.datetime.now().timestamp():.0f}"
        for name, value in {"displayName": "Axel", "login": login,
                            "password": "a long password", "confirm": "a long password"}.items():
            self.find(f"[name='{name}']").send_keys(value)
        self.tap("main form button[type='submit']")
        self.wait(lambda d: "/join/" not in d.current_url, message="joined")
        self.driver.execute_script("localStorage.setItem('larder.staplesPicker', 'dismissed')")

    # MARK: the states

    def test_cook_page_states(self):
        self.open_cook()
        self.audit("cook, empty pantry")
        self.driver.execute_script("localStorage.removeItem('larder.staplesPicker')")
        self.open("/")
        self.wait(lambda d: d.find_element(By.ID, "staples-picker").is_displayed(), message="the staples picker")
        self.audit("cook, staples picker open")
        self.tap("#staples-picker-dismiss")
        self.stock("6 eggs", "1 l milk", "500 g all-purpose flour", "250 g unsalted butter", "sugar")
        self.open_cook()
        self.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#cook-results .card"), message="results")
        self.audit("cook, with results")
        self.audit("cook, with results", DESKTOP_WIDE)
        self.tap("#aisles > summary")
        self.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#categories summary"), message="aisles")
        self.audit("cook, aisles open")
        box = self.find("#food-input")
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", box)
        box.send_keys("garlic, blak peper", Keys.ENTER)
        self.wait_text("#food-entry-status", lambda text: "blak peper" in text)
        self.audit("cook, an unknown food (error)")

    def test_cook_page_with_nothing_matching(self):
        self.stock("saffron", "star anise")
        self.open("/")
        self.tap("#missing-choice label:nth-of-type(1)")
        self.wait_text("#cook-status", lambda text: text.startswith("No recipe"))
        self.audit("cook, nothing matches (nearest shown)")

    def test_library_states(self):
        self.open("/library")
        self.audit("library")
        self.audit("library", DESKTOP_WIDE)
        self.open("/library?diet=vegetarian")
        self.wait(lambda d: [b for b in d.find_elements(By.CSS_SELECTOR, ".facet-chip")
                             if b.get_attribute("aria-pressed") == "true"], message="a chosen facet")
        self.audit("library, a facet chosen")
        self.open("/library?q=zzzzqqq")
        self.audit("library, nothing found")

    def test_recipe_and_cook_mode(self):
        created = api("/api/v1/recipes", "POST", {
            "name": "Audit Test Soup", "yield": {"servings": 2},
            "sourceURL": "https://example.com/soup",
            "ingredients": ["2 onions", "1 l vegetable stock", "1 cup basmati rice", "salt"],
            "steps": ["Soften the onions.", "Add the stock and rice and simmer for 15 minutes.", "Serve."],
            "notes": "Freezes well.",
        })
        self.addCleanup(api, f"/api/v1/recipes/{created['id']}", "DELETE")
        self.stock("only rice", "5 onions")
        self.open(f"/recipes/{created['id']}")
        self.wait_text("#pantry-summary", lambda text: text.startswith("You have"))
        self.audit("recipe, marked against the pantry")
        self.audit("recipe, marked against the pantry", DESKTOP_WIDE)
        self.tap("#more-menu summary")
        self.audit("recipe, More menu open")
        self.tap("#more-menu summary")
        self.tap("#plan-open")
        self.wait(lambda d: d.find_element(By.ID, "plan-panel").is_displayed())
        self.audit("recipe, plan panel open")
        self.open(f"/recipes/{created['id']}")
        self.tap("#cook-mode-open")
        self.wait(lambda d: d.find_element(By.ID, "cook-mode").is_displayed())
        self.driver.switch_to.active_element.send_keys(Keys.ENTER)  # Next
        self.tap(".timer-start")
        self.wait(lambda d: d.find_elements(By.CSS_SELECTOR, ".timers .timer"), message="a timer running")
        self.audit("cook mode, a timer running")
        self.open(f"/recipes/{created['id']}/edit")
        self.audit("edit page")

    def test_add_page_with_a_pasted_recipe(self):
        self.open("/add")
        self.audit("add page")
        self.tap("details summary")
        self.find("#paste-text").send_keys(
            "Herb Omelette\nServes 2\nIngredients\n3 eggs\n1 tbsp chives (optional)\n"
            "Method\n1. Beat the eggs.\n2. Cook gently.")
        self.tap("#paste-apply")
        self.wait(lambda d: d.find_element(By.ID, "f-name").get_attribute("value") == "Herb Omelette")
        self.wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#parse-feedback li")) == 2,
                  message="the parsed lines")
        self.audit("add page, a pasted recipe")

    def test_planning_pages(self):
        today = datetime.date.today().isoformat()
        pancakes = self.recipe_id("pancakes")
        api("/api/v1/plan", "POST", {"date": today, "meal": "breakfast", "recipe": pancakes})
        self.stock("1 cup all-purpose flour", "6 eggs")
        api("/api/v1/pantry", "POST", {
            "line": "2 cups milk",
            "expiresOn": (datetime.date.today() + datetime.timedelta(days=1)).isoformat()})
        api("/api/v1/shopping-list/generate", "POST", {"from": today, "to": today, "staples": True})
        self.open("/plan")
        self.wait(lambda d: d.find_elements(By.CSS_SELECTOR, ".plan-entry"), message="the plan")
        self.audit("plan, a recipe planned")
        self.audit("plan, a recipe planned", DESKTOP_WIDE)
        self.open("/list")
        self.wait(lambda d: d.find_elements(By.CSS_SELECTOR, ".list-line"), message="the list")
        self.tap(".list-line input[type='checkbox']")
        self.wait(lambda d: not d.find_element(By.ID, "list-to-pantry").get_attribute("disabled"))
        self.audit("list, with items, one checked")
        self.audit("list, with items, one checked", DESKTOP_WIDE)
        self.open("/pantry")
        self.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#pantry-list .pantry-item"), message="items")
        self.audit("pantry, with items")
        self.tap("#pantry-list [data-action='edit']")
        self.wait(lambda d: d.find_elements(By.CSS_SELECTOR, ".edit-item"), message="editing")
        self.audit("pantry, editing an item")
        self.tap("#use-it-up")
        self.wait(lambda d: d.find_element(By.ID, "use-it-up-results").get_attribute("aria-busy") == "false")
        self.audit("pantry, use it up")

    def test_settings_and_dark_mode(self):
        self.open("/settings")
        self.audit("settings")
        staples = self.find("#s-staples")
        staples.clear()
        staples.send_keys("salt, blak peper")
        self.tap("#settings-form button[type='submit']")
        self.wait_text("#settings-status", lambda text: text == "Saved.")
        self.audit("settings, an unknown staple (warning)")
        self.driver.execute_script("localStorage.setItem('larder.settings', JSON.stringify({theme: 'dark'}))")
        self.stock("6 eggs", "1 l milk", "500 g all-purpose flour")
        self.open_cook()
        self.assertEqual(self.driver.execute_script("return document.documentElement.dataset.theme"), "dark")
        self.audit("dark, cook with results")
        self.open(f"/recipes/{self.recipe_id('pancakes')}")
        self.wait_text("#pantry-summary", lambda text: text.startswith("You have"))
        self.audit("dark, recipe")
        self.open("/pantry")
        self.audit("dark, pantry")
        self.open("/library?diet=vegetarian")
        self.audit("dark, library", DESKTOP_WIDE)

    def test_account_and_error_pages(self):
        self.open("/account", ready=False)
        self.wait_text("main h1", lambda text: text == "Your account")
        self.audit("account")
        self.expected_errors.append("no-such-recipe")  # the 404 the page answers
        self.open("/recipes/no-such-recipe", ready=False)
        self.audit("not found (error)")

    def test_signed_out_pages(self):
        self.expected_errors.append("/login - Failed to load resource")  # the wrong password
        recipe = api("/api/v1/recipes?limit=1")["items"][0]
        self.open(f"/recipes/{recipe['id']}")
        self.tap("#more-menu summary")
        self.tap("form[action$='/share'] button")
        link = self.wait(lambda d: d.find_element(By.CSS_SELECTOR, "input.shown-once").get_attribute("value"))
        self.audit("share link made (shown once)")
        self.driver.delete_all_cookies()
        self.driver.get(link)
        self.wait_text("main h1", lambda text: text == recipe["name"])
        self.audit("shared recipe, signed out")
        self.driver.get(BASE + "/login")
        self.audit("sign-in page")
        self.find("[name='login']").send_keys("tester")
        self.find("[name='password']").send_keys("wrong password", Keys.ENTER)
        self.wait_text(".form-error", lambda text: "do not match" in text)
        self.audit("sign-in page, wrong password (error)")

    def test_a_viewers_pages(self):
        self.stock("6 eggs", "1 l milk", "500 g all-purpose flour")
        self.join_as_viewer()
        self.open_cook()
        self.audit("viewer, cook")
        self.open("/pantry")
        self.audit("viewer, pantry")
        self.open("/list")
        self.audit("viewer, list")
        self.open("/plan")
        self.audit("viewer, plan")
        self.open("/add", ready=False)
        self.audit("viewer, add page (read-only note)")
        self.open(f"/recipes/{self.recipe_id('pancakes')}")
        self.audit("viewer, recipe")


if __name__ == "__main__":
    unittest.main()
