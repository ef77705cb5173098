#!/usr/bin/env python3
"""Runs the peer ingredient parser (ingredient-parser-nlp 2.9.1) over ingredient lines.

Reads one line per input line, either JSON lines (each a JSON string or an object with an
"input" key; the default) or plain text (--text), from standard input or a file, and writes one
JSON object per line in the same order, with the fields `larder ingredients parse` writes:

    input, quantity, quantityMax, unit, unitText, size, name, preparation, comment, purpose

so that `larder-bench ingredients` scores both parsers with the same code. How the peer's
ParsedIngredient maps onto those fields:

- amount: the peer's first amount (amount[0], its primary; for "1 (14 oz) can" that is
  "1 can"). A CompositeIngredientAmount ("1 lb 9 oz") contributes its first part.
- quantity: the amount's quantity as a number (Fraction -> float). The peer returns some
  quantities as text ("few", "1 dozen"); those become null, as a parser that finds no number.
- quantityMax: quantity_max when it differs from quantity (the peer repeats the quantity there
  when the amount is not a range), else null.
- unit: the peer's unit as text: a pint unit by name with underscores as spaces ("gram",
  "fluid ounce", "tablespoon"), or the peer's own string for units pint does not know
  ("cloves", "tins"); null when the amount has no unit. The benchmark maps it through Larder's
  unit table, exactly as it does for Larder's own output.
- unitText: the unit part of the peer's amount text ("150 g" -> "g", "3-4 tbsps" -> "tbsps");
  the peer rewrites amounts, so this is its rendering rather than the original characters.
- name: the peer's name with separate_names=False, so "X or Y" stays one name as in the
  labels; several names, should the peer still return them, are joined with " or ".
- size, preparation, comment, purpose: the text of the peer's IngredientText, or null.

A line the peer fails on gives nulls and an "error" field, so one bad line cannot end a run.
NLTK_DATA must point at a folder holding taggers/averaged_perceptron_tagger_eng (see
scripts/peer/setup.sh); the peer would otherwise try to download it.
"""

import argparse
import json
import sys
import time
from fractions import Fraction

_IMPORT_START = time.perf_counter()
import nltk  # noqa: E402

# The peer downloads the tagger when NLTK cannot find one of these files; this network cannot,
# so stop first. (NLTK also looks in <venv>/nltk_data, where setup.sh puts them.)
try:
    for part in ("classes", "tagdict", "weights"):
        nltk.data.find(
            f"taggers/averaged_perceptron_tagger_eng/averaged_perceptron_tagger_eng.{part}.json"
        )
except LookupError:
    sys.exit(
        "parse_lines.py: NLTK's averaged_perceptron_tagger_eng is not under NLTK_DATA; "
        "run `make peer` and set NLTK_DATA=.venv-peer/nltk_data"
    )
from ingredient_parser import parse_ingredient  # noqa: E402 (timed: part of the start-up)

_IMPORT_SECONDS = time.perf_counter() - _IMPORT_START

# The fields of every output object, as `larder ingredients parse` names them.
FIELDS = (
    "input",
    "quantity",
    "quantityMax",
    "unit",
    "unitText",
    "size",
    "name",
    "preparation",
    "comment",
    "purpose",
)


def number(value):
    """The peer's quantity as a float, or None when it is text such as "few"."""
    if isinstance(value, (Fraction, int, float)) and not isinstance(value, bool):
        return float(value)
    return None


def text_of(value):
    """The text of an IngredientText, a list of them, or None."""
    if value is None:
        return None
    if isinstance(value, list):
        texts = [item.text for item in value if getattr(item, "text", None)]
        return " or ".join(texts) if texts else None
    return getattr(value, "text", None) or None


def unit_name(unit):
    """The peer's unit as text: pint units by name ("fluid ounce"), strings as given."""
    if unit is None:
        return None
    name = str(unit).replace("_", " ").strip()
    return name or None


def unit_text(amount_text):
    """The unit part of the peer's amount text: everything after the quantity."""
    words = (amount_text or "").split()
    for index, word in enumerate(words):
        if any(character.isdigit() for character in word):
            rest = " ".join(words[index + 1 :])
            return rest or None
    return None


def first_amount(amounts):
    """The peer's primary amount; the first part of a composite amount."""
    if not amounts:
        return None
    amount = amounts[0]
    parts = getattr(amount, "amounts", None)
    return parts[0] if parts else amount


def convert(line):
    """One output object for one input line."""
    parsed = parse_ingredient(line, separate_names=False)
    amount = first_amount(parsed.amount)
    quantity = quantity_max = unit = written_unit = None
    if amount is not None:
        quantity = number(amount.quantity)
        maximum = number(amount.quantity_max)
        if quantity is not None and maximum is not None and maximum != quantity:
            quantity_max = maximum
        unit = unit_name(amount.unit)
        written_unit = unit_text(amount.text) if unit else None
    return {
        "input": line,
        "quantity": quantity,
        "quantityMax": quantity_max,
        "unit": unit,
        "unitText": written_unit,
        "size": text_of(parsed.size),
        "name": text_of(parsed.name),
        "preparation": text_of(parsed.preparation),
        "comment": text_of(parsed.comment),
        "purpose": text_of(parsed.purpose),
    }


def read_line(raw, plain_text):
    """The ingredient line held by one input line."""
    if plain_text:
        return raw.rstrip("\r\n")
    value = json.loads(raw)
    if isinstance(value, dict):
        value = value.get("input", "")
    if not isinstance(value, str):
        raise ValueError("expected a JSON string or an object with an 'input' string")
    return value


def main():
    arguments = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    arguments.add_argument("file", nargs="?", help="input file (default: standard input)")
    arguments.add_argument("--text", action="store_true", help="plain text lines, not JSON")
    arguments.add_argument(
        "--stats",
        metavar="FILE",
        help="write timings as JSON to FILE: lines, importSeconds, warmUpSeconds (the first "
        "parse, which loads the model), parseSeconds (every line after that)",
    )
    options = arguments.parse_args()

    warm_up_start = time.perf_counter()
    parse_ingredient("1 cup flour")
    warm_up_seconds = time.perf_counter() - warm_up_start

    source = open(options.file, encoding="utf-8") if options.file else sys.stdin
    output = sys.stdout
    parse_seconds = 0.0
    count = 0
    for number_in_input, raw in enumerate(source, start=1):
        if not options.text and not raw.strip():
            continue
        try:
            line = read_line(raw, options.text)
        except ValueError as error:
            sys.exit(f"parse_lines.py: line {number_in_input}: {error}")
        start = time.perf_counter()
        try:
            record = convert(line)
        except Exception as error:  # the peer failed on this line; record it and go on
            record = dict.fromkeys(FIELDS)
            record.update(input=line, error=f"{type(error).__name__}: {error}")
        parse_seconds += time.perf_counter() - start
        count += 1
        output.write(json.dumps(record, ensure_ascii=False) + "\n")
    output.flush()
    if options.stats:
        from importlib.metadata import version

        stats = {
            "lines": count,
            "importSeconds": _IMPORT_SECONDS,
            "warmUpSeconds": warm_up_seconds,
            "parseSeconds": parse_seconds,
            "version": version("ingredient-parser-nlp"),
        }
        with open(options.stats, "w", encoding="utf-8") as handle:
            json.dump(stats, handle)


if __name__ == "__main__":
    main()
