#!/usr/bin/env python3
"""Regenerates Larder's nutrient tables from open data, for the foods of the shipped catalog.

Outputs (both in Sources/LarderCore/Resources, read by NutrientTable.swift):
  nutrients.tsv       per 100 g edible portion of each catalog food that has data: energy,
                      protein, fat, saturated fat, carbohydrate, sugars, fibre, sodium
  food-portions.tsv   grams in one piece or household count of a food: a size ("large",
                      "medium"), a count unit ("clove", "slice", "stalk") or a plain count ("each")

Inputs:
  Sources/LarderCore/Resources/foods.tsv   the catalog (its `usda` column links SR26 foods);
                                           run scripts/build-food-catalog.py first
  ../shared/data/usda-sr26                 abbrev.csv (per-100 g values), WEIGHT.txt (gram
                                           weights of pieces and household measures)
  ../shared/data/ingredient-taxonomy/open-tandoor-data
                                           FDC-linked macros (kcal, protein, fat, carbohydrate)
                                           and piece weights, for foods SR26 does not link

SR26 is preferred: it has every nutrient Larder shows. A food only Open Tandoor Data knows
gets its four macros; the others stay empty (unknown, not zero), and when it gives no energy
the energy is worked out from the macros with the general Atwater factors (4, 9, 4 kcal/g).

Cooked and canned variants: a catalog food linked to a raw or dry SR26 entry of a legume
(group 1600) or a cereal grain (group 2000) also gets the rows of its cooked entry (boiled,
without salt) and, where SR26 has one, its canned entry (solids and liquids), as `ID/cooked`
and `ID/canned`, each with the g/ml of its own cup (a cup of cooked beans weighs less than a
cup of dry ones). They are found by their FOOD_DES description: the raw description's words
less the state ("raw", "uncooked", "dry", "mature seeds") must be the variant's words less
"cooked, boiled, without salt" or "canned, solids and liquids", and a variant with salt, low
sodium, sugar, pork or only the drained solids is not one. VARIANT_OVERRIDES names the few
SR26 does not pair by description. NutritionCalculator picks the variant a line means.

Deterministic: one food per line, sorted by id. `make food-catalog` runs it after the catalog.
Python 3 standard library only.
"""

import argparse
import csv
import importlib.util
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
RESOURCES = os.path.join(ROOT, "Sources", "LarderCore", "Resources")


def load_catalog_module():
    """build-food-catalog.py, for its name folding, SR reader and Tandoor name variants."""
    spec = importlib.util.spec_from_file_location(
        "build_food_catalog", os.path.join(HERE, "build-food-catalog.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CATALOG = load_catalog_module()

# abbrev.csv columns, in the order of nutrients.tsv.
SR_COLUMNS = [
    ("kcal", "Energ_Kcal"), ("protein", "Protein_g"), ("fat", "Lipid_Tot_g"),
    ("saturated", "FA_Sat_g"), ("carbohydrate", "Carbohydrt_g"), ("sugars", "Sugar_Tot_g"),
    ("fibre", "Fiber_TD_g"), ("sodium", "Sodium_mg"),
]
TANDOOR_PROPERTIES = {
    "property-calories": "kcal", "property-proteins": "protein", "property-fats": "fat",
    "property-carbohydrates": "carbohydrate",
}

# Food groups whose raw or dry entries have cooked and canned variants: legumes, cereal grains.
VARIANT_GROUPS = {"1600", "2000"}
# Words of a raw or dry entry's state, and of the entries' "mature seeds": left out when
# descriptions are compared.
STATE_WORDS = {"raw", "uncooked", "dry", "mature", "seeds", "seed"}
VARIANT_WORDS = {
    "cooked": {"cooked", "boiled", "without", "salt"},
    "canned": {"canned", "solids", "and", "liquids", "plain"},
}
# A variant with these words is not the plain cooked or canned food: salted, low sodium,
# sweetened, with pork, drained or rinsed solids.
NOT_PLAIN = {"with", "salted", "low", "sodium", "sweetened", "drained", "rinsed", "sugar"}
# Variants SR26 does not pair by description, by raw NDB, with the reason.
VARIANT_OVERRIDES = {
    # Black beans are canned only as "low sodium" in SR26; black turtle beans are the black
    # beans sold in cans, and their canned entry has the same figures with ordinary sodium.
    "16014": {"canned": "16018"},
    # SR26 has no cooked pink (red) lentils: the cooked lentils stand in (the raw figures
    # differ by under 1 % in energy).
    "16144": {"cooked": "16070"},
    # Soybeans' cooked entry reads "Soybeans, mature cooked, boiled, without salt"; it matches
    # by words already. Barley is linked hulled, whose cooked form SR26 does not give: the
    # cooked pearled barley is what a recipe's "cooked barley" is.
    "20004": {"cooked": "20006"},
}


def description_words(description):
    """A FOOD_DES description's words, lower case, without its parenthesised part."""
    return re.findall(r"[a-z][a-z-]*", re.sub(r"\([^)]*\)", " ", description.lower()))


def find_variants(base, nutrient_rows):
    """Raw NDB -> {"cooked": NDB, "canned": NDB} for raw or dry legume and grain entries."""
    described = {row[0]: (row[1], row[2]) for row in CATALOG.read_sr(
        os.path.join(base, "FOOD_DES.txt"))}
    by_key = {}
    for ndb, (group, desc) in described.items():
        if group not in VARIANT_GROUPS or ndb not in nutrient_rows:
            continue
        words = description_words(desc)
        if NOT_PLAIN & set(words):
            continue
        for kind, kind_words in VARIANT_WORDS.items():
            if kind in words:
                key = (group, tuple(sorted(set(words) - kind_words - STATE_WORDS)))
                by_key.setdefault((key, kind), []).append((len(desc), ndb))
    variants = {}
    for ndb, (group, desc) in described.items():
        if group not in VARIANT_GROUPS:
            continue
        words = set(description_words(desc))
        if not words & {"raw", "uncooked", "dry"} and ndb not in VARIANT_OVERRIDES:
            continue
        key = (group, tuple(sorted(words - STATE_WORDS)))
        found = {}
        for kind in VARIANT_WORDS:
            if (key, kind) in by_key:
                found[kind] = min(by_key[(key, kind)])[1]
        found.update(VARIANT_OVERRIDES.get(ndb, {}))
        if found:
            variants[ndb] = found
    return variants


# Sizes as SR26 writes them, longest first, and the key Larder looks a line's size word up by.
SIZES = [("extra large", "extra-large"), ("extra small", "extra-small"), ("jumbo", "jumbo"),
         ("large", "large"), ("medium", "medium"), ("small", "small")]
# Count units (IngredientUnit ids) a WEIGHT.txt measure can name. Containers (can, package,
# jar...) are left out: their size is the product's, and a line that matters says it
# ("1 (14 oz) can").
COUNT_UNITS = {
    "clove": "clove", "cloves": "clove", "slice": "slice", "slices": "slice", "stalk": "stalk",
    "stalks": "stalk", "rib": "stalk", "ribs": "stalk", "stick": "stick", "sticks": "stick",
    "head": "head", "heads": "head", "bunch": "bunch", "sprig": "sprig", "sprigs": "sprig",
    "leaf": "leaf", "leaves": "leaf", "fillet": "fillet", "filet": "fillet", "ear": "ear",
    "pod": "pod", "pods": "pod", "strip": "strip", "strips": "strip", "piece": "piece",
    "pieces": "piece", "cube": "cube", "cubes": "cube", "sheet": "sheet", "loaf": "loaf",
    "bulb": "bulb", "rasher": "rasher",
}
# Words SR26 uses for one whole item of the food: a plain count ("2 lemons") weighs this.
WHOLE_WORDS = {"fruit", "whole", "each", "item", "egg", "pepper", "bagel", "tortilla",
               "muffin", "roll", "bun", "potato", "onion", "avocado", "banana", "apple",
               "peach", "pear", "orange", "lime", "lemon", "kiwifruit", "plum", "fig", "date",
               "nectarine", "apricot", "mango", "cucumber", "zucchini", "squash", "tomato",
               "carrot", "shallot", "chicken breast", "breast", "thigh", "drumstick", "wing"}
# A plain count of these foods means a size a cook expects rather than the first SR26 lists:
# recipes' eggs are large ones (50 g), as US and UK baking books assume.
PLAIN_COUNT_SIZE = {"egg": "large"}


def read_catalog(path):
    """Food ids with their SR26 numbers, and a folded name -> id index."""
    foods, names = {}, {}
    with open(path, encoding="utf-8") as handle:
        rows = [line.rstrip("\n").split("\t") for line in handle if not line.startswith("#")]
    header = rows[0]
    for row in rows[1:]:
        record = dict(zip(header, row))
        fid = record["id"]
        foods[fid] = record.get("usda", "")
        for name in [record["name"], record.get("plural", "")] + [
                s for s in record.get("synonyms", "").split(";") if s]:
            if name:
                names.setdefault(CATALOG.key_of(name), fid)
    return foods, names


def number(text):
    text = (text or "").strip()
    if not text:
        return None
    try:
        value = float(text)
    except ValueError:
        return None
    return value if value >= 0 else None


def portion_key(description):
    """The key of a WEIGHT.txt measure ("large", "clove", "each"), and how plain it is.

    Volumes and masses are not pieces (the density covers them). Lower rank is plainer:
    "slice" before "slice, medium" before "slice, large".
    """
    desc = description.lower().strip()
    head = re.split(r"[,(]", desc)[0].strip()
    rest = desc[len(head):].strip(" ,")
    words = head.split()
    if not words:
        return None
    for text, key in SIZES:
        if head == text or head.startswith(text + " "):
            tail = head[len(text):].strip()
            if tail in ("", "whole", "fruit", "egg", "eggs") or tail in WHOLE_WORDS:
                return key, 0
            return None
    if head in COUNT_UNITS:
        unit = COUNT_UNITS[head]
        if not rest:
            return unit, 0
        return unit, 1 if rest.startswith("medium") else 2
    # "lemon yields" (48 g of juice): what one fruit gives of a juice.
    if len(words) == 2 and words[1] == "yields":
        return "each", 0
    if head in WHOLE_WORDS or (words[0] == "whole" and len(words) <= 2):
        return "each", 0
    return None


def format_number(value):
    if value is None:
        return ""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return text if text else "0"


def read_sr_nutrients(base):
    rows = {}
    with open(os.path.join(base, "abbrev.csv"), encoding="latin-1", newline="") as handle:
        for row in csv.DictReader(handle):
            rows[row["NDB_No"]] = row
    return rows


def read_sr_portions(base):
    portions = {}
    for row in CATALOG.read_sr(os.path.join(base, "WEIGHT.txt")):
        try:
            ndb, seq, amount, desc, grams = row[0], int(row[1]), float(row[2]), row[3], float(
                row[4])
        except (ValueError, IndexError):
            continue
        if amount <= 0 or grams <= 0:
            continue
        found = portion_key(desc)
        if found is None:
            continue
        key, rank = found
        candidate = (rank, seq, grams / amount, desc)
        held = portions.setdefault(ndb, {})
        if key not in held or candidate < held[key]:
            held[key] = candidate
    return portions


def link_tandoor(data_dir, names):
    base = os.path.join(data_dir, "ingredient-taxonomy", "open-tandoor-data", "data")
    foods = CATALOG.load_json(os.path.join(base, "food", "base", "data.json"))["data"]
    conversions = CATALOG.load_json(
        os.path.join(base, "conversion", "base", "data.json"))["data"]
    linked = {}
    for tid in sorted(foods):
        record = foods[tid]
        # The plural only as written: its bracketed part is often the food itself
        # ("Flour (spelt whole grain)"), so dropping it would file spelt under flour.
        for variant in CATALOG.tandoor_name_variants(record["name"]) + [
                record.get("plural_name") or ""]:
            owner = names.get(CATALOG.key_of(variant)) if variant else None
            if owner:
                linked.setdefault(owner, tid)
                break
    macros, pieces = {}, {}
    for fid, tid in sorted(linked.items()):
        props = foods[tid].get("properties") or {}
        if props.get("food_unit") != "unit-g" or not props.get("food_amount"):
            continue
        scale = 100.0 / float(props["food_amount"])
        values = {}
        for entry in props.get("type_values", []):
            key = TANDOOR_PROPERTIES.get(entry.get("property_type"))
            value = number(str(entry.get("property_value")))
            if key and value is not None:
                values[key] = value * scale
        # All zeros is a placeholder (Tandoor's mustard, Aleppo pepper), not a measurement.
        if {"protein", "fat", "carbohydrate"} <= values.keys() and any(values.values()):
            macros[fid] = (tid, foods[tid].get("fdc_id"), values)
    by_tandoor = {tid: fid for fid, tid in linked.items()}
    for cid in sorted(conversions):
        c = conversions[cid]
        fid = by_tandoor.get(c["food"])
        if fid is None or c["base_unit"] != "unit-pcs" or c["converted_unit"] != "unit-g":
            continue
        amount, grams = float(c["base_amount"]), float(c["converted_amount"])
        if amount > 0 and grams > 0:
            pieces.setdefault(fid, (cid, grams / amount))
    return macros, pieces


NUTRIENT_HEADER = """\
# Larder nutrients: per 100 g edible portion of the catalog's foods, one food per line.
# GENERATED by scripts/build-nutrients.py (make food-catalog); edit the script, not this file.
#
# Sources and licences:
#   sr26:NDB   USDA ARS, National Nutrient Database for Standard Reference, Release 26,
#              ABBREV (abbrev.csv), matched through foods.tsv's usda column.
#              U.S. Government work, public domain.
#   otd:FOOD   Open Tandoor Data, https://github.com/TandoorRecipes/open-tandoor-data, DbCL 1.0:
#              a food's FoodData Central macros (kcal, protein, fat, carbohydrate) as the
#              project records them (fdc id after the slash); energy worked out from the
#              macros (4, 9, 4 kcal/g) when it gives none.
#
# Columns: id, source, energy (kcal), protein (g), fat (g), saturated fat (g), carbohydrate
# (g), sugars (g), fibre (g), sodium (mg), density (g/ml). Empty means not known, never zero.
# Energy in kJ is kcal x 4.184 and salt is sodium x 2.5, as EU labels show; Larder works both
# out.
#
# Variants: `ID/cooked` and `ID/canned` are the same food cooked (boiled, without salt) and
# canned (solids and liquids, as the can holds them), for a food whose own row is a raw or
# dry legume or grain; the plain `ID` row stays the dry food. Only variant rows have a
# density (from the SR26 entry's cup): the plain food weighs by foods.tsv's density. The
# calculator picks the variant a line means ("1 (15 oz) can", "cooked", "dried").
"""

PORTION_HEADER = """\
# Larder food portions: the grams in one piece of a catalog food, by the size word or count
# unit a line writes ("2 large eggs", "3 cloves garlic") or a plain count ("2 lemons": each).
# GENERATED by scripts/build-nutrients.py (make food-catalog); edit the script, not this file.
#
# Sources and licences: USDA ARS SR26 WEIGHT.txt (sr26:NDB, the measure as SR26 writes it;
# U.S. Government work, public domain) and Open Tandoor Data's piece conversions (otd:ID;
# DbCL 1.0, https://github.com/TandoorRecipes/open-tandoor-data).
#
# Columns: id, portion (a size: extra-small, small, medium, large, extra-large, jumbo; a count
# unit id: clove, slice, stalk...; or each), grams, source.
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", default=os.path.join(ROOT, "..", "shared", "data"))
    parser.add_argument("--catalog", default=os.path.join(RESOURCES, "foods.tsv"))
    parser.add_argument("--out", default=os.path.join(RESOURCES, "nutrients.tsv"))
    parser.add_argument("--portions-out", default=os.path.join(RESOURCES, "food-portions.tsv"))
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args()
    base = os.path.join(args.data, "usda-sr26")
    for needed in (os.path.join(base, "abbrev.csv"), os.path.join(base, "WEIGHT.txt"),
                   os.path.join(args.data, "ingredient-taxonomy", "open-tandoor-data")):
        if not os.path.exists(needed):
            sys.exit(f"missing {needed}: point --data at shared/data")

    foods, names = read_catalog(args.catalog)
    sr = read_sr_nutrients(base)
    sr_portions = read_sr_portions(base)
    macros, tandoor_pieces = link_tandoor(args.data, names)
    variants = find_variants(base, sr)
    sr_weights = {}
    for row in CATALOG.read_sr(os.path.join(base, "WEIGHT.txt")):
        try:
            sr_weights.setdefault(row[0], []).append((float(row[2]), row[3], float(row[4])))
        except (ValueError, IndexError):
            continue

    nutrient_rows, portion_rows = [], []
    counts = {"sr26": 0, "variants": 0, "otd": 0, "otd energy from macros": 0, "portions": 0,
              "foods with portions": 0}
    for fid in sorted(foods):
        ndb = foods[fid]
        if ndb and ndb in sr:
            row = sr[ndb]
            values = [format_number(number(row[column])) for _, column in SR_COLUMNS]
            nutrient_rows.append([fid, f"sr26:{ndb}"] + values + [""])
            counts["sr26"] += 1
            for kind, variant in sorted(variants.get(ndb, {}).items()):
                row = sr[variant]
                density = CATALOG.measure_density(sr_weights.get(variant, []))
                nutrient_rows.append([f"{fid}/{kind}", f"sr26:{variant}"] + [
                    format_number(number(row[column])) for _, column in SR_COLUMNS] + [
                    format_number(density)])
                counts["variants"] += 1
        elif fid in macros:
            tid, fdc, values = macros[fid]
            if "kcal" not in values:
                values["kcal"] = 4 * values["protein"] + 9 * values["fat"] + 4 * values[
                    "carbohydrate"]
                counts["otd energy from macros"] += 1
            source = f"otd:{tid}" + (f"/{fdc}" if fdc else "")
            nutrient_rows.append([fid, source] + [
                format_number(values.get(key)) for key, _ in SR_COLUMNS] + [""])
            counts["otd"] += 1
        found = {}
        if ndb and ndb in sr_portions:
            for key, (_, _, grams, desc) in sr_portions[ndb].items():
                found[key] = (grams, f"sr26:{ndb} 1 {desc}")
        if "each" not in found:
            plain = PLAIN_COUNT_SIZE.get(fid)
            for size in ([plain] if plain else []) + ["medium", "large", "small"]:
                if size in found:
                    found["each"] = (found[size][0], found[size][1])
                    break
        if "each" not in found and fid in tandoor_pieces:
            cid, grams = tandoor_pieces[fid]
            found["each"] = (grams, f"otd:{cid}")
        if fid in PLAIN_COUNT_SIZE and PLAIN_COUNT_SIZE[fid] in found:
            found["each"] = found[PLAIN_COUNT_SIZE[fid]]
        for key in sorted(found):
            grams, source = found[key]
            portion_rows.append([fid, key, format_number(grams), source])
        if found:
            counts["foods with portions"] += 1
        counts["portions"] += len(found)

    summary = (f"#\n# This build: {counts['sr26']} foods from SR26 ({counts['variants']} cooked "
               f"or canned variants besides), {counts['otd']} from Open Tandoor Data "
               f"({counts['otd energy from macros']} with energy from macros).\n")
    with open(args.out, "w", encoding="utf-8") as handle:
        handle.write(NUTRIENT_HEADER + summary)
        handle.write("id\tsource\t" + "\t".join(key for key, _ in SR_COLUMNS) + "\tdensity\n")
        for row in nutrient_rows:
            handle.write("\t".join(row) + "\n")
    with open(args.portions_out, "w", encoding="utf-8") as handle:
        handle.write(PORTION_HEADER + f"#\n# This build: {counts['portions']} portions of "
                     f"{counts['foods with portions']} foods.\n")
        handle.write("id\tportion\tgrams\tsource\n")
        for row in portion_rows:
            handle.write("\t".join(row) + "\n")
    if not args.quiet:
        for key, value in counts.items():
            print(f"{key:>30}: {value}")


if __name__ == "__main__":
    main()
