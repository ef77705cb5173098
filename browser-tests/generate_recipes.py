"""Writes N generated schema.org recipes as one JSON array, deterministic for a given N, with
ingredient lines drawn from common foods so the finder and the library have real work."""

import json
import random
import sys

FOODS = [
    "all-purpose flour", "sugar", "butter", "eggs", "milk", "onion", "garlic", "olive oil",
    "tomatoes", "chicken breast", "rice", "carrots", "potatoes", "lemon juice", "parsley",
    "cheddar cheese", "spinach", "chickpeas", "ground beef", "cumin", "paprika", "basil",
    "mushrooms", "bell pepper", "ginger", "soy sauce", "honey", "yogurt", "cream", "lentils",
    "celery", "zucchini", "pasta", "bread crumbs", "vanilla extract", "baking powder", "salmon",
    "coconut milk", "lime juice", "cilantro", "black beans", "corn", "feta cheese", "oats",
]
UNITS = ["cup", "cups", "tbsp", "tsp", "g", "ml", ""]
COURSES = ["Dinner", "Lunch", "Breakfast", "Dessert", "Side dish", "Soup", "Snack"]
CUISINES = ["Italian", "Mexican", "Indian", "French", "Thai", "American", "Greek", "Japanese"]
DIETS = [[], [], ["vegetarian"], ["vegan"], ["gluten-free"]]
WORDS = ["Quick", "Easy", "Smoky", "Herby", "Golden", "Rustic", "Spiced", "Creamy", "Zesty"]


def recipe(rng, index):
    foods = rng.sample(FOODS, rng.randint(4, 11))
    lines = []
    for food in foods:
        unit = rng.choice(UNITS)
        amount = rng.choice(["1", "2", "1/2", "3", "250", "100", "1 1/2"])
        lines.append(" ".join(part for part in (amount, unit, food) if part))
    name = f"{rng.choice(WORDS)} {foods[0].title()} with {foods[1].title()} #{index}"
    return {
        "@context": "https://schema.org", "@type": "Recipe", "name": name,
        "description": f"Generated recipe {index} for the time-to-interactive benchmark.",
        "recipeIngredient": lines,
        "recipeInstructions": [f"Prepare the {food}." for food in foods[:3]] + ["Cook for 20 minutes."],
        "prepTime": f"PT{rng.randint(5, 30)}M", "cookTime": f"PT{rng.randint(5, 90)}M",
        "recipeYield": str(rng.randint(2, 8)),
        "recipeCategory": rng.choice(COURSES), "recipeCuisine": rng.choice(CUISINES),
        "suitableForDiet": rng.choice(DIETS), "keywords": "generated",
        "identifier": f"urn:larder:bench:{index}",
    }


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    rng = random.Random(20261129)
    json.dump([recipe(rng, index) for index in range(count)], sys.stdout)


if __name__ == "__main__":
    main()
