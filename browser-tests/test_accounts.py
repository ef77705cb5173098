"""Accounts in a real (headless) Chromium at phone width: a signed-out visitor is sent to sign
in and back, the owner invites a member by link and the member joins and sees the household's
recipes (each with their own favourites and ratings), a viewer reads but finds nothing to edit,
a share link opens signed out, a collection shared from the library opens signed out with its
recipes, and the owner signs out."""

import datetime
import os
import re
import socket
import subprocess
import tempfile
import time
import urllib.request

from selenium.webdriver.common.by import By

from browser import BASE, PHONE, SESSION, BrowserTestCase, api


class FirstRun(BrowserTestCase):
    """A fresh Larder, as `make run` starts it: the first visit makes the owner's account."""

    def setUp(self):
        super().setUp()
        binary = os.environ.get("LARDER_BINARY")
        if not binary:
            self.skipTest("no larder binary (run through browser-tests/run.sh)")
        self.folder = tempfile.TemporaryDirectory()
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        self.base = f"http://127.0.0.1:{port}"
        environment = dict(os.environ, XDG_CONFIG_HOME=self.folder.name)
        self.log = os.path.join(self.folder.name, "server.log")
        with open(self.log, "w") as log:
            self.server = subprocess.Popen(
                [binary, "serve", "--db", os.path.join(self.folder.name, "larder.sqlite"),
                 "--port", str(port)], env=environment, stdout=log, stderr=log)
        self.setup_link = None
        for _ in range(300):
            with open(self.log) as log:
                found = re.search(r"http://\S+/setup\?code=[\w-]+", log.read())
            if found:
                self.setup_link = found.group(0)
                break
            time.sleep(0.1)
        self.assertIsNotNone(self.setup_link, "serve printed no setup link")
        self.driver.set_window_size(*PHONE)
        self.driver.delete_all_cookies()

    def tearDown(self):
        super().tearDown()
        self.server.terminate()
        self.server.wait(timeout=15)
        self.folder.cleanup()
        self.sign_in_with(SESSION)

    def test_the_first_visit_makes_the_owners_account(self):
        # Without the code the server printed, setup asks for it.
        self.driver.get(self.base + "/")
        self.wait(lambda d: d.current_url.endswith("/setup"), message="sent to setup")
        self.assertTrue(self.find_all("#a-code"), "the setup code is asked for")
        # The link serve printed fills it in.
        self.driver.get(self.setup_link)
        self.wait_text("main h1", lambda text: text == "Welcome to Larder")
        self.assertEqual(self.find_all("#a-code"), [])
        self.screenshot("accounts-first-run-setup")
        for name, value in {"displayName": "Ana", "login": "ana", "password": "kitchen table",
                            "confirm": "kitchen table"}.items():
            self.find(f"[name='{name}']").send_keys(value)
        self.find("main form button[type='submit']").click()
        self.wait(lambda d: d.current_url.rstrip("/") == self.base, message="signed in at home")
        self.wait(lambda d: d.execute_script(
            "return document.documentElement.dataset.ready === 'true'"), 15)
        session = self.driver.get_cookie("larder_session")["value"]
        request = urllib.request.Request(
            self.base + "/api/v1/health", headers={"Cookie": f"larder_session={session}"})
        with urllib.request.urlopen(request, timeout=10) as response:
            self.assertIn(b'"recipes":64', response.read().replace(b" ", b""))
        # Setup happens once.
        self.driver.get(self.base + "/setup")
        self.wait(lambda d: not d.current_url.endswith("/setup"), message="setup is over")


class Accounts(BrowserTestCase):
    def setUp(self):
        super().setUp()
        self.driver.set_window_size(*PHONE)

    def tearDown(self):
        super().tearDown()
        self.sign_in_with(SESSION)

    def fill(self, fields):
        for name, value in fields.items():
            box = self.find(f"[name='{name}']")
            box.clear()
            box.send_keys(value)

    def submit(self, css="main form button[type='submit']"):
        self.find(css).click()

    def signed_out(self):
        self.driver.delete_all_cookies()

    def made_link(self):
        """The link a shown-once page shows."""
        return self.wait(lambda d: d.find_element(By.CSS_SELECTOR, "input.shown-once")
                         .get_attribute("value"), message="the link")

    def invite(self, role):
        self.open("/account", ready=False)
        self.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#i-role"), message="invite form")
        self.find(f"#i-role option[value='{role}']").click()
        self.find("form[action='/account/invitations'] button").click()
        link = self.made_link()
        self.assertRegex(link, r"/join/[A-Za-z0-9_-]{40,}$")
        return link

    def join(self, link, login):
        self.signed_out()
        self.driver.get(link)
        self.wait_text("main h1", lambda text: text.startswith("Join"))
        self.fill({"displayName": login.title(), "login": login,
                   "password": "a long password", "confirm": "a long password"})
        self.submit()
        self.wait(lambda d: d.current_url.rstrip("/") == BASE, message="joined and at home")

    def test_signed_out_visitors_sign_in_and_come_back(self):
        self.expected_errors.append("/login - Failed to load resource")  # the wrong password
        self.signed_out()
        self.driver.get(BASE + "/library?q=soup")
        self.wait(lambda d: "/login" in d.current_url, message="sent to sign in")
        self.fill({"login": "tester", "password": "wrong password"})
        self.submit()
        self.wait_text(".form-error", lambda text: "do not match" in text)
        self.fill({"login": "tester", "password": "browser tests"})
        self.submit()
        self.wait(lambda d: d.current_url.endswith("/library?q=soup"), message="back at the library")
        self.screenshot("accounts-signed-in-library")

    def test_an_invited_member_joins_and_sees_the_households_recipes(self):
        count = api("/api/v1/recipes")["total"]
        self.assertGreater(count, 0)
        link = self.invite("member")
        self.screenshot("accounts-invitation-link")
        self.join(link, "maria")
        self.open("/library")
        self.wait_text("main", lambda text: "recipe" in text.lower())
        cookie = self.driver.get_cookie("larder_session")
        self.assertTrue(cookie["httpOnly"])
        self.assertEqual(cookie.get("sameSite"), "Lax")
        total = api("/api/v1/recipes", session=cookie["value"])["total"]
        self.assertEqual(total, count)

    def test_each_member_keeps_their_own_star_and_rating(self):
        recipe = api("/api/v1/recipes?sort=name&limit=1")["items"][0]
        path = f"/api/v1/recipes/{recipe['id']}"
        before = api(path)
        api(path, method="PATCH", body={"isFavorite": True, "rating": 5})
        try:
            link = self.invite("member")
            self.join(link, "nina")
            self.open(f"/recipes/{recipe['id']}")
            # The owner's star is not hers: no star by the name, the button not pressed.
            self.assertEqual(self.text("h1"), recipe["name"])
            self.assertEqual(self.find("#favorite").get_attribute("aria-pressed"), "false")
            self.find("#favorite").click()
            self.wait(lambda d: d.find_element(By.ID, "favorite").get_attribute("aria-pressed") == "true")
            session = self.driver.get_cookie("larder_session")["value"]
            hers = api(path, session=session)
            self.assertTrue(hers["isFavorite"])
            self.assertNotIn("rating", hers)
            self.assertEqual(api(path)["rating"], 5)
            self.screenshot("accounts-own-favourite")
        finally:
            api(path, method="PATCH",
                body={"isFavorite": before["isFavorite"], "rating": before.get("rating")})

    def test_a_viewer_reads_but_finds_nothing_to_edit(self):
        link = self.invite("viewer")
        self.join(link, "victor")
        recipe = api("/api/v1/recipes?limit=1")["items"][0]
        self.open(f"/recipes/{recipe['id']}")
        self.wait_text("main h1", lambda text: text == recipe["name"])
        self.assertEqual(self.find_all(f"a[href='/recipes/{recipe['id']}/edit']"), [])
        self.assertEqual(self.find_all("form[action$='/share']"), [])
        # Reading tools only: export, yes; the list, the plan, the pantry and delete, no.
        self.assertEqual(len(self.find_all(".menu-items a[download]")), 2)
        for tool in ("#add-to-list", "#plan-open", "#cooked-open", "#delete-recipe",
                     "#plan-panel", "#cooked-panel", "#favorite", ".star-button", "#notes-form"):
            self.assertEqual(self.find_all(tool), [], tool)
        # Cook mode is for reading: it stays.
        self.assertTrue(self.find("#cook-mode-open").is_displayed())
        session = self.driver.get_cookie("larder_session")["value"]
        request = urllib.request.Request(
            BASE + f"/api/v1/recipes/{recipe['id']}", method="DELETE",
            headers={"Cookie": f"larder_session={session}"})
        with self.assertRaises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=10)
        self.assertEqual(refused.exception.code, 403)
        self.assertEqual(api(f"/api/v1/recipes/{recipe['id']}")["name"], recipe["name"])

    def test_a_viewer_reads_the_pantry_plan_and_list_without_forms_they_cannot_use(self):
        today = datetime.date.today().isoformat()
        api("/api/v1/pantry", "POST", {"line": "6 eggs"})
        recipe = api("/api/v1/recipes?limit=1")["items"][0]
        entry = api("/api/v1/plan", "POST", {"date": today, "meal": "dinner", "recipe": recipe["id"]})
        line = api("/api/v1/shopping-list/items", "POST", {"line": "2 lemons"})
        try:
            link = self.invite("viewer")
            self.join(link, "wanda")
            visible = lambda css: [e for e in self.find_all(css) if e.is_displayed()]

            self.open("/pantry")
            self.wait(lambda d: [e.text for e in d.find_elements(By.CSS_SELECTOR, "#pantry-list .item-name")]
                      == ["eggs"], message="the household's pantry")
            self.assertIn("cannot change it", self.text("#read-only-note"))
            for form in ("#pantry-add", "#pantry-line", "#pantry-list button[data-action]"):
                self.assertEqual(visible(form), [], form)
            self.assertTrue(self.find("#use-it-up").is_displayed(), "use it up only reads")
            self.screenshot("accounts-viewer-pantry")

            self.open("/list")
            self.wait(lambda d: "2 lemons" in d.find_element(By.ID, "list-groups").text, message="the list")
            self.assertIn("cannot change it", self.text("#read-only-note"))
            for form in ("#list-generate", "#list-add", "#list-to-pantry", "#list-groups button"):
                self.assertEqual(visible(form), [], form)
            self.assertTrue(all(box.get_attribute("disabled") for box in
                                self.find_all("#list-groups input[type='checkbox']")))
            self.assertTrue(self.find("#list-share").is_displayed(), "sharing the list only reads")
            self.screenshot("accounts-viewer-list")

            self.open("/plan")
            self.wait(lambda d: recipe["name"] in d.find_element(By.ID, "plan-days").text, message="the plan")
            self.assertIn("cannot change it", self.text("#read-only-note"))
            for form in ("#plan-add", "#plan-actions", "#plan-fill", "#plan-days button"):
                self.assertEqual(visible(form), [], form)
            self.assertTrue(self.find("#week-next").is_displayed(), "moving between weeks only reads")
            self.screenshot("accounts-viewer-plan")

            # Adding a recipe: a note, not a form whose saving the server refuses.
            self.open("/add", ready=False)
            self.wait_text("main h1", lambda text: text == "Add a recipe")
            self.assertIn("cannot add or change them", self.text("#read-only-note"))
            self.assertEqual(self.find_all("main form"), [])
        finally:
            api(f"/api/v1/plan/{entry['id']}", "DELETE")
            api(f"/api/v1/shopping-list/items/{line['id']}", "DELETE")

    def test_a_viewer_cooks_from_the_households_pantry_and_is_told_it_cannot_change_it(self):
        api("/api/v1/pantry", "POST", {"name": "egg", "food": "egg"})
        link = self.invite("viewer")
        self.join(link, "vera")
        self.driver.execute_script(
            "localStorage.setItem('larder.pantry', JSON.stringify([{id: 'milk', name: 'milk'}]))")
        self.open("/")
        self.assertIn("cannot change it", self.text("#pantry-read-only"))
        self.assertFalse(self.find("#food-input").is_displayed())
        self.wait(lambda d: [c.find_element(By.CSS_SELECTOR, "span").text
                             for c in d.find_elements(By.CSS_SELECTOR, "#pantry-chips .chip")] == ["egg"],
                  message="the household's pantry as chips")
        self.assertEqual(self.find_all("#pantry-chips .chip-remove"), [])
        # No large blank space around the note in the pantry's card (a page notice's padding
        # left about 3 rem above and below it): the heading, the note's words and the chips sit
        # close together.
        gaps = self.driver.execute_script(
            "const words = (node) => { const range = document.createRange();"
            " range.selectNodeContents(node); return range.getBoundingClientRect(); };"
            "const note = words(document.getElementById('pantry-read-only'));"
            "return [note.top - document.getElementById('pantry-h').getBoundingClientRect().bottom,"
            " document.getElementById('pantry-chips').getBoundingClientRect().top - note.bottom];")
        for gap in gaps:
            self.assertLess(gap, 36, f"blank space in the viewer's pantry card: {gaps}")
        # The browser's own foods are not silently dropped or sent: the page says why.
        self.wait_text("#pantry-sync", lambda text: "as a viewer you cannot add them" in text)
        self.assertEqual([item["foodID"] for item in api("/api/v1/pantry")["items"]], ["egg"])
        self.screenshot("accounts-viewer-cook")

    def test_a_share_link_opens_signed_out_and_is_not_indexed(self):
        recipe = api("/api/v1/recipes?limit=1")["items"][0]
        self.open(f"/recipes/{recipe['id']}")
        self.find("#more-menu summary").click()
        self.find("form[action$='/share'] button").click()
        link = self.made_link()
        self.assertRegex(link, r"/s/[A-Za-z0-9_-]{40,}$")
        self.signed_out()
        self.driver.get(link)
        self.wait_text("main h1", lambda text: text == recipe["name"])
        self.assertTrue(self.find_all("a[href^='/login']"), "a signed-out reader is offered sign-in")
        self.screenshot("accounts-shared-recipe")
        with urllib.request.urlopen(link, timeout=10) as response:
            self.assertEqual(response.headers["X-Robots-Tag"], "noindex, nofollow")

    def test_a_collection_shared_from_the_library_opens_signed_out(self):
        tags = api("/api/v1/library?limit=1")["facets"]["tag"]
        # A collection small enough to be on one page, with more than one recipe in it.
        tag = next(facet for facet in tags if 2 <= facet["count"] <= 24)
        name, count = tag["value"], tag["count"]
        self.open("/library")
        self.assertTrue(self.find("#share-collection").get_attribute("hidden"),
                        "no collection to share before a tag is chosen")
        # The chip among the collections (a diet or a cuisine may have the same name).
        chip = self.wait(lambda d: [
            chip for group in d.find_elements(By.CSS_SELECTOR, "fieldset.facet")
            if group.find_element(By.CSS_SELECTOR, "legend").text == "Collections"
            for chip in group.find_elements(By.CSS_SELECTOR, ".facet-chip")
            if chip.text.startswith(f"{name} (")])[0]
        chip.click()
        self.wait(lambda d: d.find_element(By.CSS_SELECTOR, "#share-collection").is_displayed(),
                  message="the share button for one tag")
        self.wait_text(".count", lambda text: text.startswith(f"{count} "))
        self.screenshot("accounts-library-share-collection")
        share = self.find("#share-collection button")
        # Above the facets, which the chosen chip may have scrolled past.
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", share)
        share.click()
        link = self.made_link()
        self.assertRegex(link, r"/s/[A-Za-z0-9_-]{40,}$")

        self.signed_out()
        self.driver.get(link)
        self.wait_text("main h1", lambda text: text.lower() == name.lower())
        self.assertEqual(self.find("main .count").text, f"{count} recipes")
        cards = self.find_all("main .cards .card a")
        self.assertEqual(len(cards), count)
        self.assertTrue(all(re.search(r"/s/[^/]+/recipes/[^/]+$", card.get_attribute("href"))
                            for card in cards), "cards open the recipe through the link")
        self.assertEqual(
            self.find("meta[name='robots']").get_attribute("content"), "noindex, nofollow")
        self.screenshot("accounts-shared-collection")
        first = cards[0].find_element(By.CSS_SELECTOR, "h3").text
        cards[0].click()
        self.wait_text("main h1", lambda text: text == first)
        recipe_url = self.driver.current_url
        self.assertIn(link + "/recipes/", recipe_url)
        self.assertTrue(self.find_all("main .ingredients li"), "the recipe's ingredients")
        self.assertTrue(self.find_all("a[href^='/login']"), "a signed-out reader is offered sign-in")
        self.find(f".shared-banner a[href='{link[len(BASE):]}']").click()
        self.wait_text("main h1", lambda text: text.lower() == name.lower())
        for url in (link, recipe_url):
            with urllib.request.urlopen(url, timeout=10) as response:
                self.assertEqual(response.headers["X-Robots-Tag"], "noindex, nofollow")

    def test_signing_out_ends_the_session(self):
        # A session of its own, so the other tests' session stays signed in.
        self.signed_out()
        self.driver.get(BASE + "/login")
        self.fill({"login": "tester", "password": "browser tests"})
        self.submit()
        self.wait(lambda d: d.current_url.rstrip("/") == BASE, message="signed in")
        self.open("/account", ready=False)
        self.wait_text("main h1", lambda text: text == "Your account")
        self.screenshot("accounts-account-page")
        self.find("form[action='/logout'] button").click()
        self.wait(lambda d: "/login" in d.current_url, message="signed out")
        self.driver.get(BASE + "/library")
        self.wait(lambda d: "/login" in d.current_url, message="the library needs signing in again")
