"""The first five minutes on a phone (issue 21), at 390x844: what a newcomer typed, pasted or
pressed must reach the page and not be silently lost or broken."""

import datetime
import json
import re
import unittest
import urllib.error

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from browser import BASE, PHONE, BrowserTestCase, api, empty_pantry, fetch, make_driver
from test_planning import reset_planning

# The names on the Cook page's chips, read at once (the chips are drawn again as the server answers).
CHIPS_JS = "return [...document.querySelectorAll('#pantry-chips .chip > span:first-child')].map((s) => s.textContent)"


class PhoneTestCase(BrowserTestCase):
    def setUp(self):
        super().setUp()
        self.driver.set_window_size(*PHONE)


class PasteOnTheAddPage(PhoneTestCase):
    PASTED = (
        "Herb Omelette\nServes 2\nPrep time: 15 mins\nCook time: 1 hr 5 mins\n"
        "Ingredients\n3 eggs\n1 tbsp chives (optional)\n"
        "Method\n1. Beat the eggs.\n2. Cook gently.\n"
        "Notes\nKeeps warm in a low oven.")

    def test_pasted_notes_times_and_optional_lines_reach_the_form_and_save(self):
        self.open("/add")
        self.tap("details summary")
        self.find("#paste-text").send_keys(self.PASTED)
        self.tap("#paste-apply")
        self.wait(lambda d: d.find_element(By.ID, "f-name").get_attribute("value") == "Herb Omelette")
        self.assertEqual(self.find("#f-notes").get_attribute("value"), "Keeps warm in a low oven.")
        # Times read as a person types them, not as the API's ISO-8601.
        self.assertEqual(self.find("#f-prep").get_attribute("value"), "15 min")
        self.assertEqual(self.find("#f-cook").get_attribute("value"), "1 hr 5 min")
        # The "(optional)" line is tagged optional in the parser's feedback.
        self.wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#parse-feedback li")) == 2,
                  message="feedback for both lines")
        self.wait(lambda d: "optional" in d.find_elements(By.CSS_SELECTOR, "#parse-feedback li")[1].text,
                  message="the optional line tagged")
        self.assertNotIn("optional", self.find_all("#parse-feedback li")[0].text)
        self.screenshot("phone-paste")
        self.tap("#save")
        self.wait(lambda d: "/recipes/" in d.current_url and not d.current_url.endswith("/add"),
                  message="saved")
        self.wait_ready()
        recipe = api("/api/v1/recipes/" + self.driver.current_url.rsplit("/", 1)[1])
        self.assertEqual(recipe["prepTime"], "PT15M")
        self.assertEqual(recipe["cookTime"], "PT1H5M")
        self.assertEqual(recipe["notes"], "Keeps warm in a low oven.")


class FillMyWeek(PhoneTestCase):
    def setUp(self):
        super().setUp()
        reset_planning()

    def planned(self):
        today = datetime.date.today()
        start = (today - datetime.timedelta(days=14)).isoformat()
        end = (today + datetime.timedelta(days=21)).isoformat()
        return [(day["date"], entry["meal"])
                for day in api(f"/api/v1/plan?from={start}&to={end}")["days"]
                for entry in day["entries"]]

    def test_fill_my_week_uses_its_own_meal_and_only_today_on(self):
        self.open("/plan")
        # The "Plan a recipe" form further down has a meal of its own: it must not count.
        Select(self.find("#plan-meal")).select_by_value("breakfast")
        Select(self.find("#fill-meal")).select_by_value("lunch")
        self.tap("#plan-fill")
        self.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#fill-results .fill-item"),
                  message="suggestions")
        days = [day.text for day in self.find_all("#fill-results .fill-day")]
        self.assertTrue(all(day.endswith("· lunch") for day in days), days)
        self.screenshot("phone-plan-fill")
        self.tap("#fill-accept-all")
        self.wait_text("#plan-status", lambda text: text.startswith("Planned"))
        planned = self.planned()
        self.assertEqual(len(planned), len(days))
        today = datetime.date.today().isoformat()
        for date, meal in planned:
            self.assertEqual(meal, "lunch")
            self.assertGreaterEqual(date, today, "a day already past was filled")
        # Last week is past: nothing to fill there.
        self.tap("#week-prev")
        self.wait(lambda d: "date=" in d.current_url, message="last week")
        self.tap("#plan-fill")
        self.wait_text("#plan-status", lambda text: text == "No suggestions.")
        self.assertEqual(len(self.planned()), len(days))


class CookPageEntry(PhoneTestCase):
    def chips(self):
        # Read in one go: the chips are drawn again when the server answers.
        return self.driver.execute_script(CHIPS_JS)

    def test_a_comma_list_adds_each_food_and_names_the_unknown_one(self):
        self.open("/")
        box = self.find("#food-input")
        box.send_keys("eggs, rice, onion")
        self.wait_text("#food-suggestions", lambda text: "Press Enter to add each" in text)
        box.send_keys(Keys.ENTER)
        self.wait(lambda d: self.chips() == ["egg", "rice", "onion"], message="three chips")
        self.wait_text("#food-entry-status", lambda text: text == "Added egg, rice, onion.")
        self.assertEqual(box.get_attribute("value"), "")
        # An unknown one is named and left in the box; the others are added.
        box.send_keys("garlic, blak peper, tomato", Keys.ENTER)
        self.wait(lambda d: self.chips() == ["egg", "rice", "onion", "garlic", "tomato"],
                  message="the known foods added")
        status = self.wait_text("#food-entry-status", lambda text: "blak peper" in text)
        self.assertIn("Added garlic, tomato.", status)
        self.assertIn("no food called “blak peper”", status)
        self.assertEqual(box.get_attribute("value"), "blak peper")
        self.screenshot("phone-cook-list")

    def test_a_pasted_list_of_lines_adds_each_food(self):
        self.open("/")
        box = self.find("#food-input")
        box.click()
        # What a phone's paste delivers: the clipboard's text with its line breaks.
        self.driver.execute_script(
            "const data = new DataTransfer(); data.setData('text/plain', arguments[1]);"
            "arguments[0].dispatchEvent(new ClipboardEvent('paste',"
            " {clipboardData: data, bubbles: true, cancelable: true}));",
            box, "eggs\nmilk\nbutter\n")
        self.wait(lambda d: self.chips() == ["egg", "milk", "butter"], message="three chips")
        self.assertEqual(box.get_attribute("value"), "")
        self.assertNotIn("eggsmilkbutter", self.text("#food-entry-status"))



class CookPageAnswer(PhoneTestCase):
    """On a phone the answer is the hero: the results in view, the pantry entry first, choices
    remembered, a first-run staples picker, and the nearest answers when nothing matches."""

    def open_cook(self, picker_seen=True):
        if picker_seen:  # the first-run staples picker has its own test
            self.open("/", ready=False)
            self.driver.execute_script("localStorage.setItem('larder.staplesPicker', 'dismissed')")
        self.open("/")

    def chips(self):
        # Read in one go: the chips are drawn again when the server answers.
        return self.driver.execute_script(CHIPS_JS)

    def add_foods(self, typed, expected):
        self.find("#food-input").send_keys(typed, Keys.ENTER)
        self.wait(lambda d: self.chips() == expected, message=f"chips {expected}")
        self.wait(lambda d: d.find_element(By.ID, "cook-results").get_attribute("aria-busy") == "false")

    def rect(self, element):
        return self.driver.execute_script("return arguments[0].getBoundingClientRect().toJSON()", element)

    def header_bottom(self):
        return self.rect(self.find("header.top"))["bottom"]

    def test_the_header_is_one_compact_row_with_every_section(self):
        self.open_cook()
        height = self.rect(self.find("header.top"))["height"]
        self.assertLessEqual(height, 64, "the sticky header takes too much of a phone's screen")
        links = self.find_all(".main-nav a")
        self.assertEqual([link.get_attribute("pathname") for link in links],
                         ["/", "/library", "/plan", "/list", "/pantry", "/add", "/settings"])
        for link in links:  # each one in the header's row, even if it has to scroll to it
            top = self.rect(link)["top"]
            self.assertTrue(0 <= top < height, f"{link.text} is not in the header's row")
        # The last link can be reached and followed.
        self.driver.execute_script("arguments[0].scrollIntoView({inline: 'nearest', block: 'nearest'})", links[-1])
        links[-1].click()
        self.wait(lambda d: d.current_url.endswith("/settings"), message="Settings from the header")
        # On the Library the search is the page's own: shown, on a second row under the same one.
        self.open("/library")
        self.assertTrue(self.find("#q").is_displayed())
        middle = lambda box: box["top"] + box["height"] / 2
        self.assertAlmostEqual(middle(self.rect(self.find(".main-nav"))),
                               middle(self.rect(self.find(".brand"))), delta=8)
        self.assertLessEqual(self.rect(self.find("header.top"))["height"], 112)

    def test_after_the_first_food_the_results_stay_in_view(self):
        self.open_cook()
        # The aisles are folded behind one control on a phone.
        aisles = self.find("#aisles")
        self.assertIsNone(aisles.get_attribute("open"))
        self.assertEqual([h for h in self.find_all("#categories summary") if h.is_displayed()], [])
        self.assertFalse(self.find("#results-bar").is_displayed(), "a results bar before any food")
        self.add_foods("egg, milk", ["egg", "milk"])
        bar = self.wait(lambda d: d.find_element(By.ID, "results-bar").is_displayed()
                        and re.match(r"\d+ (nearest )?recipes?", d.find_element(By.ID, "results-bar").text)
                        and d.find_element(By.ID, "results-bar"), message="the results bar's count")
        box = self.rect(bar)
        self.assertGreaterEqual(box["top"], self.header_bottom())
        self.assertLessEqual(box["bottom"], 844)
        # Opening the aisles pushes the results down; the bar still shows the count and takes
        # the cook to the first cards.
        self.tap("#aisles > summary")
        self.wait(lambda d: d.find_element(By.ID, "aisles").get_attribute("open") is not None)
        self.wait(lambda d: self.rect(d.find_element(By.CSS_SELECTOR, "#cook-results .card"))["top"] > 844,
                  message="aisles open push the cards down")
        self.driver.execute_script("window.scrollTo(0, 0)")
        bar = self.wait(lambda d: d.find_element(By.ID, "results-bar").is_displayed()
                        and d.find_element(By.ID, "results-bar"), message="the bar with aisles open")
        self.assertLessEqual(self.rect(bar)["bottom"], 844)
        self.screenshot("phone-cook-results-bar")
        bar.find_element(By.CSS_SELECTOR, "a").click()
        self.wait(lambda d: self.header_bottom() <= self.rect(
            d.find_element(By.CSS_SELECTOR, "#cook-results .card"))["top"] < 844,
            message="the first card in view below the header")
        # The aisles' state is remembered.
        self.open("/")
        self.assertIsNotNone(self.find("#aisles").get_attribute("open"))
        self.tap("#aisles > summary")
        self.open("/")
        self.assertIsNone(self.find("#aisles").get_attribute("open"))

    def test_the_pantry_entry_comes_before_the_header_search(self):
        self.open_cook()
        first = self.driver.execute_script(
            "return [...document.querySelectorAll('input, select, textarea')]"
            ".find((e) => e.offsetParent !== null && e.type !== 'hidden').id")
        self.assertEqual(first, "food-input")
        # Tabbing from the top reaches the pantry entry before any other field.
        self.find("body").send_keys(Keys.TAB)
        for _ in range(20):
            active = self.driver.switch_to.active_element
            if active.tag_name in ("input", "select", "textarea"):
                break
            active.send_keys(Keys.TAB)
        self.assertEqual(active.get_attribute("id"), "food-input")
        entry = self.rect(self.find("#food-input"))
        self.assertGreaterEqual(entry["height"], 44, "the pantry entry is the page's main control")
        # The header's recipe search is still one tap away.
        self.assertFalse(self.find("#q").is_displayed())
        toggle = self.find(".search-toggle")
        self.assertEqual(toggle.get_attribute("aria-expanded"), "false")
        toggle.click()
        self.assertEqual(toggle.get_attribute("aria-expanded"), "true")
        self.wait(lambda d: d.switch_to.active_element.get_attribute("id") == "q", message="search focused")
        self.screenshot("phone-cook-header-search")
        self.driver.switch_to.active_element.send_keys("lentil", Keys.ENTER)
        self.wait(lambda d: "/library?q=lentil" in d.current_url, message="the library's search")

    def test_the_missing_choice_is_remembered(self):
        self.open_cook()
        self.tap("#missing-choice label:nth-of-type(3)")  # missing 2
        self.open("/")
        self.assertTrue(self.find("#missing-choice input[value='2']").is_selected())
        self.tap("#missing-choice label:nth-of-type(1)")  # can make now
        self.open("/")
        self.assertTrue(self.find("#missing-choice input[value='0']").is_selected())

    def test_a_first_visit_offers_the_staples_to_tick(self):
        self.open_cook(picker_seen=False)
        picker = self.wait(lambda d: d.find_element(By.ID, "staples-picker").is_displayed()
                           and d.find_element(By.ID, "staples-picker"), message="the staples picker")
        names = [label.text for label in picker.find_elements(By.CSS_SELECTOR, "label")]
        for name in ("salt", "olive oil", "butter", "egg", "milk", "garlic", "onion"):
            self.assertIn(name, names)
        self.screenshot("phone-cook-staples-picker")
        for name in ("egg", "garlic"):
            label = [label for label in picker.find_elements(By.CSS_SELECTOR, "label") if label.text == name][0]
            self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", label)
            label.click()
        self.wait(lambda d: self.chips() == ["egg", "garlic"], message="ticked foods in the pantry")
        self.tap("#staples-picker-done")
        self.assertFalse(self.find("#staples-picker").is_displayed())
        # Used once, never offered again, even with an empty pantry.
        empty_pantry()
        self.open("/")
        self.assertFalse(self.find("#staples-picker").is_displayed())

    def test_the_staples_picker_can_be_dismissed_for_good(self):
        self.open_cook(picker_seen=False)
        self.wait(lambda d: d.find_element(By.ID, "staples-picker").is_displayed(), message="the picker")
        self.tap("#staples-picker-dismiss")
        self.assertFalse(self.find("#staples-picker").is_displayed())
        self.assertEqual(self.chips(), [])
        self.open("/")
        self.assertFalse(self.find("#staples-picker").is_displayed())

    def test_when_nothing_matches_the_nearest_recipes_show_labelled(self):
        have = ["egg", "rice", "onion", "chicken", "tomato", "garlic", "olive oil"]
        strict = api("/api/v1/finder", "POST", {"have": have, "missing": 0, "limit": 1})
        self.assertEqual(strict["total"], 0, "the starter recipes changed: pick another pantry")
        self.open_cook()
        self.tap("#missing-choice label:nth-of-type(1)")  # can make now
        self.add_foods(", ".join(have), have)
        status = self.wait_text("#cook-status", lambda text: text.startswith("No recipe"))
        self.assertIn("nearest", status)
        nearest = self.wait_text("#cook-nearest", lambda text: "missing" in text)
        self.assertRegex(nearest, r"missing \d")
        cards = self.find_all("#cook-results .card")
        self.assertTrue(cards, "no nearest recipes shown")
        self.assertRegex(cards[0].text, r"\d+ of \d+ — missing")
        self.screenshot("phone-cook-nearest")
        widen = self.find("#cook-nearest button")
        self.assertRegex(widen.text, r"^Show recipes missing [12]$")
        wanted = widen.text[-1]
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", widen)
        widen.click()
        self.wait(lambda d: d.find_element(By.CSS_SELECTOR, f"#missing-choice input[value='{wanted}']").is_selected())
        self.assertEqual(self.driver.switch_to.active_element.get_attribute("value"), wanted,
                         "the focus stays on the choice the button made")
        self.wait_text("#cook-status", lambda text: re.match(r"^\d+ recipes? with 7 ingredients", text))
        self.assertFalse(self.find("#cook-nearest").is_displayed())
        self.assertTrue(self.find_all("#cook-results .card"))

class MisspeltStaple(PhoneTestCase):
    def test_an_unknown_staple_is_left_out_with_a_warning_and_the_results_still_show(self):
        self.open("/settings")
        staples = self.find("#s-staples")
        staples.clear()
        staples.send_keys("salt, blak peper, water")
        self.tap("#settings-form button[type='submit']")
        self.wait_text("#settings-status", lambda text: text == "Saved.")
        warning = self.find("#s-staples-warning")
        self.assertTrue(warning.is_displayed())
        self.assertIn("“blak peper”", warning.text)
        self.assertEqual(self.find("#s-staples").get_attribute("value"), "salt, water")
        self.assertEqual(api("/api/v1/settings")["staples"], ["salt", "water"])
        self.screenshot("phone-settings-staple")
        for food in ("egg", "milk", "sugar", "all-purpose-flour", "unsalted-butter"):
            api("/api/v1/pantry", "POST", {"name": food.replace("-", " "), "food": food})
        self.open("/")
        self.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#cook-results .card"),
                  message="results with the staples kept")
        self.assertRegex(self.text("#cook-status"), r"^\d+ recipes? with 5 ingredients")
        self.assertFalse(self.find("#staples-warning").is_displayed())
        self.screenshot("phone-cook-staple")


class LibraryFacetCounts(PhoneTestCase):
    def test_a_chosen_diet_chip_counts_the_recipes_shown(self):
        # Vegetarian recipes are pescatarian too, though none of the starters says so.
        self.open("/library?diet=pescatarian")
        chip = self.wait(lambda d: [b for b in d.find_elements(By.CSS_SELECTOR, ".facet-chip")
                                    if b.text.startswith("pescatarian ")])[0]
        self.assertEqual(chip.get_attribute("aria-pressed"), "true")
        total = int(self.text(".count").split()[0])
        self.assertGreater(total, 0)
        self.assertEqual(chip.find_element(By.CSS_SELECTOR, ".facet-count").text, f"({total})")
        # A value in the address in another case is the same chip, with its count.
        self.open("/library?diet=vegan&course=" + self.first_course().lower())
        course = self.wait(lambda d: [b for b in d.find_elements(By.CSS_SELECTOR, ".facet-chip")
                                      if b.get_attribute("aria-pressed") == "true"
                                      and b.text.lower().startswith(self.first_course().lower())])
        self.assertEqual(len(course), 1, "one chip for the course")
        total = int(self.text(".count").split()[0])
        self.assertEqual(course[0].find_element(By.CSS_SELECTOR, ".facet-count").text, f"({total})")
        self.screenshot("phone-library-facets")

    def first_course(self):
        courses = api("/api/v1/library?limit=1&diet=vegan")["facets"]["course"]
        self.assertTrue(courses)
        return courses[0]["value"]


class CookModeFocus(PhoneTestCase):
    def active(self):
        return self.driver.execute_script(
            "const a = document.activeElement;"
            "return a === document.body ? 'body' : (a.id || a.className || a.tagName) + ':' + a.textContent")

    def test_focus_stays_put_and_relative_times_get_no_timer(self):
        created = api("/api/v1/recipes", "POST", {
            "name": "Focus Test Pasta",
            "ingredients": ["200 g pasta", "1 tbsp butter"],
            "steps": ["Boil the pasta for 1 minute less than the packet says, then drain.",
                      "Toss with the butter and rest for 2 minutes.",
                      "Serve."],
        })
        self.open(f"/recipes/{created['id']}")
        self.tap("#cook-mode-open")
        self.wait(lambda d: d.find_element(By.ID, "cook-mode").is_displayed())
        self.assertEqual(self.text(".cook-count"), "Step 1 of 3")
        self.assertEqual(self.find_all(".cook-step-timers .timer-start"), [],
                         "'1 minute less than the packet says' is not a timer")
        self.driver.switch_to.active_element.send_keys(Keys.ENTER)  # Next has the focus
        self.assertEqual(self.text(".cook-count"), "Step 2 of 3")
        start = self.find(".timer-start")
        self.assertEqual(start.text, "Start 2 minutes timer")
        start.click()
        cancel = self.find(".timers .timer button")
        self.driver.execute_script("arguments[0].focus()", cancel)
        # Four ticks of the timer later, the keyboard is still on Cancel.
        self.driver.execute_script("return new Promise(r => setTimeout(r, 1100))")
        self.assertEqual(self.active(), "link:Cancel")
        self.assertRegex(self.text(".timers .timer-left"), r"^1:5\d$")
        self.driver.switch_to.active_element.send_keys(Keys.ENTER)
        self.assertEqual(self.find_all(".timers .timer"), [])
        self.assertNotEqual(self.active(), "body", "cancelling the last timer dropped the focus")
        # Next to the last step disables Next; the focus moves to the step, not the page.
        self.tap(".cook-nav button:last-child")
        self.assertEqual(self.text(".cook-count"), "Step 3 of 3")
        self.assertTrue(self.find(".cook-nav button:last-child").get_attribute("disabled"))
        self.assertEqual(self.active(), "cook-step:Serve.")
        self.screenshot("phone-cook-mode")
        self.driver.switch_to.active_element.send_keys(Keys.ESCAPE)
        self.wait(lambda d: not d.find_element(By.ID, "cook-mode").is_displayed())


class RecipePageTools(PhoneTestCase):
    """The recipe page's tools, at phone width: what each did is checked through the API."""

    STEW = {
        "name": "Tools Test Stew",
        "sourceURL": "https://example.com/recipes/stew?from=larder",
        "yield": {"servings": 2},
        "ingredients": ["2 onions", "500 g chicken thighs", "1 cup rice", "salt"],
        "steps": ["Brown the chicken and onions.", "Add the rice and simmer for 20 minutes."],
        "notes": "Better the next day.",
    }

    def setUp(self):
        super().setUp()
        reset_planning()
        self.recipe = api("/api/v1/recipes", "POST", self.STEW)
        self.addCleanup(self.remove, self.recipe["id"])

    def remove(self, recipe_id):
        try:
            api(f"/api/v1/recipes/{recipe_id}", "DELETE")
        except urllib.error.HTTPError:
            pass  # deleted by the test

    def open_recipe(self, recipe_id=None):
        self.open(f"/recipes/{recipe_id or self.recipe['id']}")

    def servings_to(self, target):
        while int(self.find("#servings").get_attribute("value")) < target:
            self.tap("#servings-up")
        self.wait_ready()

    def list_texts(self):
        return [item["text"] for group in api("/api/v1/shopping-list?units=metric")["groups"]
                for item in group["items"]]

    def test_add_missing_to_the_list_at_the_page_servings_keeps_the_list(self):
        api("/api/v1/shopping-list/items", "POST", {"line": "candles"})
        api("/api/v1/pantry", "POST", {"line": "1 cup rice"})
        self.open_recipe()
        self.servings_to(4)
        self.tap("#add-to-list")
        status = self.wait_text("#tools-status", lambda text: text.startswith("Added"))
        self.assertEqual(status, "Added 3 lines to the shopping list. Open the list")
        self.assertEqual(self.find("#tools-status a").get_attribute("href").rsplit("/", 1)[1], "list")
        # At 4 servings (twice the recipe's 2), less the cup of rice the pantry has; salt is a
        # staple, and the line added by hand stays. Rice is weighed, so the metric list shows
        # the cup left to buy by weight.
        self.assertEqual(sorted(self.list_texts()),
                         ["1 kg chicken thigh", "185 g rice", "4 onions", "candles"])
        self.screenshot("phone-recipe-tools")

    def test_plan_it_for_a_day_meal_and_servings(self):
        self.open_recipe()
        self.servings_to(3)
        self.tap("#plan-open")
        self.assertEqual(self.find("#plan-open").get_attribute("aria-expanded"), "true")
        self.assertEqual(self.driver.switch_to.active_element.get_attribute("id"), "plan-on")
        self.assertEqual(self.find("#plan-on").get_attribute("value"), datetime.date.today().isoformat())
        self.assertEqual(self.find("#plan-servings").get_attribute("value"), "3")
        tomorrow = (datetime.date.today() + datetime.timedelta(days=1)).isoformat()
        self.driver.execute_script("arguments[0].value = arguments[1]", self.find("#plan-on"), tomorrow)
        Select(self.find("#plan-for")).select_by_value("lunch")
        self.screenshot("phone-recipe-plan")
        self.tap("#plan-save")
        self.wait_text("#tools-status", lambda text: text.startswith("Planned for lunch"))
        self.assertFalse(self.find("#plan-panel").is_displayed())
        days = api(f"/api/v1/plan?from={tomorrow}&to={tomorrow}")["days"]
        entries = [entry for day in days for entry in day["entries"]]
        self.assertEqual([(e["recipeID"], e["meal"], e["servings"]) for e in entries],
                         [(self.recipe["id"], "lunch", 3)])

    def test_cooked_it_takes_what_it_used_from_the_pantry(self):
        chicken = api("/api/v1/pantry", "POST", {"line": "1 kg chicken thighs"})["id"]
        onions = api("/api/v1/pantry", "POST", {"line": "5 onions"})["id"]
        self.open_recipe()
        self.tap("#cooked-open")
        self.wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#cooked-changes li")) == 2,
                  message="what cooking takes")
        changes = self.text("#cooked-changes")
        self.assertIn("1 kg → 500 g", changes)
        self.assertIn("5 → 3", changes)
        self.screenshot("phone-recipe-cooked")
        self.tap("#cooked-apply")
        self.wait_text("#tools-status", lambda text: text.startswith("Took 2 items from the pantry"))
        self.assertEqual(self.driver.switch_to.active_element.get_attribute("id"), "cooked-open")
        pantry = {item["id"]: item for item in api("/api/v1/pantry?units=metric")["items"]}
        self.assertEqual(pantry[chicken]["amountText"], "500 g")
        self.assertEqual(pantry[onions]["amountText"], "3")

    def test_the_source_opens_safely_and_the_recipe_exports(self):
        self.open_recipe()
        source = self.find("#source-link")
        self.assertEqual(source.get_attribute("href"), self.STEW["sourceURL"])
        self.assertEqual(source.get_attribute("rel"), "noopener noreferrer")
        self.assertEqual(source.get_attribute("target"), "_blank")
        self.tap("#more-menu summary")
        exports = self.find_all(".menu-items a[download]")
        self.assertEqual([a.text for a in exports],
                         ["Export as Larder JSON", "Export as schema.org JSON-LD"])
        self.assertEqual([a.get_attribute("download") for a in exports],
                         ["tools-test-stew.json", "tools-test-stew.jsonld"])
        self.screenshot("phone-recipe-menu")
        larder = json.loads(fetch(exports[0].get_attribute("href").removeprefix(BASE)))
        self.assertEqual(larder["name"], self.STEW["name"])
        schema = json.loads(fetch(exports[1].get_attribute("href").removeprefix(BASE)))
        self.assertIn("Recipe", json.dumps(schema))
        self.assertIn("500 g chicken thighs", json.dumps(schema))
        # Escape closes the menu and gives the focus back to it.
        self.driver.switch_to.active_element.send_keys(Keys.ESCAPE)
        self.assertIsNone(self.find("#more-menu").get_attribute("open"))
        # A recipe without a source shows no source link.
        bare = api("/api/v1/recipes", "POST", {"name": "No Source Toast"})
        self.addCleanup(self.remove, bare["id"])
        self.open_recipe(bare["id"])
        self.assertEqual(self.find_all("#source-link"), [])

    def test_delete_then_undo_gives_the_recipe_back(self):
        path = f"/api/v1/recipes/{self.recipe['id']}"
        api(path, "PATCH", {"isFavorite": True, "rating": 4})
        before = api(path)
        self.open_recipe()
        self.tap("#more-menu summary")
        self.tap("#delete-recipe")
        self.wait_text("#undo-toast", lambda text: "Deleted “Tools Test Stew”." in text)
        self.assertEqual(self.driver.switch_to.active_element.get_attribute("id"), "undo-delete")
        with self.assertRaises(urllib.error.HTTPError) as gone:
            api(path)
        self.assertEqual(gone.exception.code, 404)
        self.screenshot("phone-recipe-deleted")
        self.driver.switch_to.active_element.send_keys(Keys.ENTER)
        self.wait(lambda d: "/recipes/" in d.current_url
                  and not d.current_url.endswith(self.recipe["id"]), message="restored")
        self.wait_ready()
        restored_id = self.driver.current_url.rsplit("/", 1)[1]
        self.addCleanup(self.remove, restored_id)
        after = api(f"/api/v1/recipes/{restored_id}")
        for field in ("id", "createdAt", "updatedAt"):
            before.pop(field), after.pop(field)
        self.assertEqual(after, before)
        self.wait_text("main h1", lambda text: text.endswith("Tools Test Stew"))


if __name__ == "__main__":
    unittest.main()


class OnePantry(PhoneTestCase):
    """One pantry per household, on the server: the Cook page's chips are the Pantry page's
    items, every browser of the household sees the same, an empty pantry offers no recipes, and
    an older Larder's chips kept in a browser move to the server once."""

    def chips(self, driver=None):
        return (driver or self.driver).execute_script(CHIPS_JS)

    def stored(self):
        return sorted(item["foodID"] or item["name"] for item in api("/api/v1/pantry")["items"])

    def open_cook(self, driver=None):
        driver = driver or self.driver
        driver.get(BASE + "/")
        driver.execute_script("localStorage.setItem('larder.staplesPicker', 'dismissed')")
        driver.get(BASE + "/")
        self.wait(lambda d: driver.execute_script("return document.documentElement.dataset.ready === 'true'"))

    def add_on_cook_page(self, typed, chips, driver=None):
        driver = driver or self.driver
        box = driver.find_element(By.ID, "food-input")
        box.send_keys(typed)
        if "," not in typed:  # one food: Enter picks the first suggestion once there is one
            self.wait(lambda d: driver.find_elements(By.CSS_SELECTOR, "#food-suggestions .suggestion"),
                      message=f"suggestions for {typed}")
        box.send_keys(Keys.ENTER)
        self.wait(lambda d: self.chips(driver) == chips, message=f"chips {chips}")

    def test_a_food_added_on_the_cook_page_is_on_the_pantry_page_and_back(self):
        self.open_cook()
        self.add_on_cook_page("eggs, rice", ["egg", "rice"])
        self.assertEqual(self.stored(), ["egg", "rice"])
        self.open("/pantry")
        self.wait(lambda d: sorted(e.text for e in d.find_elements(By.CSS_SELECTOR, "#pantry-list .item-name"))
                  == ["egg", "rice"], message="the Cook page's foods on the Pantry page")
        # An item with an amount and a date, added on the Pantry page, is a chip on the Cook page.
        self.find("#pantry-line").send_keys("2 cups milk", Keys.ENTER)
        self.wait_text("#pantry-status", lambda text: text.startswith("Added"))
        self.open_cook()
        self.wait(lambda d: sorted(self.chips()) == ["egg", "milk", "rice"], message="the Pantry page's milk as a chip")
        self.assertFalse(self.find("#pantry-empty").is_displayed())
        self.screenshot("phone-cook-one-pantry")
        # Removing a chip removes the stored item.
        self.tap("#pantry-chips .chip-remove[aria-label='Remove rice']")
        self.wait(lambda d: sorted(self.chips()) == ["egg", "milk"], message="rice removed")
        self.wait(lambda d: self.stored() == ["egg", "milk"], message="rice gone from the server")
        self.open("/pantry")
        self.wait(lambda d: sorted(e.text for e in d.find_elements(By.CSS_SELECTOR, "#pantry-list .item-name"))
                  == ["egg", "milk"], message="the Pantry page without rice")

    def test_two_browsers_of_the_same_user_see_the_same_pantry(self):
        other = make_driver(*PHONE)
        try:
            # A second sign-in of the same account: a session, and a browser storage, of its own.
            other.get(BASE + "/login")
            other.find_element(By.CSS_SELECTOR, "[name='login']").send_keys("tester")
            other.find_element(By.CSS_SELECTOR, "[name='password']").send_keys("browser tests", Keys.ENTER)
            self.wait(lambda d: "/login" not in other.current_url, message="the second browser signed in")
            self.open_cook()
            self.add_on_cook_page("garlic", ["garlic"])
            self.open_cook(other)
            self.wait(lambda d: self.chips(other) == ["garlic"], message="the first browser's food in the second")
            self.add_on_cook_page("onion", ["garlic", "onion"], driver=other)
            self.open_cook()
            self.wait(lambda d: sorted(self.chips()) == ["garlic", "onion"], message="the second browser's food in the first")
        finally:
            other.quit()

    def test_an_empty_pantry_offers_no_recipes_and_says_so(self):
        # Staples alone nearly make some starter recipes: an empty pantry must not offer them.
        answer = api("/api/v1/finder", "POST", {"have": [], "missing": 2, "limit": 5})
        self.assertEqual(answer["pantrySource"], "none")
        self.assertEqual(answer["items"], [])
        self.open_cook()
        self.tap("#missing-choice label:nth-of-type(3)")  # missing 2
        self.wait_text("#cook-status", lambda text: text.startswith("Add what you have"))
        self.assertTrue(self.find("#pantry-empty").is_displayed())
        self.assertEqual(self.find_all("#cook-results .card"), [])
        self.assertFalse(self.find("#results-bar").is_displayed())

    def test_chips_kept_in_this_browser_move_to_the_server_once(self):
        api("/api/v1/pantry", "POST", {"name": "egg", "food": "egg"})  # already stored: not again
        self.open("/settings")
        self.driver.execute_script(
            "localStorage.setItem('larder.staplesPicker', 'dismissed');"
            "localStorage.setItem('larder.pantry', JSON.stringify("
            "[{id: 'egg', name: 'egg'}, {id: 'milk', name: 'milk'}]))")
        self.open("/")
        self.wait(lambda d: sorted(self.chips()) == ["egg", "milk"], message="the browser's foods as chips")
        self.wait_text("#pantry-sync", lambda text: "Moved milk" in text)
        self.assertEqual(self.stored(), ["egg", "milk"])
        self.assertIsNone(self.driver.execute_script("return localStorage.getItem('larder.pantry')"))
        # Once: a food removed elsewhere does not come back from this browser.
        milk = [item for item in api("/api/v1/pantry")["items"] if item["foodID"] == "milk"][0]
        api(f"/api/v1/pantry/{milk['id']}", "DELETE")
        self.open_cook()
        self.wait(lambda d: self.chips() == ["egg"], message="milk stays removed")
        self.assertEqual(self.stored(), ["egg"])


class SettingsOnTheServer(PhoneTestCase):
    """Staples, diets and units are the account's, on the server: a second sign-in of the same
    user has them, another user does not, and a browser's old local settings move up once."""

    def sign_in(self, driver, login, password):
        driver.get(BASE + "/login")
        driver.find_element(By.CSS_SELECTOR, "[name='login']").send_keys(login)
        driver.find_element(By.CSS_SELECTOR, "[name='password']").send_keys(password, Keys.ENTER)
        self.wait(lambda d: "/login" not in driver.current_url, message=f"{login} signed in")

    def settings_shown(self, driver):
        driver.get(BASE + "/settings")
        self.wait(lambda d: driver.execute_script("return document.documentElement.dataset.ready === 'true'"))
        form = driver.find_element(By.ID, "settings-form")
        return {
            "staples": form.find_element(By.NAME, "staples").get_attribute("value"),
            "diets": [box.get_attribute("value") for box in form.find_elements(By.CSS_SELECTOR, "input[name='diets']")
                      if box.is_selected()],
            "units": [radio.get_attribute("value") for radio in form.find_elements(By.CSS_SELECTOR, "input[name='units']")
                      if radio.is_selected()],
        }

    def test_settings_saved_in_one_session_appear_in_another_and_not_for_another_user(self):
        self.open("/settings")
        staples = self.find("#s-staples")
        staples.clear()
        # The staple is picked from the suggestions, as a cook would.
        staples.send_keys("salt, saffr")
        self.wait(lambda d: any(option.text.startswith("saffron") for option in
                                d.find_elements(By.CSS_SELECTOR, "#s-staples-options [role='option']")),
                  message="saffron suggested")
        staples.send_keys(Keys.ARROW_DOWN, Keys.ENTER)
        self.assertEqual(staples.get_attribute("value"), "salt, saffron, ")
        self.tap("#settings-form input[name='diets'][value='vegetarian']")
        self.tap("#settings-form input[name='units'][value='metric']")
        self.tap("#settings-form button[type='submit']")
        self.wait_text("#settings-status", lambda text: text == "Saved.")
        self.assertFalse(self.find("#s-staples-warning").is_displayed())
        self.screenshot("phone-settings-saved")
        # Nothing but the theme is kept in this browser.
        self.assertIsNone(self.driver.execute_script(
            "return JSON.parse(localStorage.getItem('larder.settings') || '{}').staples"))

        saved = {"staples": "salt, saffron", "diets": ["vegetarian"], "units": ["metric"]}
        second = make_driver(*PHONE)
        try:
            self.sign_in(second, "tester", "browser tests")
            self.assertEqual(self.settings_shown(second), saved)
        finally:
            second.quit()

        invitation = api("/api/v1/invitations", "POST", {"role": "viewer"})
        stranger = make_driver(*PHONE)
        try:
            stranger.get(BASE + invitation["path"])
            for name, value in {"displayName": "Sam", "login": f"sam{datetime.datetime.now().timestamp():.0f}",
                                "password": "a long password", "confirm": "a long password"}.items():
                stranger.find_element(By.NAME, name).send_keys(value)
            stranger.find_element(By.CSS_SELECTOR, "main form button[type='submit']").click()
            self.wait(lambda d: "/join/" not in stranger.current_url, message="the other user joined")
            usual = {"staples": "salt, black pepper, water", "diets": [], "units": ["original"]}
            self.assertEqual(self.settings_shown(stranger), usual)
            # The other user's browser had settings of its own from an older Larder: they move to
            # that user's account once, and the first user's stay as they were.
            stranger.execute_script(
                "localStorage.setItem('larder.settings', JSON.stringify("
                "{staples: ['butter'], diets: ['vegan'], units: 'us', theme: 'dark'}))")
            moved = self.settings_shown(stranger)
            self.assertEqual(moved, {"staples": "butter", "diets": ["vegan"], "units": ["us"]})
            self.assertIn("now kept for your account", stranger.find_element(By.ID, "settings-status").text)
            self.assertEqual(stranger.execute_script("return localStorage.getItem('larder.settings')"),
                             '{"theme":"dark"}')
            self.assertEqual(stranger.execute_script("return document.documentElement.dataset.theme"), "dark")
        finally:
            stranger.quit()
        self.assertEqual(self.settings_shown(self.driver), saved)


class RecipeMarksFollowTheFinder(PhoneTestCase):
    """A recipe page's have / missing marks follow the finder's rule for the stored pantry's
    kinds: "only rice" is not basmati rice, and "any rice" is puffed rice too."""

    def marks(self):
        return self.driver.execute_script(
            "return [...document.querySelectorAll('#recipe li[data-line]')].map((li) =>"
            " [li.querySelector('.line-text').textContent,"
            "  li.classList.contains('have') ? 'have' : li.classList.contains('missing') ? 'missing' : ''])")

    def finder_missing(self, name):
        answer = api("/api/v1/finder", "POST", {"have": [], "missing": 5, "limit": 100})
        self.assertEqual(answer["pantrySource"], "stored")
        found = [item for item in answer["items"] if item["recipe"]["name"] == name]
        self.assertEqual(len(found), 1, f"the finder offers {name}")
        return sorted(food["name"] for food in found[0]["missing"])

    def check(self, recipe, pantry_line, kinds, expected):
        created = api("/api/v1/recipes", "POST", recipe)
        self.addCleanup(api, f"/api/v1/recipes/{created['id']}", "DELETE")
        item = api("/api/v1/pantry", "POST", {"line": pantry_line})
        self.assertEqual(item["kinds"], kinds)
        api("/api/v1/pantry", "POST", {"line": "onion"})
        missing = self.finder_missing(recipe["name"])
        self.open(f"/recipes/{created['id']}")
        self.wait_text("#pantry-summary", lambda text: text.startswith("You have"))
        marks = self.marks()
        self.assertEqual(marks, expected)
        self.assertEqual(len(missing), sum(1 for _, mark in marks if mark == "missing"),
                         f"the finder says missing {missing}, the page {marks}")
        return missing

    def test_only_this_kind_marks_another_kind_missing_as_the_finder_does(self):
        missing = self.check({"name": "Marks Test Pilaf", "ingredients": ["1 cup basmati rice", "1 onion"]},
                             "only rice", "only", [["1 cup basmati rice", "missing"], ["1 onion", "have"]])
        self.assertEqual(missing, ["basmati rice"])
        self.screenshot("phone-recipe-marks-only")

    def test_any_kind_marks_every_kind_had_as_the_finder_does(self):
        missing = self.check({"name": "Marks Test Crunch", "ingredients": ["1 cup puffed rice", "1 onion"]},
                             "any rice", "any", [["1 cup puffed rice", "have"], ["1 onion", "have"]])
        self.assertEqual(missing, [])

    def test_too_little_of_a_stored_food_is_missing_and_says_how_much_as_the_finder_does(self):
        recipe = {"name": "Marks Test Omelette", "yield": {"servings": 2},
                  "ingredients": ["6 eggs", "1 onion"]}
        created = api("/api/v1/recipes", "POST", recipe)
        self.addCleanup(api, f"/api/v1/recipes/{created['id']}", "DELETE")
        api("/api/v1/pantry", "POST", {"line": "2 eggs"})
        api("/api/v1/pantry", "POST", {"line": "onion"})
        answer = api("/api/v1/finder", "POST", {"have": [], "missing": 5, "limit": 100})
        found = [item for item in answer["items"] if item["recipe"]["name"] == recipe["name"]][0]
        self.assertEqual([short["text"] for short in found["shortfalls"]], ["need 6 eggs, have 2"])
        self.open(f"/recipes/{created['id']}")
        self.wait_text("#pantry-summary", lambda text: text.startswith("You have"))
        self.assertEqual(self.marks(), [["6 eggs", "missing"], ["1 onion", "have"]])
        self.assertEqual(self.text("#recipe li[data-line='0'] .line-status"), "— need 6 eggs, have 2")
        self.assertEqual(self.text("#pantry-summary"), "You have 1 of 2 ingredients.")
        # The need follows the servings shown: one serving needs 3 eggs, still more than 2.
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", self.find("#servings-down"))
        self.find("#servings-down").click()
        self.wait_text("#recipe li[data-line='0'] .line-status", lambda text: text == "— need 3 eggs, have 2")
        self.screenshot("phone-recipe-marks-shortfall")
