#!/usr/bin/env python3
"""Writes the hand-made seeds of fuzz/corpus/<target>/ (small synthetic inputs, nothing copied).

Minimized crashers found by fuzzing are added next to them by hand (crash-<what>), and kept.
Run from the repository root: python3 scripts/fuzz-seeds.py
"""
import gzip, io, json, os, zipfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fuzz", "corpus")

def put(target, name, data):
    folder = os.path.join(ROOT, target)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data.encode() if isinstance(data, str) else data)

def gz(data):
    out = io.BytesIO()
    with gzip.GzipFile(fileobj=out, mode="wb", mtime=0) as f:
        f.write(data.encode() if isinstance(data, str) else data)
    return out.getvalue()

def zipped(members, compression=zipfile.ZIP_DEFLATED):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression) as z:
        for name, data in members:
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = compression
            z.writestr(info, data)
    return out.getvalue()

for i, line in enumerate([
    "2 cups flour", "1 (14 oz) can diced tomatoes, drained", "1½ tbsp olive or vegetable oil",
    "salt and pepper to taste", "For the sauce:", "150g/5½oz butter, softened",
    "2-3 cloves garlic, finely chopped (optional)", "1,5 l Milch", "a pinch of nutmeg",
    "3 large eggs, beaten, for glazing",
]):
    put("ingredient", f"seed-{i:02}", line)

for i, text in enumerate([
    "PT1H20M", "P0DT0H35M0.000S", "1 hr 20 mins", "1h20", "1½ hours", "1:20",
    "20-30 minutes", "45 minutes to 1 hour", "an hour and a half", "P1DT2H", "90 seconds",
]):
    put("duration", f"seed-{i:02}", text)

cook = """---
title: Tomato Toast
servings: 2
prep time: 5 min
---

Toast @bread{2%slices} in the #toaster{} for ~{3%minutes}.

= Topping

Rub with @garlic{1%clove} and top with @tomato{1}(sliced) and @salt{}.

> Best in summer.
"""
put("cooklang", "seed-00", cook)
put("cooklang", "seed-01", ">> servings: 4\nBoil @water{1.5%l}, add @pasta{500%g} and cook ~pasta{10%min}.\n-- a comment\nDrain [- block -] and serve.\n")
put("cooklang", "seed-02", "Mix @flour{1/2%cup} with @eggs{few} and @milk.\n\nBake in #oven for ~{20-25%minutes}.\n")

put("pasted", "seed-00", "Lemon Rice\n\nServes 4\n\nIngredients\n1 cup rice\n2 cups water\n1 lemon, zested\n\nMethod\n1. Rinse the rice.\n2. Simmer in the water for 15 minutes.\n3. Stir in the zest.\n")
put("pasted", "seed-01", "Quick Salad\n2 tomatoes\n1 cucumber\nsalt\nChop everything and toss with the salt.\n")
# Two recipes on one page, as OCR writes a photo of one (blank lines between blocks, a form feed).
put("pasted", "seed-02", "Tomato Toast\n\nIngredients\n\n2 slices bread\n1 tomato\n\nMethod\n\n1. Toast the bread.\n2. Top with tomato.\n\nPea Soup\nServes 2\n\nIngredients\n500 g peas\n\nMethod\n1. Simmer the peas.\n\x0c")

recipe = {
    "@context": "https://schema.org", "@type": "Recipe", "name": "Bean Stew",
    "recipeIngredient": ["400 g white beans", "1 onion, chopped", "2 tbsp oil"],
    "recipeInstructions": [{"@type": "HowToStep", "text": "Fry the onion."},
                           {"@type": "HowToSection", "name": "Finish",
                            "itemListElement": [{"@type": "HowToStep", "text": "Add beans."}]}],
    "prepTime": "PT10M", "cookTime": "PT40M", "recipeYield": ["4", "4 bowls"],
    "author": {"@type": "Person", "name": "A. Cook"}, "keywords": "stew, beans",
    "nutrition": {"@type": "NutritionInformation", "calories": "300 kcal"},
}
put("html", "seed-00", "<html><head><title>Bean Stew</title><script type=\"application/ld+json\">"
    + json.dumps({"@graph": [recipe]}) + "</script></head><body><h1>Bean Stew</h1></body></html>")
put("html", "seed-01", """<div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Pea Soup</h1>
<img itemprop="image" src="/p.jpg"><ul><li itemprop="recipeIngredient">500 g peas</li>
<li itemprop="recipeIngredient">1 l stock</li></ul><div itemprop="recipeInstructions">Simmer, then blend.</div>
<meta itemprop="totalTime" content="PT30M"></div>""")
put("html", "seed-02", """<div vocab="https://schema.org/" typeof="Recipe"><h2 property="name">Fig Plate</h2>
<span property="recipeIngredient">4 figs</span><span property="recipeIngredient">honey</span>
<p property="recipeInstructions">Halve and drizzle.</p></div>""")
put("html", "seed-03", """<html><body><article><h1>Carrot Salad</h1><h2>Ingredients</h2><ul>
<li>3 carrots, grated</li><li>1 tbsp lemon juice</li></ul><h2>Instructions</h2><ol>
<li>Grate the carrots.</li><li>Dress with the lemon juice.</li></ol></article></body></html>""")

put("schema-org", "seed-00", json.dumps(recipe))
put("schema-org", "seed-01", json.dumps([{"@type": "Recipe", "name": "Plain Rice", "recipeIngredient": "1 cup rice\n2 cups water", "recipeInstructions": "Boil.\nRest.", "totalTime": "25 min", "recipeYield": 2}]))

put("mealie", "seed-00", json.dumps({
    "name": "Oat Cookies", "slug": "oat-cookies", "description": "Chewy.", "recipe_yield": "12 cookies",
    "recipe_ingredient": [{"title": None, "note": "2 cups oats", "disable_amount": True},
                          {"title": "Mix-ins", "note": "1 cup raisins", "disable_amount": True}],
    "recipe_instructions": [{"title": "", "text": "Mix."}, {"title": "", "text": "Bake."}],
    "perform_time": "12 Minutes", "prep_time": None, "tags": ["cookies"], "rating": 4,
    "notes": [{"title": "Tip", "text": "Chill first."}]}))
put("mealie", "seed-01", json.dumps({
    "name": "Soup", "recipeIngredient": [{"quantity": 1, "unit": {"name": "cup"}, "food": {"name": "lentils"}, "note": ""}],
    "recipeInstructions": [{"text": "Simmer."}], "totalTime": "PT30M", "recipeYield": "4"}))

put("tandoor", "seed-00", json.dumps({
    "name": "Chili", "description": "", "keywords": [{"name": "Dinner"}], "working_time": 20,
    "waiting_time": 90, "servings": 4, "servings_text": "",
    "steps": [{"instruction": "Brown the meat.\n\nAdd beans.", "name": "",
               "ingredients": [{"food": {"name": "beef"}, "unit": {"name": "g"}, "amount": 500.0,
                                "note": "minced", "is_header": False, "no_amount": False},
                               {"food": {"name": "salt"}, "unit": None, "amount": 0, "note": "",
                                "is_header": False, "no_amount": True}]}]}))

paprika = {"name": "Potato Pancakes", "uid": "AB12CD34", "ingredients": "500 g potatoes\n1 egg",
           "directions": "Grate.\nFry.", "servings": "4", "categories": ["Snacks"], "rating": 3,
           "source": "Home", "source_url": "", "prep_time": "15 min", "cook_time": "10 min"}
put("paprika", "seed-00", json.dumps(paprika))

put("chowdown", "seed-00", """---
layout: recipe
title:  "Roast Squash"
tags: sides, autumn

ingredients:
- 1 squash
- 2 tbsp oil

directions:
- Cut the squash
- Roast for 40 mins.

---

Good with rice.
""")

put("recipe-csv", "seed-00", "Title,Ingredients,Directions,Prep Time,Servings\n\"Tea\",\"1 tea bag\n200 ml water\",\"Steep.\",5 min,1\n")
put("recipe-csv", "seed-01", "Name,Ingredients,Instructions,Tags,Url\nToast,\"1 slice bread, \"\"thick\"\"\",Toast it.,breakfast,https://example.com/t\n")
put("csv-table", "seed-00", "a,b,c\n1,\"2,3\",4\n\"x\"\"y\",,\n")
put("csv-table", "seed-01", "title;ingredients\r\nSoup;\"1 leek\r\n2 potatoes\"\r\n")

mealmaster = """MMMMM----- Recipe via Meal-Master (tm) v8.02

      Title: Buttered Toast
 Categories: Breakfast, Quick
      Yield: 1 serving

      1    Slice bread
      1 tb Butter
-----------------------------FOR THE TOP-----------------------------
      1 ts Honey

  Toast the bread, spread the butter and the honey.

MMMMM
"""
put("mealmaster", "seed-00", mealmaster)
put("mealmaster", "seed-01", "---------- Recipe via Meal-Master (tm) v8.02\n\n      Title: Dash Rice\n Categories: Old\n\n      2 c  Rice\n      4 c  Water\n\n  Boil.\n-----\n")

mastercook = """                     *  Exported from  MasterCook  *

                            Lentil Soup

Recipe By     : B. Cook
Serving Size  : 4     Preparation Time :0:45
Categories    : Soups

  Amount  Measure       Ingredient -- Preparation Method
--------  ------------  --------------------------------
   1      cup           red lentils -- rinsed
   1      quart         water
                        salt

Simmer the lentils in the water until soft. Salt.

                   - - - - - - - - - - - - - - - - - -
"""
put("mastercook-text", "seed-00", mastercook)

put("mastercook-xml", "seed-00", """<?xml version="1.0" encoding="UTF-8"?>
<mx2 source="MasterCook 6.0"><RcpE name="Baked Apples" author="C. Cook"><Serv qty="2"/>
<PrpT elapsed="0:10"/><IngR name="apples" unit="" qty="2"><IPrp>cored</IPrp></IngR>
<IngR name="sugar" unit="tablespoon" qty="1"></IngR><DirS><DirT>Fill the apples.</DirT>
<DirT>Bake 30 minutes.</DirT></DirS></RcpE></mx2>""")

put("copymethat", "seed-00", """<html><body><div class="recipe"><div id="name">Layer Bars</div>
<a id="original_link" href="https://example.com/bars">source</a><div id="description">Sweet.</div>
<ul><li class="recipeIngredient_subheader">For the base:</li><li class="recipeIngredient">200 g flour</li>
<li class="recipeIngredient">100 g butter</li></ul><ol><li class="instruction_subheader">Base</li>
<li class="instruction">Press into a tin.</li><li class="instruction">Bake.</li></ol></div></body></html>""")

zip_members = [("My Recipes/Toast.mmf", mealmaster), ("notes/readme.txt", "not a recipe"),
               ("Soup.cook", cook), ("recipe.json", json.dumps(recipe))]
put("zip", "seed-00", zipped(zip_members))
put("zip", "seed-01", zipped([("a.txt", "hello"), ("dir/", "")], zipfile.ZIP_STORED))
put("gzip", "seed-00", gz(json.dumps(paprika)))
put("gzip", "seed-01", gz(b""))

put("bulk", "seed-00", zipped([("Potato.paprikarecipe", gz(json.dumps(paprika))), ("Soup.cook", cook)]))
put("bulk", "seed-01", mealmaster)
put("bulk", "seed-02", mastercook)
put("bulk", "seed-03", json.dumps(recipe))
put("bulk", "seed-04", gz(cook))
put("bulk", "seed-05", zipped([("inner.zip", zipped([("Toast.mmf", mealmaster)]))]))
