"""The first five minutes on a phone (issue 21), at 390x844: what a newcomer typed, pasted or
pressed must reach the page and not be silently lost or broken."""

import unittest

from selenium.webdriver.common.by import By

from browser import PHONE, BrowserTestCase, api


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
        self.find("details summary").click()
        self.find("#paste-text").send_keys(self.PASTED)
        self.find("#paste-apply").click()
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
        self.find("#save").click()
        self.wait(lambda d: "/recipes/" in d.current_url and not d.current_url.endswith("/add"),
                  message="saved")
        self.wait_ready()
        recipe = api("/api/v1/recipes/" + self.driver.current_url.rsplit("/", 1)[1])
        self.assertEqual(recipe["prepTime"], "PT15M")
        self.assertEqual(recipe["cookTime"], "PT1H5M")
        self.assertEqual(recipe["notes"], "Keeps warm in a low oven.")


if __name__ == "__main__":
    unittest.main()
