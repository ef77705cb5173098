"""The planning pages in a real (headless) Chromium: quick-add to the pantry and see the expiry
badge, plan a recipe and see the day's total time, make the shopping list from the plan with the
pantry taken off, check a line and move it to the pantry, and screenshots of each page."""

import datetime
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from browser import BrowserTestCase, api


def today():
    return datetime.date.today()


def reset_planning():
    """Empties the pantry, the plan around today and the shopping list, so tests stand alone."""
    for item in api("/api/v1/pantry")["items"]:
        api(f"/api/v1/pantry/{item['id']}", "DELETE")
    start = (today() - datetime.timedelta(days=14)).isoformat()
    end = (today() + datetime.timedelta(days=21)).isoformat()
    for day in api(f"/api/v1/plan?from={start}&to={end}")["days"]:
        for entry in day["entries"]:
            api(f"/api/v1/plan/{entry['id']}", "DELETE")
    for group in api("/api/v1/shopping-list?staples=true")["groups"]:
        for item in group["items"]:
            api(f"/api/v1/shopping-list/items/{item['id']}", "DELETE")


class PlanningTestCase(BrowserTestCase):
    def setUp(self):
        super().setUp()
        reset_planning()

    def set_value(self, css, value):
        """Sets an input the way a picker would (date inputs type differently per locale)."""
        self.driver.execute_script(
            "const input = document.querySelector(arguments[0]); input.value = arguments[1];"
            "input.dispatchEvent(new Event('input', {bubbles: true}));"
            "input.dispatchEvent(new Event('change', {bubbles: true}));", css, value)

    def pick_recipe(self, input_css, typed, expected):
        box = self.find(input_css)
        box.send_keys(typed)
        listbox = "#" + box.get_attribute("aria-controls")
        self.wait(lambda d: any(option.text.startswith(expected) for option in
                                d.find_elements(By.CSS_SELECTOR, f"{listbox} [role='option']")),
                  message=f"recipe suggestions for {typed}")
        box.send_keys(Keys.ENTER)
        self.wait(lambda d: box.get_attribute("value") == expected, message="picked " + expected)


class PantryPage(PlanningTestCase):
    def test_quick_add_shows_the_expiry_badge_and_edits_and_removes(self):
        self.open("/pantry")
        self.find("#pantry-line").send_keys("2 lb chicken thighs")
        self.set_value("#pantry-expires", (today() + datetime.timedelta(days=3)).isoformat())
        self.find("#pantry-location").send_keys("fridge")
        self.find("#pantry-add button[type='submit']").click()
        self.wait_text("#pantry-status", lambda text: text.startswith("Added 2 lb chicken thighs"))
        item = self.find(".location-group .pantry-item")
        self.assertIn("chicken thighs", item.find_element(By.CSS_SELECTOR, ".item-name").text)
        self.assertEqual(item.find_element(By.CSS_SELECTOR, ".item-amount").text, "2 lb")
        badge = item.find_element(By.CSS_SELECTOR, ".badge")
        self.assertEqual(badge.text, "expires in 3 days")
        self.assertIn("soon", badge.get_attribute("class"))
        self.assertEqual(self.text(".location-group h2").split()[0], "Fridge")
        # Focus is back in the box, ready for the next line; Enter adds it.
        self.assertEqual(self.driver.switch_to.active_element.get_attribute("id"), "pantry-line")
        self.driver.switch_to.active_element.send_keys("1 bag frozen peas", Keys.ENTER)
        self.wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, ".pantry-item")) == 2)
        # Something already expired, added through the API, reads "expired 2 days ago".
        api("/api/v1/pantry", "POST", {
            "line": "1 cup milk", "expiresOn": (today() - datetime.timedelta(days=2)).isoformat()})
        self.open("/pantry")
        self.find("#pantry-order label:nth-of-type(2)").click()  # soonest expiry
        first = self.find("#pantry-items .pantry-item")
        self.assertIn("milk", first.text)
        self.assertEqual(first.find_element(By.CSS_SELECTOR, ".badge").text, "expired 2 days ago")
        self.screenshot("pantry")
        # Edit the amount.
        chicken = [row for row in self.find_all(".pantry-item") if "chicken" in row.text][0]
        chicken.find_element(By.XPATH, ".//button[text()='Edit']").click()
        amount = self.find(".pantry-item.editing input[type='number']")
        amount.clear()
        amount.send_keys("3")
        self.find(".pantry-item.editing button[type='submit']").click()
        self.wait_text("#pantry-status", lambda text: text.startswith("Saved"))
        self.assertTrue(any(row.text.startswith("chicken thighs\n3 lb") or "3 lb" in row.text
                            for row in self.find_all(".pantry-item") if "chicken" in row.text))
        # Remove the milk.
        milk = [row for row in self.find_all(".pantry-item") if "milk" in row.text][0]
        milk.find_element(By.XPATH, ".//button[text()='Remove']").click()
        self.wait_text("#pantry-status", lambda text: text == "Removed milk.")
        self.assertEqual(len(api("/api/v1/pantry")["items"]), 2)
        # Use it up: recipes for what the pantry holds.
        self.find("#use-it-up").click()
        self.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#use-it-up-results .card"))
        self.assertEqual(self.text("#use-it-up-h"), "Use up the chicken thighs")
        self.assertIn("hicken", self.text("#use-it-up-results .card h3"))
        self.screenshot("pantry-use-it-up")

    def test_cook_page_shows_the_foods_from_the_pantry_page(self):
        api("/api/v1/pantry", "POST", {"line": "6 eggs"})
        api("/api/v1/pantry", "POST", {"line": "1 l milk"})
        self.open("/")
        # One pantry: the Pantry page's items are the Cook page's chips, with their amounts.
        self.wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#pantry-chips li")) == 2)
        chips = self.text("#pantry-chips")
        self.assertIn("egg", chips)
        self.assertIn("milk", chips)
        self.assertFalse(self.find("#pantry-empty").is_displayed())

    def test_cook_page_uses_the_stored_pantry_in_use_it_up_mode(self):
        for line in ["6 eggs", "1 kg all-purpose flour", "250 g unsalted butter", "500 g sugar",
                     "1 tin baking powder", "1 box baking soda", "1 bottle vanilla extract"]:
            api("/api/v1/pantry", "POST", {"line": line})
        api("/api/v1/pantry", "POST", {
            "line": "1 l buttermilk",
            "expiresOn": (today() + datetime.timedelta(days=1)).isoformat()})
        self.open("/?useItUp=true")
        self.find("#missing-choice label:nth-of-type(2)").click()  # missing 1
        self.wait_text("#cook-status", lambda text: "From your stored pantry" in text)
        # Nothing typed on this page: the stored pantry (with the buttermilk about to go off)
        # makes the pancakes, which need nothing more.
        self.assertIn("Buttermilk Pancakes", self.text("#cook-results .card h3"))


class MealPlanPage(PlanningTestCase):
    def test_planning_a_recipe_shows_the_days_total_time(self):
        self.open("/plan")
        self.pick_recipe("#plan-recipe", "buttermilk panc", "Buttermilk Pancakes")
        Select(self.find("#plan-date")).select_by_value(today().isoformat())
        Select(self.find("#plan-meal")).select_by_value("breakfast")
        self.find("#plan-servings").send_keys("4")
        self.find("#plan-add button[type='submit']").click()
        self.wait_text("#plan-status", lambda text: text.startswith("Planned Buttermilk Pancakes"))
        day = self.find(f".plan-day[data-date='{today().isoformat()}']")
        self.assertIn("Buttermilk Pancakes", day.text)
        self.assertIn("4 servings", day.text)
        self.assertEqual(day.find_element(By.CSS_SELECTOR, ".day-total").text.split("\n")[-1], "35 min")
        # The day and the week say what one serving of each meal holds, as the API works it out.
        nutrition = api(f"/api/v1/plan/week?date={today().isoformat()}")["nutrition"]["perPerson"]
        kcal = f"{round(nutrition['energyKcal']):,} kcal"
        self.wait_text(f".plan-day[data-date='{today().isoformat()}'] .day-nutrition",
                       lambda text: kcal in text and "protein" in text)
        self.wait_text("#plan-nutrition", lambda text: text.startswith("This week, one serving of each meal:")
                       and kcal in text)
        # A second recipe the same day adds its time.
        recipe = self.recipe_id("hummus")
        minutes = api("/api/v1/plan", "POST", {"date": today().isoformat(), "meal": "lunch",
                                                 "recipe": recipe})["totalMinutes"]
        self.open("/plan")
        total = self.find(f".plan-day[data-date='{today().isoformat()}'] .day-total").text.split("\n")[-1]
        self.assertEqual(total, self.expected_total(35 + (minutes or 0)))
        self.screenshot("plan")
        # The list view shows only days with meals.
        self.find("#plan-view label:nth-of-type(2)").click()
        self.wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, ".plan-days.list .plan-day")) == 1)
        self.screenshot("plan-list")
        self.find("#plan-view label:nth-of-type(1)").click()
        # Next week is empty; back again.
        self.find("#week-next").click()
        self.wait(lambda d: "Buttermilk" not in d.find_element(By.ID, "plan-days").text)
        self.find("#week-today").click()
        self.wait(lambda d: "Buttermilk" in d.find_element(By.ID, "plan-days").text)
        # Remove the hummus.
        hummus = [row for row in self.find_all(".plan-entry") if "Hummus" in row.text][0]
        hummus.find_element(By.CSS_SELECTOR, "button.remove").click()
        self.wait_text("#plan-status", lambda text: text.startswith("Removed Hummus"))
        self.assertEqual(len(self.find_all(".plan-entry")), 1)
        # Focus stays on the day, on the meal left.
        self.assertIn("Buttermilk Pancakes", self.driver.switch_to.active_element.get_attribute("aria-label"))

    @staticmethod
    def expected_total(minutes):
        hours, rest = divmod(minutes, 60)
        if not hours:
            return f"{rest} min"
        return f"{hours} hr {rest} min" if rest else f"{hours} hr"

    def test_fill_my_week_suggestions_can_be_accepted(self):
        self.open("/plan")
        self.find("#plan-fill").click()
        self.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#fill-results .fill-item"))
        planned_before = len(self.find_all(".plan-entry"))
        self.find("#fill-results .fill-item button").click()
        self.wait_text("#plan-status", lambda text: text.startswith("Planned"))
        self.assertEqual(len(self.find_all(".plan-entry")), planned_before + 1)
        self.screenshot("plan-fill")


class ShoppingListPage(PlanningTestCase):
    def plan_pancakes_with_some_flour_at_home(self):
        recipe = self.recipe_id("buttermilk pancakes")
        api("/api/v1/plan", "POST", {"date": today().isoformat(), "meal": "breakfast",
                                      "recipe": recipe, "servings": 4})
        api("/api/v1/pantry", "POST", {"line": "1 cup all-purpose flour"})

    def line_texts(self):
        return self.driver.execute_script(
            "return [...document.querySelectorAll('.list-line .line-text')].map(n => n.textContent)")

    def line(self, text):
        """The row of a line, by its text."""
        for row in self.find_all(".list-line"):
            if row.find_element(By.CSS_SELECTOR, ".line-text").text == text:
                return row
        self.fail(f"no line {text!r} in {self.line_texts()}")

    def test_list_from_the_plan_merges_groups_and_takes_off_the_pantry(self):
        self.plan_pancakes_with_some_flour_at_home()
        self.open("/plan")
        self.find("#plan-to-list").click()
        self.wait(lambda d: d.current_url.split("?")[0].endswith("/list"))
        self.wait_ready()
        self.wait(lambda d: d.find_elements(By.CSS_SELECTOR, ".list-line"))
        aisles = [heading.text for heading in self.find_all(".aisle-group h2")]
        self.assertIn("Dairy & eggs", aisles)
        self.assertIn("Baking", aisles)
        lines = self.line_texts()
        # The recipe asks for 2 cups of flour; the pantry has 1 cup, so buy the rest.
        self.assertIn("1 cup all-purpose flour", lines)
        flour = self.line("1 cup all-purpose flour")
        self.assertIn("you have 1 cup", flour.text)
        self.assertIn("for Buttermilk Pancakes", flour.text)
        baking = [group for group in self.find_all(".aisle-group")
                  if group.find_element(By.TAG_NAME, "h2").text == "Baking"][0]
        self.assertIn("1 cup all-purpose flour", baking.text)
        # Staples are hidden until asked for.
        self.assertFalse(any("salt" == text.split()[-1] for text in lines))
        count = len(lines)
        self.find("label.check").click()
        self.wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, ".list-line")) > count)
        self.assertTrue(self.find_all(".list-line.staple"))
        self.find("label.check").click()
        self.wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, ".list-line")) == count)
        self.screenshot("list")
        # A manual line.
        self.find("#list-line").send_keys("2 lemons", Keys.ENTER)
        self.wait(lambda d: "2 lemons" in self.line_texts())
        self.assertIn("added by hand", self.line("2 lemons").text)
        # Print: just the list.
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
        self.assertFalse(self.find("#list-tools").is_displayed())
        self.assertFalse(self.find("header.top").is_displayed())
        self.assertTrue(self.find(".list-groups").is_displayed())
        self.screenshot("list-print")
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
        # Share falls back to the clipboard (or shows the text) without the Web Share API.
        self.find("#list-share").click()
        self.wait_text("#list-status", lambda text: "Copied" in text or "as text" in text or text == "Shared.")

    def test_checking_a_line_and_moving_checked_lines_to_the_pantry(self):
        self.plan_pancakes_with_some_flour_at_home()
        api("/api/v1/shopping-list/generate", "POST",
            {"from": today().isoformat(), "to": today().isoformat(), "staples": True})
        self.open("/list")
        self.wait(lambda d: d.find_elements(By.CSS_SELECTOR, ".list-line"))
        buttermilk = self.line("2 cups buttermilk")
        self.assertTrue(self.find("#list-to-pantry").get_attribute("disabled"))
        buttermilk.find_element(By.CSS_SELECTOR, "label").click()
        self.wait_text("#list-status", lambda text: text == "Checked 2 cups buttermilk.")
        checked = [item for group in api("/api/v1/shopping-list")["groups"] for item in group["items"]
                   if item["isChecked"]]
        self.assertEqual([item["name"] for item in checked], ["buttermilk"])
        # Checks are kept by the server.
        self.open("/list")
        self.wait(lambda d: d.find_elements(By.CSS_SELECTOR, ".list-line.checked"))
        self.assertIn("1 checked", self.text("#list-count"))
        self.find("#list-to-pantry").click()
        # Moving asks, optionally, when what is moved expires.
        expiry = self.find("#list-to-pantry-expiry")
        self.assertTrue(expiry.is_displayed())
        self.assertEqual(self.driver.switch_to.active_element, expiry)
        use_by = (today() + datetime.timedelta(days=5)).isoformat()
        self.driver.execute_script("arguments[0].value = arguments[1]", expiry, use_by)
        self.screenshot("list-to-pantry-expiry")
        self.find("#list-to-pantry-form button[type=submit]").click()
        self.wait_text("#list-status", lambda text: text.startswith("Moved 1 item to the pantry"))
        self.assertFalse(self.find("#list-to-pantry-form").is_displayed())
        self.assertNotIn("2 cups buttermilk", self.line_texts())
        pantry = {item["name"]: item for item in api("/api/v1/pantry")["items"]}
        self.assertIn("buttermilk", pantry)
        self.assertEqual(pantry["buttermilk"]["amountText"], "2 cups")
        self.assertEqual(pantry["buttermilk"]["expiresOn"], use_by)
        # Removing a line by keyboard moves focus to the line that took its place.
        eggs = self.line("2 eggs").find_element(By.CSS_SELECTOR, "button.remove")
        eggs.send_keys(Keys.ENTER)
        self.wait_text("#list-status", lambda text: text == "Removed 2 eggs.")
        self.assertEqual(self.driver.switch_to.active_element.get_attribute("type"), "checkbox")
        # The dark theme.
        self.driver.execute_script(
            "localStorage.setItem('larder.settings', JSON.stringify({theme: 'dark'}))")
        self.open("/list")
        self.screenshot("list-dark")

    def test_list_from_chosen_recipes_at_chosen_servings(self):
        self.open("/list")
        self.assertTrue(self.find("#list-generate").get_attribute("open"))
        self.pick_recipe("#gen-recipe", "buttermilk panc", "")
        servings = self.find(".chosen-recipe input")
        servings.clear()
        servings.send_keys("8")
        self.find("#gen-recipes-submit").click()
        self.wait_text("#list-status", lambda text: text.startswith("Made the list from Buttermilk Pancakes"))
        self.assertIn("4 cups buttermilk", self.line_texts())


if __name__ == "__main__":
    unittest.main()
