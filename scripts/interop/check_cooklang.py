"""Larder's Cooklang export read by the official parser (cooklang-rs, via cooklang-bindings).

Every starter recipe and a recipe of hard lines are exported with `larder export --format
cooklang`; for every ingredient line, the name, quantity and unit cooklang-rs reads must equal
Larder's own parse of the line (`larder ingredients parse`, in the recipe's language: a German
recipe of hard lines is exported too). Then the exported files are
imported into a fresh Larder: every recipe must come back with the same ingredient lines.

Usage: check_cooklang.py LARDER_BINARY STARTER_RECIPES_FOLDER
"""

import json
import os
import sys
from fractions import Fraction

import cooklang

from larder import Larder

# Lines that are hard to write as Cooklang: ranges, fractions, containers, no amount, no unit,
# and text that is Cooklang markup ({} @ # ~ -- [- ( ) and a backslash).
HARD_LINES = [
    "2-3 cloves garlic, crushed",
    "1 (14 oz) can chickpeas, drained and rinsed",
    "salt to taste",
    "Salt and freshly ground black pepper",
    "1 1/2 cups all-purpose flour",
    "1½ cups whole milk",
    "½ tsp fine sea salt",
    "2 ½ cups plain flour",
    "2 to 3 tbsp olive oil",
    "1/2-3/4 cup warm water",
    "3-4 tbsp. caster sugar",
    "1/3 cup brown sugar",
    "0.5 l vegetable stock",
    "1.5 kg floury potatoes",
    "3 large eggs, beaten",
    "2 eggs (large)",
    "4 lemons",
    "12 oz. spaghetti",
    "10 fl oz double cream",
    "Pinch of salt",
    "a handful of basil leaves",
    "Juice of 1 lemon",
    "1 x 400 g tin chopped tomatoes",
    "1 cup (240 ml) whole milk",
    "200 g feta, crumbled (about 1 1/2 cups)",
    "100 g dark chocolate (70%), chopped",
    "1 lb. ground beef (80/20)",
    "fresh parsley, chopped (optional)",
    "cayenne pepper, to taste",
    "oil, for frying",
    "1 tbsp olive or vegetable oil",
    "2 cups water, divided",
    "1 cup #1 grade maple syrup",
    "2 tbsp butter @ room temperature",
    "1 cup {homemade} chicken stock",
    "1 cup stock -- homemade or bought",
    "1 tsp vanilla extract [- the good stuff -]",
    "6 ~ 8 mushrooms",
    "2 eggs \\ beaten",
    "1 sprig rosemary (leaves only) (optional)",
    "= 2 cups rice",
    "> 1 cup flour",
]

# A German recipe's lines, exported from their German parse: decimal commas, German units, a
# unit word that names the food, a food after its amount and a note.
GERMAN_LINES = [
    "2,5 EL Olivenöl",
    "500 g Mehl",
    "2 Knoblauchzehen",
    "1 Prise Salz",
    "100 g Butter, weich",
    "1 Dose Tomaten",
    "1-2 TL Zucker",
    "3 Eier",
    "Salz und Pfeffer",
]


def number(text):
    """A cooklang-rs amount as written ("1 1/2", "3/4", "2") as a number."""
    return float(sum(Fraction(part) for part in text.split()))


def official_amount(quantity):
    """(low, high, unit) of a cooklang-bindings quantity."""
    if quantity is None:
        return None, None, None
    value = quantity.value
    if isinstance(value, (int, float)):
        return float(value), None, quantity.unit
    if hasattr(value, "start"):
        return float(value.start), float(value.end), quantity.unit
    if isinstance(value, str) and value.replace(",", "", 1).isdigit():
        # A decimal comma ("2,5"), which cooklang-rs keeps as text.
        return float(value.replace(",", ".")), None, quantity.unit
    if isinstance(value, str) and "-" in value:
        low, high = value.split("-", 1)
        try:
            return number(low), number(high), quantity.unit
        except (ValueError, ZeroDivisionError):
            pass
    return ("text", value), None, quantity.unit


def larder_amount(parse):
    """(low, high, unit) of Larder's parse, as Cooklang can carry it: a unit needs a number
    ({%pinch} is an error in cooklang-rs), so a unit without one is not carried, and a unit
    word that names the food ("2 Knoblauchzehen": no span of its own) is the food's count."""
    if parse["quantity"] is None:
        return None, None, None
    unit = parse["unitText"] or parse["unit"]
    spans = parse.get("spans") or {}
    if parse["unit"] and "unit" not in spans:
        name = (parse["name"] or "").lower()
        written = (parse["unitText"] or "").lower()
        if written and (name == written or name.startswith(written + " ")):
            unit = None
    return float(parse["quantity"]), parse["quantityMax"], unit


def written_name(parse):
    """The name span's own words (spans count UTF-16 code units), or None."""
    span = (parse.get("spans") or {}).get("name")
    if not span:
        return None
    units = parse["input"].encode("utf-16-le")
    return units[2 * span["start"]:2 * span["end"]].decode("utf-16-le", errors="replace")


def close(a, b):
    if a is None or b is None:
        return a is b
    if isinstance(a, tuple) or isinstance(b, tuple):
        return a == b
    return abs(a - b) <= 1e-9 * max(1.0, abs(a))


def main():
    binary, starters = sys.argv[1], sys.argv[2]
    larder = Larder(binary)
    larder.run("import", starters)
    hard = os.path.join(larder.folder, "hard-lines.jsonld")
    with open(hard, "w") as file:
        json.dump({"@context": "https://schema.org", "@type": "Recipe",
                   "name": "Hard Lines", "recipeIngredient": HARD_LINES,
                   "recipeInstructions": ["Mix it all."]}, file)
    larder.run("import", hard)
    german = os.path.join(larder.folder, "harte-zeilen.jsonld")
    with open(german, "w") as file:
        json.dump({"@context": "https://schema.org", "@type": "Recipe", "inLanguage": "de",
                   "name": "Harte Zeilen", "recipeIngredient": GERMAN_LINES,
                   "recipeInstructions": ["Alles verrühren."]}, file)
    larder.run("import", german)

    passed, failures, recipes = 0, [], {}
    ids = larder.recipe_ids()
    if len(ids) < 66:
        raise SystemExit("error: expected the 64 starter recipes, Hard Lines and Harte Zeilen, "
                         f"found {len(ids)}")
    cook_folder = os.path.join(larder.folder, "cook")
    os.makedirs(cook_folder)
    for recipe_id in ids:
        recipe = larder.recipe(recipe_id)
        lines = [line["text"] for section in recipe["ingredientSections"]
                 for line in section["lines"]]
        recipes[recipe["name"]] = [(section.get("title"), [line["text"] for line in section["lines"]])
                                   for section in recipe["ingredientSections"]]
        source = larder.run("export", "--format", "cooklang", recipe_id)
        with open(os.path.join(cook_folder, recipe_id + ".cook"), "w") as file:
            file.write(source)
        official = cooklang.parse(source).ingredients
        parses = larder.parse_lines(lines, recipe.get("language"))
        if len(official) != len(lines):
            failures.append(f"{recipe['name']}: {len(lines)} lines but cooklang-rs read "
                            f"{len(official)} ingredients")
            continue
        for line, parse, ingredient in zip(lines, parses, official):
            expected_name = parse["name"] or line
            # The export writes the name in the line's own words ("whole cloves") where the
            # parse names the food with its piece words in the singular ("whole clove").
            names = {expected_name, written_name(parse) or expected_name}
            expected = larder_amount(parse)
            got = official_amount(ingredient.quantity)
            if (ingredient.name in names and close(got[0], expected[0])
                    and close(got[1], expected[1]) and got[2] == expected[2]):
                passed += 1
            else:
                failures.append(
                    f"{recipe['name']}: {line!r}\n    Larder:      name={expected_name!r} "
                    f"amount={expected}\n    cooklang-rs: name={ingredient.name!r} amount={got}")

    # Larder reads its own export back line for line.
    again = Larder(binary)
    again.run("import", cook_folder)
    read_back = {}
    for recipe_id in again.recipe_ids():
        recipe = again.recipe(recipe_id)
        read_back[recipe["name"]] = [
            (section.get("title"), [line["text"] for line in section["lines"]])
            for section in recipe["ingredientSections"]]
    for name, sections in recipes.items():
        if read_back.get(name) == sections:
            passed += 1
        else:
            failures.append(f"{name}: read back from its Cooklang export as "
                            f"{read_back.get(name)!r}, not {sections!r}")

    for failure in failures:
        print("FAIL " + failure)
    print(f"cooklang interop: {passed} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
