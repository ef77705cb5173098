#!/usr/bin/env python3
"""Regenerates Larder's food catalog, Sources/LarderCore/Resources/foods.tsv.

Inputs (facts under their own licences, see each SOURCE.md):
  ../shared/data/ingredient-taxonomy  open-tandoor-data foods, store categories and conversions;
                                       corpora-foods word lists; ingredient-parser-fdc names
  ../shared/data/usda-sr26            FOOD_DES, FD_GROUP and WEIGHT (household measures)
  scripts/food-catalog-curated.tsv     our own curated foods, synonyms, parents and aisles
  scripts/food-pantry-kinds.tsv        our own pantry flags: groups, everyday and distinct kinds

The output is deterministic: one food per line, sorted by id. Run `make food-catalog`, or
  scripts/build-food-catalog.py [--data DIR] [--curated FILE] [--pantry-kinds FILE]
                                [--out FILE] [--sources FILE] [--report FILE]
Python 3 standard library only.
"""

import argparse
import csv
import json
import os
import re
import sys
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

AISLES = [
    "produce", "meat-seafood", "dairy-eggs", "deli", "bakery", "frozen", "pantry", "baking",
    "spices", "condiments", "oils-vinegars", "canned", "snacks", "drinks", "alcohol",
]

# ----------------------------------------------------------------------------- normalising
# These two functions must agree with FoodNormalizer.swift: the catalog is checked for
# collisions with the same keys the matcher looks up.

SPECIAL_LETTERS = {
    "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th",
    "ı": "i", "ħ": "h", "ŀ": "l",
}
APOSTROPHES = set("'’‘ʼ`´")


def fold(text):
    """Lower case, accents removed, apostrophes dropped, '&' spelled 'and'."""
    out = []
    for ch in text:
        if ch in APOSTROPHES:
            continue
        if ch == "&":
            out.append(" and ")
            continue
        if ord(ch) < 128:
            out.append(ch.lower())
            continue
        low = ch.lower()
        if low in SPECIAL_LETTERS:
            out.append(SPECIAL_LETTERS[low])
            continue
        for d in unicodedata.normalize("NFKD", low):
            if unicodedata.combining(d):
                continue
            out.append(SPECIAL_LETTERS.get(d, d))
    return "".join(out)


def words(text):
    """The words of a name: runs of letters and digits after folding."""
    folded = fold(text)
    result, current = [], []
    for ch in folded:
        if ch.isalnum():
            current.append(ch)
        elif current:
            result.append("".join(current))
            current = []
    if current:
        result.append("".join(current))
    return result


def read_swift_irregulars():
    """The irregular plurals, read from FoodNormalizer.swift so both sides stem alike."""
    path = os.path.join(ROOT, "Sources", "LarderCore", "Foods", "FoodNormalizer.swift")
    with open(path, encoding="utf-8") as handle:
        source = handle.read()
    block = re.search(r"let pairs: \[String: String\] = \[(.*?)\]", source, re.S)
    if not block:
        sys.exit(f"{path}: the irregular plurals table is missing")
    return dict(re.findall(r'"([a-z]+)": "([a-z]+)"', block.group(1)))


IRREGULAR = read_swift_irregulars()


def stem(word):
    """A word's singular stem: 'tomatoes' -> 'tomato', 'berries' -> 'berry', 'leaves' -> 'leaf'.

    Both catalog names and the names being matched go through this, so it needs to map a
    singular and its plural to the same stem, not to produce real words.
    """
    irregular = IRREGULAR.get(word)
    if irregular is not None:
        return irregular
    n = len(word)
    if n <= 3 or not word.endswith("s"):
        return word
    if word.endswith(("ss", "us")):
        return word
    if word.endswith("ies"):
        return word[:-3] + "y" if n > 4 else word[:-1]
    if word.endswith("oes"):
        return word[:-2] if n > 5 else word[:-1]
    if word.endswith(("ches", "shes", "sses", "xes", "zzes")):
        return word[:-2]
    return word[:-1]


def key_of(text):
    """The lookup key of a name: its words' stems joined by single spaces."""
    return " ".join(stem(w) for w in words(text))


def slug(text):
    return "-".join(words(text))


# ----------------------------------------------------------------------------- plurals

PLURAL_O_ES = {"tomato", "potato", "mango", "hero", "echo", "avocado"}
PLURAL_F_VES = {"leaf": "leaves", "loaf": "loaves", "half": "halves", "knife": "knives",
                "calf": "calves", "shelf": "shelves"}
PLURAL_IRREGULAR = {"goose": "geese", "mouse": "mice", "foot": "feet", "tooth": "teeth"}


def plural_word(word):
    low = word.lower()
    if low in PLURAL_IRREGULAR:
        return word[: len(word) - len(low)] + PLURAL_IRREGULAR[low]
    if low in PLURAL_F_VES:
        return PLURAL_F_VES[low]
    if low in PLURAL_O_ES:
        return word + "es"
    if re.search(r"[^aeiou]y$", low):
        return word[:-1] + "ies"
    if re.search(r"(s|x|z|ch|sh)$", low):
        return word + "es"
    return word + "s"


def pluralize(name):
    """'cherry tomato' -> 'cherry tomatoes'; 'rack of lamb' -> 'racks of lamb'."""
    for joint in (" of ", " in ", " with "):
        if joint in name:
            head, tail = name.split(joint, 1)
            return pluralize(head) + joint + tail
    parts = name.rsplit(" ", 1)
    if len(parts) == 1:
        return plural_word(name)
    return parts[0] + " " + plural_word(parts[1])


# ----------------------------------------------------------------------------- the catalog


class Food:
    __slots__ = ("id", "name", "plural", "parent", "aisle", "synonyms", "usda", "density",
                 "origin", "order", "density_source", "pantry")

    def __init__(self, fid, name, plural, parent, aisle, synonyms, origin, order):
        self.id = fid
        self.name = name
        self.plural = plural
        self.parent = parent
        self.aisle = aisle
        self.synonyms = synonyms
        self.usda = ""
        self.density = None
        self.density_source = ""
        self.origin = origin
        self.order = order
        self.pantry = []  # pantry flags, in PANTRY_FLAGS order


class Catalog:
    """Foods plus an index of every name's key, with the precedence the matcher uses."""

    # Lower wins: a curated name beats a curated synonym beats anything from a word list.
    NAME, PLURAL, SYNONYM, TAIL_NAME, TAIL_SYNONYM = range(5)

    def __init__(self, log):
        self.foods = {}
        self.keys = {}  # key -> (rank, food id)
        self.log = log
        self.conflicts = []

    def claim(self, key, rank, fid, text):
        if not key:
            return False
        held = self.keys.get(key)
        if held is None:
            self.keys[key] = (rank, fid)
            return True
        if held[1] == fid:
            if rank < held[0]:
                self.keys[key] = (rank, fid)
            return True
        if rank < held[0]:
            self.conflicts.append(f"'{text}': {fid} takes it from {held[1]}")
            self.keys[key] = (rank, fid)
            return True
        if rank <= Catalog.SYNONYM:
            self.conflicts.append(f"'{text}' of {fid} is already {held[1]}")
        return False

    def owner(self, text):
        held = self.keys.get(key_of(text))
        return held[1] if held else None

    def add(self, food, tail=False):
        name_rank = Catalog.TAIL_NAME if tail else Catalog.NAME
        synonym_rank = Catalog.TAIL_SYNONYM if tail else Catalog.SYNONYM
        if not self.claim(key_of(food.name), name_rank, food.id, food.name):
            return False
        self.foods[food.id] = food
        self.claim(key_of(food.plural), name_rank if tail else Catalog.PLURAL, food.id,
                   food.plural)
        kept = []
        for synonym in food.synonyms:
            if self.claim(key_of(synonym), synonym_rank, food.id, synonym):
                kept.append(synonym)
        food.synonyms = kept
        return True


def read_curated(path, catalog):
    default_count = True
    order = 0
    with open(path, encoding="utf-8") as handle:
        for number, raw in enumerate(handle, 1):
            line = raw.rstrip("\n")
            if line.startswith("#!"):
                directive = line[2:].strip()
                if directive == "count":
                    default_count = True
                elif directive == "mass":
                    default_count = False
                else:
                    sys.exit(f"{path}:{number}: unknown directive '{directive}'")
                continue
            if not line.strip() or line.startswith("#"):
                continue
            cols = line.split("\t") + [""] * 8
            name, parent, aisle, synonyms, plural, fid, usda, density = (
                c.strip() for c in cols[:8])
            if not name:
                sys.exit(f"{path}:{number}: a food needs a name")
            if aisle and aisle not in AISLES:
                sys.exit(f"{path}:{number}: unknown aisle '{aisle}'")
            if plural == "=":
                plural = name
            elif not plural:
                plural = pluralize(name) if default_count else name
            fid = fid or slug(name)
            if fid in catalog.foods:
                sys.exit(f"{path}:{number}: id '{fid}' is used twice")
            names = [s.strip() for s in synonyms.split(";") if s.strip()]
            seen, unique = {key_of(name), key_of(plural)}, []
            for synonym in names:
                k = key_of(synonym)
                if k not in seen:
                    seen.add(k)
                    unique.append(synonym)
            food = Food(fid, name, plural, slug(parent) if parent else "", aisle, unique,
                        "curated", order)
            order += 1
            if usda:
                food.usda = usda
            if density == "-":
                food.density_source = "none"
            elif density:
                food.density = float(density)
                food.density_source = "curated"
            if not catalog.add(food):
                sys.exit(f"{path}:{number}: '{name}' is already a name of "
                         f"{catalog.owner(name)}")


# ----------------------------------------------------------------------------- open data


def load_json(path):
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


TANDOOR_AISLES = {
    "category-noodles": "pantry", "category-juices": "drinks", "category-bakery": "bakery",
    "category-frozen": "frozen", "category-canned": "canned",
    "category-sweet-spreads": "condiments", "category-sweets": "snacks",
    "category-coffee": "drinks", "category-savory-spreads": "condiments",
    "category-fish": "meat-seafood", "category-baking": "baking", "category-meat": "meat-seafood",
    "category-dry-goods": "pantry", "category-cereal": "pantry", "category-alcohol": "alcohol",
    "category-condiments-sauces": "condiments", "category-dairy": "dairy-eggs",
    "category-oil-vinegar": "oils-vinegars", "category-produce": "produce",
    "category-deli": "deli", "category-cheese": "dairy-eggs",
    "category-herbs-spices": "spices",
}

# Household measures in millilitres and grams, for densities.
VOLUME_ML = {"cup": 236.5882, "tbsp": 14.78676, "tsp": 4.928922, "floz": 29.57353,
             "fl oz": 29.57353, "ml": 1.0, "l": 1000.0, "pint": 473.1765, "quart": 946.3529,
             "liter": 1000.0, "tablespoon": 14.78676, "teaspoon": 4.928922}
WEIGHT_G = {"g": 1.0, "kg": 1000.0, "oz": 28.34952, "lb": 453.5924, "lbs": 453.5924}

TANDOOR_UNITS = {"unit-c": "cup", "unit-tbsp": "tbsp", "unit-tsp": "tsp", "unit-floz": "floz",
                 "unit-ml": "ml", "unit-l": "l", "unit-g": "g", "unit-kg": "kg",
                 "unit-oz": "oz", "unit-lbs": "lb"}


def tandoor_name_variants(name):
    """'Vinegar balsamic' -> also 'balsamic vinegar'; 'Egg (Large)' -> 'Egg'."""
    base = re.sub(r"\(.*?\)", " ", name).strip()
    base = re.sub(r"\b(raw|refrigerated|shelf stable|canned|dried)$", "", base, flags=re.I).strip()
    variants = [name, base]
    parts = base.split()
    if len(parts) >= 2:
        variants.append(" ".join(parts[1:] + parts[:1]))
        variants.append(" ".join(parts[-1:] + parts[:-1]))
    return variants


def link_tandoor(data_dir, catalog, report):
    base = os.path.join(data_dir, "ingredient-taxonomy", "open-tandoor-data", "data")
    foods = load_json(os.path.join(base, "food", "base", "data.json"))["data"]
    conversions = load_json(os.path.join(base, "conversion", "base", "data.json"))["data"]
    linked, unlinked, aisles = {}, [], {}
    for tid in sorted(foods):
        record = foods[tid]
        owner = None
        for variant in tandoor_name_variants(record["name"]) + tandoor_name_variants(
                record.get("plural_name") or ""):
            owner = catalog.owner(variant) if variant else None
            if owner:
                break
        if owner is None:
            unlinked.append(f"{tid} ({record['name']})")
            continue
        linked[tid] = owner
        aisle = TANDOOR_AISLES.get(record.get("store_category", ""))
        if aisle:
            aisles.setdefault(owner, aisle)
    densities = {}
    for cid in sorted(conversions):
        c = conversions[cid]
        owner = linked.get(c["food"])
        if owner is None:
            continue
        a_unit = TANDOOR_UNITS.get(c["base_unit"])
        b_unit = TANDOOR_UNITS.get(c["converted_unit"])
        a, b = float(c["base_amount"]), float(c["converted_amount"])
        if a_unit in VOLUME_ML and b_unit in WEIGHT_G:
            ml, grams = a * VOLUME_ML[a_unit], b * WEIGHT_G[b_unit]
        elif b_unit in VOLUME_ML and a_unit in WEIGHT_G:
            ml, grams = b * VOLUME_ML[b_unit], a * WEIGHT_G[a_unit]
        else:
            continue
        if ml > 0 and grams > 0:
            densities.setdefault(owner, []).append(grams / ml)
    report["tandoor foods"] = len(foods)
    report["tandoor foods linked"] = len(linked)
    report["tandoor links"] = linked
    report["tandoor unlinked"] = unlinked
    return densities, aisles


# Words that, alone, are too common to become a food from a word list.
TAIL_BLOCKLIST = {
    "brick", "civil", "aura", "derby", "bra", "sundae", "devon", "salt and pepper", "dip",
    "herbs and spice", "legume", "tubers", "cooking fish", "camphor", "hemp", "rose",
    "houttuynia cordata", "limnophila aromatica", "nigella sativa", "bunium persicum",
    "litsea cubeba", "pickled fruit", "honey dill", "milkette", "sausage roll", "currywurst",
    "stonner kebab", "hog maw", "cheese product", "curd snack", "milk skin", "circassian",
    "peter", "medusa", "facing heaven", "cheese", "butter", "chili peppers", "mixed spice",
    "rossi", "bacio", "peppadew", "new mexico", "tabasco", "toaster strudel", "cronut",
    "shortcake", "morning bun", "fruit bread", "zest", "salt", "crema", "fresa", "ser",
}

SHELLFISH_HEADS = {
    "abalone", "clam", "cockle", "conch", "crab", "crayfish", "crawfish", "cuttlefish", "limpet",
    "lobster", "mussel", "octopus", "oyster", "periwinkle", "prawn", "scallop", "shrimp", "snail",
    "squid", "whelk", "opihi", "barnacle", "krill", "langostino", "marron", "escargot",
    "geoduck", "quahog", "urchin", "paua", "toheroa", "tuatua", "nerite", "winkle", "razor",
}


# Words after which a name's tail says where a food is from or what milk it is made of, not
# what it is a kind of: 'Toma del Pastore', 'Crottin de Chavignol', 'Formaggio in crema'.
ORIGIN_WORDS = {"di", "de", "del", "della", "delle", "dei", "du", "des", "d", "da", "ccu",
                "alla", "al", "allo", "o", "in", "au", "aux"}


def family_of(catalog, fid):
    """The top-level food above `fid` (itself when it has no parent)."""
    seen = {fid}
    while fid in catalog.foods and catalog.foods[fid].parent not in ("", None):
        fid = catalog.foods[fid].parent
        if fid in seen:
            break
        seen.add(fid)
    return fid


def suffix_parent(catalog, name, fallback):
    """The food named by the longest proper tail of `name` ('Thai basil' -> basil).

    Only a tail in the list's own family counts: a hot pepper's 'pepper' is not black
    pepper's group, and a cheese named after a place or a wine ('Morlacco di Grappa',
    'Savello di Roma') is not a brandy or a tomato. Otherwise the list's parent.
    """
    tokens = key_of(name).split()
    family = family_of(catalog, fallback)
    for start in range(1, len(tokens)):
        if tokens[start - 1] in ORIGIN_WORDS:
            continue  # 'Ricotta di bufala' is a ricotta of buffalo milk, not a mozzarella
        held = catalog.keys.get(" ".join(tokens[start:]))
        if held:
            return held[1] if family_of(catalog, held[1]) == family else fallback
    return fallback


def add_tail(catalog, name, parent, aisle, synonyms, origin, descriptors, report, order,
             plural=None):
    name = " ".join(re.sub(r"\(.*?\)", " ", name).split())
    if not name or name.lower() in TAIL_BLOCKLIST:
        return
    if any(ord(ch) > 127 for ch in "".join(words(name))):
        return  # letters outside the Latin alphabet: not how an English recipe writes it
    tokens = key_of(name).split()
    if not tokens:
        return
    if len(tokens) == 1 and len(tokens[0]) < 5:
        return
    if all(t in descriptors for t in tokens):
        return
    key = " ".join(tokens)
    if key in catalog.keys:
        report.setdefault("tail duplicates", 0)
        report["tail duplicates"] += 1
        return
    fid = slug(name)
    if fid in catalog.foods:
        return
    food = Food(fid, name, plural or name, suffix_parent(catalog, name, parent), aisle,
                synonyms, origin, order)
    if catalog.add(food, tail=True):
        report.setdefault(f"added from {origin}", 0)
        report[f"added from {origin}"] += 1


def read_corpora(data_dir, catalog, descriptors, report):
    base = os.path.join(data_dir, "ingredient-taxonomy", "corpora-foods")

    def items(file, key):
        return load_json(os.path.join(base, file))[key]

    order = 100000
    simple = [
        ("vegetables.json", "vegetables", "vegetable", ""),
        ("fruits.json", "fruits", "fruit", ""),
        ("herbs_n_spices.json", "herbs", "herb", ""),
        ("herbs_n_spices.json", "spices", "spice", ""),
        ("herbs_n_spices.json", "mixtures", "seasoning-blend", ""),
        ("condiments.json", "condiments", "condiment", ""),
        ("fish.json", "fish", "fish", ""),
        ("poultry.json", "bird", "poultry", ""),
        ("sausages.json", "sausages", "sausage", ""),
        ("breads_and_pastries.json", "breads", "bread", ""),
        ("breads_and_pastries.json", "pastries", "pastry", ""),
    ]
    for file, key, parent, aisle in simple:
        for item in items(file, key):
            order += 1
            name = item.strip()
            # Latin names and lists like 'Asian/Philippine' are not how cooks write.
            if "/" in name:
                continue
            add_tail(catalog, name, parent, aisle, [], f"corpora-foods/{file}", descriptors,
                     report, order)
    for item in items("shellfish.json", "fish"):
        order += 1
        tokens = key_of(item).split()
        if not tokens or tokens[-1] not in SHELLFISH_HEADS or "/" in item:
            continue
        add_tail(catalog, item, "shellfish", "", [], "corpora-foods/shellfish.json",
                 descriptors, report, order)
    peppers = load_json(os.path.join(base, "hot_peppers.json"))
    for species in sorted(k for k in peppers if k != "description"):
        for item in peppers[species]:
            order += 1
            name = item.strip()
            tail = key_of(name).split()[-1]
            synonyms = []
            if tail not in ("pepper", "chili", "chile", "habanero", "jolokia", "scorpion",
                            "reaper", "chiltepin", "bonnet"):
                synonyms = [f"{name} chili", f"{name} chile"]
                name = f"{name} pepper"
            add_tail(catalog, name, "chili-pepper", "", synonyms,
                     "corpora-foods/hot_peppers.json", descriptors, report, order,
                     plural=pluralize(name))
    for item in items("apple_cultivars.json", "cultivars")[:120]:
        order += 1
        name = item.strip()
        if not name or "apple" in name.lower():
            continue
        add_tail(catalog, f"{name} apple", "apple", "", [f"{name} apples"],
                 "corpora-foods/apple_cultivars.json", descriptors, report, order,
                 plural=f"{name} apples")
    for item in items("curds.json", "curds"):
        order += 1
        name = " ".join(item.split())
        if not name:
            continue
        is_cheese = name[0].isupper() or "cheese" in name.lower()
        synonyms = []
        if is_cheese and len(name.split()) == 1:
            synonyms = [f"{name} cheese"]
        add_tail(catalog, name, "cheese" if is_cheese else "dairy", "", synonyms,
                 "corpora-foods/curds.json", descriptors, report, order)


def read_foundation(data_dir, catalog, report):
    path = os.path.join(data_dir, "ingredient-taxonomy", "ingredient-parser-fdc",
                        "foundation_foods.md")
    names, missing = [], []
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            m = re.match(r"\s*- \[x\]\s*(.+?)\s*$", line)
            if m:
                names.append(m.group(1))
    for name in names:
        if catalog.owner(name) is None:
            missing.append(name)
    report["foundation names"] = len(names)
    report["foundation names not in catalog"] = missing


def read_fdc_categories(data_dir):
    path = os.path.join(data_dir, "ingredient-taxonomy", "ingredient-parser-fdc",
                        "fdc_ingredients.csv")
    with open(path, encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


# ----------------------------------------------------------------------------- SR26


def read_sr(path):
    rows = []
    with open(path, encoding="latin-1") as handle:
        for line in handle:
            line = line.rstrip("\r\n")
            if not line:
                continue
            rows.append([f.strip("~") for f in line.split("^")])
    return rows


SR_SKIP_GROUPS = {"0300", "2100", "2200", "3500", "3600"}
SR_NEUTRAL = {
    "raw", "fresh", "all varieties", "regular", "enriched", "unenriched", "commercial",
    "mature seeds", "year round average", "whole", "dry", "uncooked", "all commercial varieties",
    "meat only", "all grades", "not fortified", "plain", "without salt", "salted",
    "all-purpose", "bleached", "unbleached", "includes usda commodity", "solids and liquids",
    "without added ascorbic acid", "mature", "ground", "shelled", "with skin", "in shell",
    "prepared", "sweetened", "unsweetened", "fluid", "bottled", "dried", "dry roasted",
    "ready-to-serve", "household", "table", "liquid", "pasteurized", "california",
    "florida", "imported", "domestic", "refrigerated", "nfs", "red", "white", "yellow",
    "green", "other", "salad or cooking", "with added vitamin d", "3.25% milkfat",
    "with added vitamin a and vitamin d", "unprepared", "canned", "regular pack",
    "drained solids", "drained", "pitted", "peeled",
}
SR_BAD = {
    "cooked", "boiled", "fried", "roasted", "baked", "braised", "broiled", "grilled", "stewed",
    "microwaved", "frozen", "dehydrated", "prepared-from-recipe", "prepared from recipe",
    "babyfood", "imitation", "fat free", "nonfat", "low fat", "reduced fat", "light",
    "lowfat", "reduced sodium", "low sodium", "pan-fried", "toasted", "heated", "unheated",
    "smoked", "cured", "pickled", "sweetened with sucralose", "diet", "instant", "condensed",
    "frozen concentrate", "powder", "juice", "with salt", "oil-roasted", "dry-roasted",
    "blanched", "drained", "candied", "glazed", "canned", "dried", "sulfured",
}


def sr_segments(desc):
    # Split on top-level commas only.
    segs, depth, current = [], 0, []
    for ch in desc:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        if ch == "," and depth == 0:
            segs.append("".join(current).strip())
            current = []
        else:
            current.append(ch)
    segs.append("".join(current).strip())
    return [s for s in segs if s]


# Description heads that only name a category: "Spices, cumin seed" is cumin seed.
SR_CATEGORY_HEADS = {"spices", "nuts", "seeds", "leavening agents", "alcoholic beverage",
                     "alcoholic beverages", "fish", "mollusks", "crustaceans", "game meat",
                     "beverages", "sweeteners", "cereals", "snacks", "candies"}


def sr_candidates(segs):
    """Names a cook might use for an SR description: (text, segments used, extra penalty)."""
    head = segs[0]
    head_words = head.split()
    out = []
    n = min(len(segs), 4)
    category = head.lower() in SR_CATEGORY_HEADS
    for k in range(1, n + 1):
        used = segs[:k]
        out.append((" ".join(used), k, 0.0))
        out.append((" ".join(reversed(used)), k, 0.0))
        if k >= 2:
            out.append((used[-1] + " " + head, k, 0.0))
            out.append((head + " " + used[-1], k, 0.0))
            if category:
                out.append((" ".join(reversed(used[1:])), k, 0.0))
                out.append((" ".join(used[1:]), k, 0.0))
            if len(head_words) == 2:
                # "Wheat flour, white, all-purpose" -> "all-purpose flour"
                dropped = 0.2 if head_words[0].lower() == "wheat" else 1.0
                out.append((used[-1] + " " + head_words[-1], k, dropped))
                if k >= 3:
                    out.append((used[-2] + " " + used[-1] + " " + head_words[-1], k, dropped))
                    out.append((used[-1] + " " + used[-2] + " " + head_words[-1], k, dropped))
    return out


def sr_penalty(segs, used, food):
    name_words = set(words(food.name))
    for s in food.synonyms:
        name_words.update(words(s))
    penalty = 0.0
    for seg in segs[used:]:
        low = seg.lower()
        low = re.sub(r"\(.*?\)", "", low).strip()
        if not low:
            continue
        seg_words = set(words(low))
        if seg_words and seg_words <= name_words:
            penalty -= 0.5
            continue
        if low in SR_NEUTRAL:
            penalty += 0.1
        elif low in SR_BAD or any(b in low for b in ("cooked", "boiled", "fried", "roasted",
                                                      "braised", "broiled", "stewed")):
            penalty += 3.0
        elif re.search(r"[A-Z]{3,}", seg):
            penalty += 5.0
        else:
            penalty += 1.0
    if re.search(r"[A-Z]{3,}", segs[0]):
        penalty += 5.0
    return penalty


MEASURE_RE = re.compile(
    r"^(cup|cups|tbsp|tablespoon|tablespoons|tsp|teaspoon|teaspoons|fl oz|pint|quart|liter|ml)"
    r"\b(.*)$")
QUALIFIER_RANK = [
    ("", 0), ("(8 fl oz)", 0), ("(1 nlea serving)", 0), ("unpacked", 0), ("(4.86 fl oz)", 0),
    ("(fl oz)", 0), ("loosely packed", 1), ("chopped", 1), ("diced", 1), ("minced", 1),
    ("shredded", 1), ("grated", 1), ("ground", 1), ("packed", 1), ("crumbled", 1),
    ("pureed", 1), ("mashed", 1), ("cubes", 1), ("flaked", 1), ("sifted", 1), ("sliced", 2),
    ("whole", 2), ("halves", 2), ("pieces", 2), ("chunks", 2), ("kernels", 2), ("florets", 2),
]


def measure_density(measures):
    """g/ml from the best household volume measure of one SR food, or None."""
    best = None
    for amount, desc, grams in measures:
        m = MEASURE_RE.match(desc.lower().strip())
        if not m or amount <= 0 or grams <= 0:
            continue
        unit, rest = m.group(1), m.group(2).strip(" ,")
        unit = {"cups": "cup", "tablespoons": "tbsp", "tablespoon": "tbsp", "teaspoons": "tsp",
                "teaspoon": "tsp"}.get(unit, unit)
        rank = None
        for qualifier, r in QUALIFIER_RANK:
            if rest == qualifier or (qualifier and rest.startswith(qualifier)):
                rank = r
                break
        if rank is None:
            rank = 3
        size = {"cup": 3, "pint": 4, "quart": 4, "liter": 4, "fl oz": 2, "tbsp": 1, "tsp": 0,
                "ml": 0}[unit]
        density = grams / (amount * VOLUME_ML[unit])
        if not 0.02 <= density <= 2.6:
            continue
        candidate = (rank, -size, density)
        if best is None or candidate < best:
            best = candidate
    return None if best is None else best[2]


def link_sr(data_dir, catalog, report):
    base = os.path.join(data_dir, "usda-sr26")
    foods = read_sr(os.path.join(base, "FOOD_DES.txt"))
    weights = {}
    for row in read_sr(os.path.join(base, "WEIGHT.txt")):
        try:
            weights.setdefault(row[0], []).append((float(row[2]), row[3], float(row[4])))
        except (ValueError, IndexError):
            continue
    groups = {row[0]: row[1] for row in read_sr(os.path.join(base, "FD_GROUP.txt"))}
    described = {row[0]: row for row in foods}
    best = {}  # food id -> (penalty, used, ndb)
    for row in foods:
        ndb, group, desc = row[0], row[1], row[2]
        if group in SR_SKIP_GROUPS:
            continue
        segs = sr_segments(desc)
        for text, used, extra in sr_candidates(segs):
            held = catalog.keys.get(key_of(text))
            if held is None:
                continue
            fid = held[1]
            food = catalog.foods[fid]
            penalty = sr_penalty(segs, used, food) + extra
            if held[0] in (Catalog.SYNONYM, Catalog.TAIL_SYNONYM):
                penalty += 0.25
            if ndb not in weights or measure_density(weights[ndb]) is None:
                penalty += 0.75
            candidate = (penalty, len(desc), ndb)
            if fid not in best or candidate < best[fid]:
                best[fid] = candidate
    matched = 0
    parents = {f.parent for f in catalog.foods.values()}
    for fid, food in catalog.foods.items():
        if food.usda == "-":
            food.usda = ""
            continue
        if food.usda:
            if food.usda not in described:
                sys.exit(f"curated usda {food.usda} of {fid} is not in FOOD_DES")
        elif fid in best and best[fid][0] < (0.6 if fid in parents else 2.0):
            food.usda = best[fid][2]
        else:
            continue
        matched += 1
        if food.density is None and food.density_source != "none" and food.usda in weights:
            density = measure_density(weights[food.usda])
            if density is not None:
                food.density = density
                food.density_source = "usda"
    report["usda foods"] = len(foods)
    report["foods linked to usda"] = matched
    report["usda groups"] = len(groups)
    return described


# ----------------------------------------------------------------------------- pantry kinds

# The flags of foods.tsv's pantry column, in the order they are written (Food.isGroup and
# Food.kinship in Sources/LarderCore/Foods/Food.swift; the rule is documented on FoodKinship).
PANTRY_FLAGS = ["group", "everyday", "distinct"]


def read_pantry_kinds(path, catalog):
    """Merges scripts/food-pantry-kinds.tsv: id, flags (';'-separated), why.

    Every line must name a food the catalog has and say why; empty flags record a decision
    that the food is a plain kind (the default) so that it is not made again.
    """
    if not os.path.isfile(path):
        sys.exit(f"missing {path}: the pantry kinds (use --pantry-kinds to point elsewhere)")
    seen = {}
    parents = {f.parent for f in catalog.foods.values() if f.parent}
    with open(path, encoding="utf-8") as handle:
        for number, raw in enumerate(handle, 1):
            line = raw.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            cols = line.split("\t")
            if len(cols) != 3:
                sys.exit(f"{path}:{number}: expected 3 tab-separated columns (id, flags, why), "
                         f"found {len(cols)}")
            fid, flags, why = (c.strip() for c in cols)
            where = f"{path}:{number}: '{fid}'"
            if fid not in catalog.foods:
                sys.exit(f"{where} is not a food in the catalog (a typo, or renamed?)")
            if fid in seen:
                sys.exit(f"{where} is already given on line {seen[fid]}")
            seen[fid] = number
            if not why:
                sys.exit(f"{where} needs a reason in the third column")
            tokens = [t.strip() for t in flags.split(";") if t.strip()]
            for token in tokens:
                if token not in PANTRY_FLAGS:
                    sys.exit(f"{where}: unknown flag '{token}' (expected group, everyday or "
                             f"distinct)")
            if len(set(tokens)) != len(tokens):
                sys.exit(f"{where}: a flag is given twice")
            if "everyday" in tokens and "distinct" in tokens:
                sys.exit(f"{where}: a food is everyday or distinct, not both")
            food = catalog.foods[fid]
            if "group" in tokens and fid not in parents:
                sys.exit(f"{where} is a group but no food is filed under it")
            if ("everyday" in tokens or "distinct" in tokens) and not food.parent:
                sys.exit(f"{where} has no parent to be everyday or distinct under")
            food.pantry = [t for t in PANTRY_FLAGS if t in tokens]
    return len(seen)


# ----------------------------------------------------------------------------- checks


def resolve_parents(catalog):
    problems = []
    for food in catalog.foods.values():
        if food.parent and food.parent not in catalog.foods:
            problems.append(f"{food.id}: parent '{food.parent}' does not exist")
    for food in catalog.foods.values():
        seen, cursor = {food.id}, food.parent
        while cursor:
            if cursor in seen:
                problems.append(f"{food.id}: parent cycle through {cursor}")
                break
            seen.add(cursor)
            cursor = catalog.foods[cursor].parent if cursor in catalog.foods else ""
    return problems


def inherit_aisles(catalog):
    for food in sorted(catalog.foods.values(), key=lambda f: f.id):
        if food.aisle:
            continue
        cursor = food.parent
        while cursor and not food.aisle:
            parent = catalog.foods[cursor]
            food.aisle = parent.aisle
            cursor = parent.parent


# Families whose members weigh the same for a given volume to within a few percent, so a
# member the sources do not measure takes the family's density (olive oils, vinegars, wines).
DENSITY_FAMILIES = {
    "oil", "vinegar", "wine", "beer", "stock", "soy-sauce", "milk", "plant-based-milk",
    "sparkling-water", "soda", "tea", "white-rice", "long-grain-rice",
    "short-grain-rice", "whiskey", "rum", "vodka", "tequila", "brandy", "gin", "vanilla-extract",
    "extract", "honey", "maple-syrup", "corn-syrup", "cream", "heavy-cream", "yogurt",
    "sour-cream", "orange-juice", "lemon-juice", "lime-juice", "citrus-juice", "apple-juice",
    "chicken-stock", "beef-stock", "brown-sugar", "black-pepper", "paprika",
    "chili-powder", "canned-tomato", "crushed-tomatoes", "tomato-paste", "coconut-milk",
    "parsley", "onion", "tomato", "potato", "mustard", "sugar", "cilantro", "basil", "mint",
}


def inherit_densities(catalog):
    for fid in sorted(catalog.foods):
        food = catalog.foods[fid]
        if food.density is not None or food.density_source == "none":
            continue
        cursor = food.parent
        while cursor:
            parent = catalog.foods[cursor]
            if cursor not in DENSITY_FAMILIES:
                break
            if parent.density is not None:
                food.density = parent.density
                food.density_source = "family"
                break
            cursor = parent.parent


# ----------------------------------------------------------------------------- output

HEADER = """\
# Larder food catalog: one food per line, tab-separated, sorted by id.
# GENERATED by scripts/build-food-catalog.py (make food-catalog); edit the script,
# scripts/food-catalog-curated.tsv or scripts/food-pantry-kinds.tsv, not this file.
#
# Columns: id, name, plural, parent (id), aisle, density (g/ml), usda (SR26 NDB number),
# synonyms (separated by ';'), pantry (flags separated by ';': 'group' when the food is a
# group whose kinds a cook does not swap, and 'everyday' or 'distinct' for how it stands to
# its parent in a pantry; empty for a plain kind; see FoodKinship in Food.swift).
#
# Sources (facts; see FOODS-SOURCES.md beside this file):
# - Larder's own curated lists (scripts/food-catalog-curated.tsv, and
#   scripts/food-pantry-kinds.tsv for the pantry column).
# - Open Tandoor Data (TandoorRecipes/open-tandoor-data @ 3ba9dc4f): store categories and unit
#   conversions. Contents under the Database Contents License (DbCL 1.0), schema under the
#   Open Database License (ODbL 1.0).
# - Corpora (dariusk/corpora @ cf30ca27, data/foods): word lists of vegetables, fruits, herbs,
#   spices, condiments, fish, shellfish, poultry, sausages, breads, cheeses, hot peppers and
#   apple cultivars. CC0 1.0.
# - ingredient-parser (strangetom/ingredient-parser @ d6c4386f): foundation food names,
#   checked for coverage. MIT licence; the underlying USDA FoodData Central names are CC0.
# - USDA National Nutrient Database for Standard Reference, Release 26 (USDA ARS, public
#   domain): food descriptions and household-measure gram weights, from which densities come.
"""

SOURCES_MD = """\
# Where the food catalog comes from

`foods.tsv` is generated by `scripts/build-food-catalog.py` (run `make food-catalog`) from the
open data in `../shared/data` and Larder's own curated lists. Edit the script,
`scripts/food-catalog-curated.tsv` or `scripts/food-pantry-kinds.tsv`, never the generated file.

| source | what Larder takes | licence |
|---|---|---|
| Larder's curated list, `scripts/food-catalog-curated.tsv` | canonical names, synonyms (US/UK), parents, aisles | Larder's own |
| Larder's pantry kinds, `scripts/food-pantry-kinds.tsv` | the `pantry` column: which foods are groups, which kinds are everyday or distinct, each with its reason (see README.md, "Pantry kinds") | Larder's own |
| [Open Tandoor Data](https://github.com/TandoorRecipes/open-tandoor-data) @ `3ba9dc4f` | store categories (as aisles where the curated list gives none) and unit conversions (densities where USDA has none) | contents: Database Contents License (DbCL 1.0); schema: Open Database License (ODbL 1.0) |
| [Corpora](https://github.com/dariusk/corpora) @ `cf30ca27`, `data/foods` | the long tail of names: cheeses and fermented dairy, sausages, fish, shellfish, poultry, hot peppers, herbs, spices, blends, condiments, breads, pastries, apple cultivars | CC0 1.0 |
| [ingredient-parser](https://github.com/strangetom/ingredient-parser) @ `d6c4386f`, `foundation_foods.md` and `fdc_ingredients.csv` | names of foundation foods as written in ingredient lines, used to check coverage | MIT; FoodData Central names CC0 1.0 |
| USDA ARS, National Nutrient Database for Standard Reference, Release 26 | food descriptions (matched to catalog foods, the `usda` column holds the NDB number) and gram weights of household measures (cup, tbsp, tsp, fl oz), from which the `density` column comes | U.S. Government work, public domain |

## Nutrients and portions

`nutrients.tsv` (per 100 g: energy, protein, fat, saturated fat, carbohydrate, sugars, fibre,
sodium) and `food-portions.tsv` (grams in one piece by size word, count unit or plain count)
are generated by `scripts/build-nutrients.py`, which `make food-catalog` runs after this
catalog, for the foods in `foods.tsv`. Each file's header names its sources; Larder's
`NutritionCalculator` reads them.

| source | what Larder takes | licence |
|---|---|---|
| USDA ARS, SR26 `ABBREV` (`abbrev.csv`) | per-100 g nutrients of every food the `usda` column links | U.S. Government work, public domain |
| USDA ARS, SR26 `WEIGHT.txt` | gram weights of pieces and sizes ("1 large" egg, "1 clove" garlic, "1 medium" onion) | U.S. Government work, public domain |
| [Open Tandoor Data](https://github.com/TandoorRecipes/open-tandoor-data) @ `3ba9dc4f` | FoodData Central macros (kcal, protein, fat, carbohydrate) for foods SR26 does not link, and piece conversions | DbCL 1.0 |

Open Tandoor Data asks for attribution: "Open Tandoor Data, https://github.com/TandoorRecipes/open-tandoor-data,
DbCL 1.0". The Corpora lists are dedicated to the public domain (CC0); ingredient-parser is
Copyright (c) Tom Strange, MIT licence.

## This build
"""


def format_density(value):
    if value is None:
        return ""
    return f"{value:.3g}" if value < 1 else f"{value:.3f}".rstrip("0").rstrip(".")


def write_outputs(catalog, out_path, sources_path, counts):
    lines = [HEADER, "id\tname\tplural\tparent\taisle\tdensity\tusda\tsynonyms\tpantry\n"]
    for fid in sorted(catalog.foods):
        f = catalog.foods[fid]
        for text in [f.name, f.plural] + f.synonyms:
            if "\t" in text or ";" in text or "\n" in text:
                sys.exit(f"{fid}: '{text}' holds a tab, newline or ';'")
        lines.append("\t".join([
            f.id, f.name, f.plural if f.plural != f.name else "", f.parent, f.aisle,
            format_density(f.density), f.usda, ";".join(f.synonyms), ";".join(f.pantry)])
            + "\n")
    text = "".join(lines)
    os.makedirs(os.path.dirname(out_path), exist_ok=True)
    with open(out_path, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(text)
    if sources_path:
        body = SOURCES_MD + "".join(f"- {k}: {v}\n" for k, v in counts.items())
        with open(sources_path, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(body)
    return len(text.encode("utf-8"))


def descriptor_words():
    """The matcher's descriptor words, read from FoodMatcher's Swift source."""
    path = os.path.join(ROOT, "Sources", "LarderCore", "Foods", "FoodDescriptors.swift")
    found = set()
    if os.path.exists(path):
        with open(path, encoding="utf-8") as handle:
            source = handle.read()
        block = re.search(r"descriptorWords[^\[]*\[(.*?)\]", source, re.S)
        if block:
            found = {stem(w) for w in re.findall(r'"([a-z0-9]+)"', block.group(1))}
    return found


# Open Tandoor Data's locales read for food names, and the language code Larder files them under.
NAME_LOCALES = [("de", "de"), ("fr", "fr"), ("es", "es"), ("it", "it"), ("nl", "nl"),
                ("pt", "pt"), ("pt_BR", "pt"), ("sv", "sv"), ("da", "da"), ("nb_NO", "nb"),
                ("pl", "pl"), ("ru", "ru")]


def read_food_names(data_dir, links, curated_path, catalog):
    """Food names in other languages: {(language, food id): [names]}.

    Open Tandoor Data's translated names (and plurals) of the foods linked to the catalog,
    then Larder's own list (scripts/food-names-curated.tsv: language, food id, names joined
    by ';'), which adds what the translations lack; a name written '-name' there drops a
    translation filed under the wrong food. Parenthesised qualifiers are dropped
    ("Griechischer Joghurt (Vollmilch)" -> "Griechischer Joghurt")."""
    names = {}

    def add(language, fid, name):
        name = re.sub(r"\s+", " ", re.sub(r"\(.*?\)", " ", name)).strip(" ,;")
        if not name:
            return
        bucket = names.setdefault((language, fid), [])
        if name.lower() not in (n.lower() for n in bucket):
            bucket.append(name)

    build = os.path.join(data_dir, "ingredient-taxonomy", "open-tandoor-data", "build")
    for locale, language in NAME_LOCALES:
        foods = load_json(os.path.join(build, f"{locale}.json"))["food"]
        for tid in sorted(foods):
            owner = links.get(tid)
            if owner is None:
                continue
            record = foods[tid]
            for name in (record.get("name") or "", record.get("plural_name") or ""):
                add(language, owner, name)
    with open(curated_path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            parts = line.split("\t")
            if len(parts) != 3:
                sys.exit(f"{curated_path}:{number}: expected language, food id and names")
            language, fid, joined = parts
            if fid not in catalog.foods:
                sys.exit(f"{curated_path}:{number}: no food with id {fid!r} in the catalog")
            if language not in {code for _, code in NAME_LOCALES}:
                sys.exit(f"{curated_path}:{number}: unknown language {language!r}")
            for name in joined.split(";"):
                if name.startswith("-"):
                    # A translation filed under the wrong food: dropped from this one.
                    bucket = names.get((language, fid), [])
                    drop = name[1:].strip().lower()
                    names[(language, fid)] = [n for n in bucket if n.lower() != drop]
                else:
                    add(language, fid, name)
    return {key: value for key, value in names.items() if value}


def write_food_names(names, out_path):
    with open(out_path, "w", encoding="utf-8") as handle:
        handle.write(
            "# Larder food names in other languages: language, food id, names joined by ';'.\n"
            "# GENERATED by scripts/build-food-catalog.py (make food-catalog) from Open Tandoor\n"
            "# Data's translations (TandoorRecipes/open-tandoor-data @ 3ba9dc4f, contents under\n"
            "# the Database Contents License (DbCL 1.0), schema under the Open Database License\n"
            "# (ODbL 1.0)) and Larder's own scripts/food-names-curated.tsv.\n")
        for (language, fid) in sorted(names):
            handle.write(f"{language}\t{fid}\t{';'.join(names[(language, fid)])}\n")
    return len(names)


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", default=os.path.join(ROOT, "..", "shared", "data"))
    parser.add_argument("--curated", default=os.path.join(HERE, "food-catalog-curated.tsv"))
    parser.add_argument("--pantry-kinds",
                        default=os.path.join(HERE, "food-pantry-kinds.tsv"))
    parser.add_argument("--out", default=os.path.join(
        ROOT, "Sources", "LarderCore", "Resources", "foods.tsv"))
    parser.add_argument("--sources", default=os.path.join(
        ROOT, "Sources", "LarderCore", "Resources", "FOODS-SOURCES.md"))
    parser.add_argument("--names-curated",
                        default=os.path.join(HERE, "food-names-curated.tsv"))
    parser.add_argument("--names-out", default=os.path.join(
        ROOT, "Sources", "LarderCore", "Resources", "food-names.tsv"))
    parser.add_argument("--report", help="write unlinked names and conflicts here")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args()

    for needed in ("ingredient-taxonomy", "usda-sr26"):
        if not os.path.isdir(os.path.join(args.data, needed)):
            sys.exit(f"missing {os.path.join(args.data, needed)}: point --data at shared/data")

    details = {}
    catalog = Catalog(print)
    read_curated(args.curated, catalog)
    curated = len(catalog.foods)
    tandoor_densities, tandoor_aisles = link_tandoor(args.data, catalog, details)
    read_corpora(args.data, catalog, descriptor_words(), details)
    read_foundation(args.data, catalog, details)
    fdc = read_fdc_categories(args.data)
    problems = resolve_parents(catalog)
    if problems:
        sys.exit("catalog problems:\n  " + "\n  ".join(problems))
    inherit_aisles(catalog)
    for fid, aisle in sorted(tandoor_aisles.items()):
        # Only where neither the curated list nor a parent says: a store category is a guess.
        if not catalog.foods[fid].aisle:
            catalog.foods[fid].aisle = aisle
    link_sr(args.data, catalog, details)
    for fid, values in sorted(tandoor_densities.items()):
        food = catalog.foods[fid]
        if food.density is None and food.density_source != "none":
            values = sorted(values)
            food.density = values[len(values) // 2]
            food.density_source = "tandoor"
    inherit_densities(catalog)
    pantry_lines = read_pantry_kinds(args.pantry_kinds, catalog)

    foods = catalog.foods.values()
    counts = {
        "foods": len(catalog.foods),
        "curated foods": curated,
        "foods from word lists": len(catalog.foods) - curated,
        "with synonyms": sum(1 for f in foods if f.synonyms),
        "synonyms": sum(len(f.synonyms) for f in foods),
        "with a parent": sum(1 for f in foods if f.parent),
        "with an aisle": sum(1 for f in foods if f.aisle),
        "with a density": sum(1 for f in foods if f.density is not None),
        "densities from USDA household measures": sum(
            1 for f in foods if f.density_source == "usda"),
        "densities from Open Tandoor Data conversions": sum(
            1 for f in foods if f.density_source == "tandoor"),
        "densities curated": sum(1 for f in foods if f.density_source == "curated"),
        "densities taken from the family (oils, vinegars, wines...)": sum(
            1 for f in foods if f.density_source == "family"),
        "linked to a USDA SR26 description": sum(1 for f in foods if f.usda),
        "Open Tandoor Data foods linked": details.get("tandoor foods linked", 0),
        "foundation food names (ingredient-parser) covered": (
            details["foundation names"] - len(details["foundation names not in catalog"])),
        "FoodData Central names read": len(fdc),
        "pantry decisions (scripts/food-pantry-kinds.tsv)": pantry_lines,
        "groups": sum(1 for f in foods if "group" in f.pantry),
        "everyday kinds": sum(1 for f in foods if "everyday" in f.pantry),
        "distinct kinds": sum(1 for f in foods if "distinct" in f.pantry),
    }
    names = read_food_names(args.data, details["tandoor links"], args.names_curated, catalog)
    counts["foods named in other languages (language, food)"] = len(names)
    size = write_outputs(catalog, args.out, args.sources, counts)
    write_food_names(names, args.names_out)
    if not args.quiet:
        for k, v in counts.items():
            print(f"{k:>50}: {v}")
        print(f"{'bytes':>50}: {size}")
        print(f"{'key conflicts (first claim kept)':>50}: {len(catalog.conflicts)}")
    if args.report:
        with open(args.report, "w", encoding="utf-8") as handle:
            handle.write("# conflicts\n" + "\n".join(catalog.conflicts) + "\n")
            handle.write("# tandoor unlinked\n" + "\n".join(details["tandoor unlinked"]) + "\n")
            handle.write("# foundation names not in catalog\n"
                         + "\n".join(details["foundation names not in catalog"]) + "\n")
            handle.write("# tail\n" + "\n".join(
                f"{k}: {v}" for k, v in details.items() if k.startswith(("added", "tail")))
                + "\n")
            handle.write("# usda links\n")
            described = {}
            for row in read_sr(os.path.join(args.data, "usda-sr26", "FOOD_DES.txt")):
                described[row[0]] = row[2]
            for fid in sorted(catalog.foods):
                f = catalog.foods[fid]
                if f.origin == "curated":
                    handle.write(f"{fid}\t{format_density(f.density)}\t{f.density_source}\t"
                                 f"{f.usda}\t{described.get(f.usda, '')}\n")


if __name__ == "__main__":
    main()
