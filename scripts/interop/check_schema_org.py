"""Larder's recipe pages and share pages read back by recipe clippers.

A `larder serve` on a scratch database holds the starter recipes and a recipe of hard fields
(a title that tries to end the script element, ampersands, sections, nutrition, an image).
Every recipe page, a share page of one recipe and a collection's recipe page are read with
recipe-scrapers (what Mealie, Tandoor and KitchenOwl clip with; `scrape_html` with
`supported_only=False`, as for any site it has no scraper of its own for) and with Larder's
own extractor (`larder extract`): every field each reads must equal the recipe.

Usage: check_schema_org.py LARDER_BINARY STARTER_RECIPES_FOLDER
"""

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

from recipe_scrapers import scrape_html
from recipe_scrapers._utils import get_yields

from larder import Larder

# Posted through the API, so its text is stored as it is: ampersands, quotes, an apostrophe,
# accents, sections, nutrition, a remote image, yield wording.
HARD_RECIPE = {
    "name": "Mac & Cheese for \"Two\" — Grandma's",
    "description": "Rich & creamy, \"quoted\" & more.",
    "author": "A. Cook & Sons",
    "images": ["https://images.example.com/mac.jpg"],
    "yield": {"servings": 4, "text": "4 bowls"},
    "prepTime": "PT15M",
    "cookTime": "PT1H5M",
    "courses": ["Dinner", "Main"],
    "cuisines": ["American"],
    "keywords": ["pasta", "cheese & more", "comfort food"],
    "nutrition": {"calories": "640 kcal", "fatContent": "32 g", "proteinContent": "25 g"},
    "ingredientSections": [
        {"title": "For the pasta", "lines": [{"text": "300 g macaroni"}, {"text": "1 tbsp salt"}]},
        {"title": "For the sauce", "lines": [
            {"text": "50 g butter"}, {"text": "2 cups whole milk"},
            {"text": "200 g Cheddar & Gruyère, grated"}]},
    ],
    "instructionSections": [
        {"title": "Pasta", "steps": [{"text": "Boil the macaroni in salted water & drain."}]},
        {"title": "Sauce", "steps": [{"text": "Melt the butter, whisk in the milk."},
                                     {"text": "Stir in the cheese until smooth."}]},
    ],
}

# A title that tries to end the JSON-LD element and start a script of its own. Clippers strip
# tags from text (schema.org text may hold HTML), so this one is checked for its element only.
HOSTILE_NAME = "</script><script>alert(1)</script> Soup"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Server:
    """`larder serve` on the scratch database, signed in as its first owner."""

    def __init__(self, larder):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = open(os.path.join(larder.folder, "server.log"), "w+")
        self.process = subprocess.Popen(
            [larder.binary, "serve", "--db", larder.database, "--port", str(self.port)],
            stdout=self.log, stderr=subprocess.STDOUT, env=larder.environment)
        for _ in range(300):
            try:
                urllib.request.urlopen(self.base + "/api/v1/health")
                break
            except OSError:
                time.sleep(0.1)
        self.log.seek(0)
        match = re.search(r"setup\?code=([A-Za-z0-9_-]+)", self.log.read())
        if not match:
            self.stop()
            raise SystemExit("error: the server printed no setup code")
        form = urllib.parse.urlencode({"displayName": "Interop", "login": "interop",
                                       "password": "interop checks", "confirm": "interop checks",
                                       "code": match.group(1)}).encode()
        request = urllib.request.Request(self.base + "/setup", data=form, method="POST")
        self.session = None
        try:
            urllib.request.build_opener(NoRedirect).open(request)
        except urllib.error.HTTPError as answer:
            cookie = answer.headers.get("Set-Cookie", "")
            if answer.code == 303 and cookie.startswith("larder_session="):
                self.session = cookie.split(";")[0]
        if self.session is None:
            self.stop()
            raise SystemExit("error: setting up the first account did not sign in")

    def get(self, path, signed_in=True):
        request = urllib.request.Request(self.base + path)
        if signed_in:
            request.add_header("Cookie", self.session)
        with urllib.request.urlopen(request) as answer:
            return answer.read().decode("utf-8")

    def post_json(self, path, body):
        request = urllib.request.Request(
            self.base + path, data=json.dumps(body).encode(), method="POST",
            headers={"Content-Type": "application/json", "Cookie": self.session})
        with urllib.request.urlopen(request) as answer:
            return json.load(answer)

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


def minutes(duration):
    """Whole minutes of an ISO 8601 duration as Larder writes them (PT1H5M), or None."""
    if not duration:
        return None
    match = re.fullmatch(r"P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?", duration)
    days, hours, mins, secs = (int(part or 0) for part in match.groups())
    return days * 1440 + hours * 60 + mins + (1 if secs else 0)


def flat_ingredients(recipe):
    """The ingredient lines as recipeIngredient lists them: each section's title as "Title:"."""
    lines = []
    for section in recipe["ingredientSections"]:
        if section.get("title"):
            lines.append(section["title"] + ":")
        lines += [line["text"] for line in section["lines"]]
    return lines


def effective_total(recipe):
    total = minutes(recipe.get("totalTime"))
    if total:
        return total
    prep, cook = minutes(recipe.get("prepTime")), minutes(recipe.get("cookTime"))
    return None if prep is None and cook is None else (prep or 0) + (cook or 0)


def scraped(html, url):
    """The fields recipe-scrapers reads, each None when it reads none."""
    scraper = scrape_html(html, org_url=url, supported_only=False)
    fields = {}
    for name in ["title", "description", "author", "image", "yields", "prep_time", "cook_time",
                 "total_time", "ingredients", "instructions_list", "keywords", "cuisine",
                 "category", "nutrients"]:
        try:
            fields[name] = getattr(scraper, name)()
        except Exception:  # recipe-scrapers raises a different error per missing field
            fields[name] = None
    return fields


def compare(label, recipe, page_url, html, image, larder, expect_source):
    """Failures of recipe-scrapers' and Larder's readings of `html` against `recipe`."""
    failures = []

    def check(field, got, expected):
        if got != expected:
            failures.append(f"{label}: {field}: read {got!r}, expected {expected!r}")

    # One JSON-LD element, whole: the recipe's text ("</script>" in its name) ends nothing.
    blocks = re.findall(r'<script type="application/ld\+json">(.*?)</script>', html, re.S)
    if len(blocks) != 1 or "<script>alert" in html:
        failures.append(f"{label}: {len(blocks)} JSON-LD elements, or text broke out of one")
    else:
        check("JSON-LD name", json.loads(blocks[0]).get("name"), recipe["name"])

    scrapers = scraped(html, page_url)
    check("recipe-scrapers title", scrapers["title"], recipe["name"])
    check("recipe-scrapers description", scrapers["description"],
          recipe.get("description"))
    check("recipe-scrapers author", scrapers["author"], recipe.get("author"))
    check("recipe-scrapers image", scrapers["image"], image)
    check("recipe-scrapers prep_time", scrapers["prep_time"],
          minutes(recipe.get("prepTime")) or None)
    check("recipe-scrapers cook_time", scrapers["cook_time"],
          minutes(recipe.get("cookTime")) or None)
    check("recipe-scrapers total_time", scrapers["total_time"], effective_total(recipe))
    check("recipe-scrapers ingredients", scrapers["ingredients"], flat_ingredients(recipe))
    # recipe-scrapers lists a HowToSection's name before its steps.
    steps = []
    for section in recipe["instructionSections"]:
        steps += ([section["title"]] if section.get("title") else [])
        steps += [step["text"] for step in section["steps"]]
    check("recipe-scrapers instructions_list", scrapers["instructions_list"], steps)
    check("recipe-scrapers keywords", scrapers["keywords"], recipe["keywords"] or None)
    check("recipe-scrapers cuisine", scrapers["cuisine"], ",".join(recipe["cuisines"]) or None)
    check("recipe-scrapers category", scrapers["category"], ",".join(recipe["courses"]) or None)
    nutrition = {key: value for key, value in (recipe.get("nutrition") or {}).items()}
    check("recipe-scrapers nutrients", scrapers["nutrients"] or {}, nutrition)
    # recipe-scrapers reduces a yield to "4 servings", "12 items" and the like, preferring the
    # wording with a unit it knows: it must read the servings and the wording the page shows
    # ("Makes"), as it reduces them.
    yield_ = recipe.get("yield") or {}
    given = []
    if yield_.get("servings") is not None:
        servings = yield_["servings"]
        given.append(str(int(servings)) if float(servings).is_integer() else str(servings))
    if yield_.get("text") and yield_["text"] not in given:
        given.append(yield_["text"])
    check("recipe-scrapers yields", scrapers["yields"], get_yields(given) if given else None)

    # Larder's extractor prints what it read as schema.org JSON-LD, through the same writer as
    # `larder export`: the export of the recipe is what it must read.
    output = larder.run("extract", "-", "--url", page_url, stdin=html, json_output=True)
    extraction = json.loads(output)
    check("Larder extract method", extraction.get("method"), "jsonLD")
    found = extraction["recipes"][0]
    exported = json.loads(larder.run("export", "--format", "jsonld", recipe["id"]))
    for field in ["name", "description", "author", "recipeYield", "recipeIngredient",
                  "recipeInstructions", "keywords", "recipeCategory", "recipeCuisine",
                  "suitableForDiet", "nutrition"]:
        check(f"Larder extract {field}", found.get(field), exported.get(field))
    # A time of nothing is not shown, so not given.
    for field in ["prepTime", "cookTime"]:
        check(f"Larder extract {field}", found.get(field),
              None if exported.get(field) == "PT0M" else exported.get(field))
    check("Larder extract totalTime", minutes(found.get("totalTime")), effective_total(recipe))
    check("Larder extract image", found.get("image"), [image] if image else None)
    # With no source named, the page's own address is the source of what is clipped from it.
    check("Larder extract url", found.get("url"),
          (recipe.get("sourceURL") if expect_source else None) or page_url)
    return failures


def main():
    binary, starters = sys.argv[1], sys.argv[2]
    larder = Larder(binary)
    larder.run("import", starters)
    server = Server(larder)
    failures, passed = [], 0
    try:
        hard_id = server.post_json("/api/v1/recipes", HARD_RECIPE)["id"]
        hostile = dict(HARD_RECIPE, name=HOSTILE_NAME)
        hostile_id = server.post_json("/api/v1/recipes", hostile)["id"]
        html = server.get(f"/recipes/{hostile_id}")
        blocks = re.findall(r'<script type="application/ld\+json">(.*?)</script>', html, re.S)
        if len(blocks) == 1 and json.loads(blocks[0])["name"] == HOSTILE_NAME \
                and "<script>alert" not in html:
            passed += 1
        else:
            failures.append(f"{HOSTILE_NAME!r}: the name broke out of the JSON-LD element")
        ids = [recipe_id for recipe_id in larder.recipe_ids() if recipe_id != hostile_id]
        if len(ids) < 65:
            raise SystemExit(f"error: expected the starter recipes and one more, found {len(ids)}")
        recipes = {recipe_id: larder.recipe(recipe_id) for recipe_id in ids}

        for recipe_id, recipe in recipes.items():
            url = f"{server.base}/recipes/{recipe_id}"
            image = f"{url}/image" if recipe["images"] else None
            found = compare(recipe["name"], recipe, url, server.get(f"/recipes/{recipe_id}"),
                            image, larder, expect_source=True)
            failures += found
            passed += not found
        # A link to one recipe, and a recipe of a collection's link, opened signed out: no
        # source link, and no image that is not kept by this Larder.
        shared = dict(recipes[hard_id], sourceURL=None)
        link = server.post_json("/api/v1/share-links", {"recipe": hard_id})["path"]
        found = compare("share link", shared, server.base + link, server.get(link, False), None,
                        larder, expect_source=False)
        failures += found
        passed += not found
        tag = recipes[ids[0]]["keywords"][0]
        collection = server.post_json("/api/v1/share-links", {"collection": tag})["path"]
        path = f"{collection}/recipes/{ids[0]}"
        found = compare("collection link", dict(recipes[ids[0]], sourceURL=None),
                        server.base + path, server.get(path, False), None, larder,
                        expect_source=False)
        failures += found
        passed += not found
    finally:
        server.stop()

    for failure in failures:
        print("FAIL " + failure)
    print(f"schema.org interop: {passed} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
