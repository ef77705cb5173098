"""The components every page shares, in a real (headless) Chromium: the one autocomplete has the
same keyboard behaviour on the Cook page and the Plan page, and a recipe card is the same card
(markup, heading level and fields) in the server-rendered library, the library's script and the
Cook page's results."""

import unittest
import urllib.parse
import urllib.request
from html.parser import HTMLParser

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser import fetch, BASE, BrowserTestCase

VOID = {"img", "input", "br", "meta", "link", "hr"}

# An element's outline as [tag, class, data-card, text of a leaf], in document order; the
# extras a page adds to a card (the Cook page's "have" line and tip) left out.
OUTLINE_JS = """
const card = arguments[0];
return [card, ...card.querySelectorAll('*')]
  .filter((node) => !node.closest('.have-line, .hint'))
  .map((node) => [node.tagName.toLowerCase(), node.getAttribute('class') || '',
    node.dataset.card || '', node.children.length ? '' : node.textContent.trim()]);
"""


class CardOutline(HTMLParser):
    """The outlines of the cards in server-rendered HTML, as OUTLINE_JS makes them."""

    def __init__(self):
        super().__init__()
        self.stack = []
        self.cards = []

    def handle_starttag(self, tag, attrs):
        if tag == "template":  # the template scripts clone is not a card on the page
            self.in_template = True
        if getattr(self, "in_template", False):
            return
        attributes = dict(attrs)
        node = {"tag": tag, "class": attributes.get("class") or "", "card": attributes.get("data-card") or "",
                "text": "", "children": []}
        if self.stack:
            self.stack[-1]["children"].append(node)
        elif tag == "li" and node["class"] == "card":
            self.cards.append(node)
        else:
            return
        if tag not in VOID:
            self.stack.append(node)

    def handle_endtag(self, tag):
        if tag == "template":
            self.in_template = False
        if self.stack and tag not in VOID:
            self.stack.pop()

    def handle_data(self, data):
        if self.stack:
            self.stack[-1]["text"] += data

    def outline(self):
        def walk(node):
            yield [node["tag"], node["class"], node["card"], "" if node["children"] else node["text"].strip()]
            for child in node["children"]:
                yield from walk(child)
        return [list(walk(card)) for card in self.cards]


class Autocomplete(BrowserTestCase):
    def check_keyboard(self, input_css, typed):
        """Types into a combobox, then moves, wraps, closes, reopens and picks by keyboard;
        answers the picked option's text."""
        box = self.find(input_css)
        listbox_id = box.get_attribute("aria-controls")
        options_css = f"#{listbox_id} [role='option']:not([aria-disabled])"
        self.assertEqual(box.get_attribute("role"), "combobox")
        self.assertEqual(self.find(f"#{listbox_id}").get_attribute("role"), "listbox")
        box.send_keys(typed)
        self.wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, options_css)) >= 2,
                  message=f"two suggestions for {typed}")
        options = self.find_all(options_css)
        ids = [option.get_attribute("id") for option in options]

        def active():
            return box.get_attribute("aria-activedescendant")

        def selected():
            return [option.get_attribute("id") for option in self.find_all(options_css)
                    if option.get_attribute("aria-selected") == "true"]

        self.assertEqual(box.get_attribute("aria-expanded"), "true")
        self.assertEqual(active(), ids[0], "the first suggestion starts highlighted")
        box.send_keys(Keys.ARROW_DOWN)
        self.assertEqual(active(), ids[1])
        self.assertEqual(selected(), [ids[1]])
        box.send_keys(Keys.ARROW_UP)
        self.assertEqual(active(), ids[0])
        box.send_keys(Keys.ARROW_UP)
        self.assertEqual(active(), ids[-1], "ArrowUp on the first wraps to the last")
        box.send_keys(Keys.ARROW_DOWN)
        self.assertEqual(active(), ids[0], "ArrowDown on the last wraps to the first")
        box.send_keys(Keys.ESCAPE)
        self.assertEqual(box.get_attribute("aria-expanded"), "false")
        self.assertFalse(self.find(f"#{listbox_id}").is_displayed())
        self.assertIsNone(active())
        box.send_keys(Keys.ARROW_DOWN)  # opens the list again
        self.wait(lambda d: box.get_attribute("aria-expanded") == "true", message="reopened")
        self.wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, options_css)) == len(ids))
        box.send_keys(Keys.ARROW_DOWN)
        self.assertEqual(active(), ids[1])
        picked = self.find(f"#{ids[1]}").text
        box.send_keys(Keys.ENTER)
        self.wait(lambda d: box.get_attribute("aria-expanded") == "false", message="closed on Enter")
        return picked

    def test_the_cook_pages_food_box(self):
        self.open("/")
        picked = self.check_keyboard("#food-input", "egg")
        name = picked.split(" (")[0].split(" — ")[0]
        self.wait(lambda d: name in d.execute_script(
            "return [...document.querySelectorAll('#pantry-chips .chip > span:first-child')]"
            ".map((s) => s.textContent)"),
                  message=f"chip {name}")
        self.assertEqual(self.find("#food-input").get_attribute("value"), "")

    def test_the_plan_pages_recipe_box(self):
        self.open("/plan")
        picked = self.check_keyboard("#plan-recipe", "soup")
        name = picked.split(" · ")[0]
        box = self.find("#plan-recipe")
        self.assertEqual(box.get_attribute("value"), name)
        self.assertTrue(box.get_attribute("data-recipe-id"))


class RecipeCard(BrowserTestCase):
    def server_outlines(self, name):
        query = urllib.parse.urlencode({"q": name})
        parser = CardOutline()
        parser.feed(fetch(f"/library?{query}"))
        outlines = parser.outline()
        self.assertTrue(outlines, f"no server card for {name}")
        return outlines

    def test_a_card_is_the_same_in_the_library_and_the_cook_results(self):
        self.open("/")
        self.find("#missing-choice label:nth-of-type(3)").click()  # missing 2
        box = self.find("#food-input")
        box.send_keys("egg")
        self.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#food-suggestions .suggestion"))
        box.send_keys(Keys.ENTER)
        self.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#cook-results .card .have-line"),
                  message="cook results")
        cook_card = self.find("#cook-results .card")
        name = cook_card.find_element(By.CSS_SELECTOR, "h3").text.replace("★", "").strip()
        cook = self.driver.execute_script(OUTLINE_JS, cook_card)
        self.assertEqual(cook[3][:3], ["div", "card-body", ""])
        self.assertIn(["h3", "", "heading", name], cook, "the card's heading is an h3 with the name")

        # The same recipe's card as the server renders it, with no script at all.
        served = self.server_outlines(name)
        self.assertIn(cook, served, "the Cook page's card matches the server's library card")

        # And as the library's script renders it.
        self.open("/library?" + urllib.parse.urlencode({"q": name}))
        cards = self.find_all("#library-results .card")
        scripted = [self.driver.execute_script(OUTLINE_JS, card) for card in cards]
        self.assertIn(cook, scripted, "the library's card matches the Cook page's card")


if __name__ == "__main__":
    unittest.main()
