"""Loads Larder's pages in headless Chromium and reports, per page, the median over runs of the
Navigation Timing marks and of `larder-ready`: the moment the page's script has rendered its
first results (for the home page, the finder's answer for a five-food pantry)."""

import json
import statistics
import sys

from selenium.webdriver.common.by import By

from browser import BASE, make_driver

PANTRY = [{"id": food, "name": food} for food in ("egg", "onion", "garlic", "rice", "butter")]
SCRIPT = """
const nav = performance.getEntriesByType('navigation')[0];
const ready = performance.getEntriesByName('larder-ready')[0];
return {responseEnd: nav.responseEnd, domInteractive: nav.domInteractive,
        domContentLoaded: nav.domContentLoadedEventEnd, load: nav.loadEventEnd,
        ready: ready ? ready.startTime : null, transferBytes: nav.transferSize};
"""


def measure(driver, path, runs):
    samples = []
    for _ in range(runs + 1):  # the first load warms the server and the browser's cache
        driver.get(BASE + path)
        driver.execute_async_script("""
          const done = arguments[0];
          const check = () => document.documentElement.dataset.ready === 'true' && performance
            .getEntriesByType('navigation')[0].loadEventEnd > 0 ? done() : setTimeout(check, 5);
          check();""")
        samples.append(driver.execute_script(SCRIPT))
    samples = samples[1:]
    return {key: round(statistics.median(sample[key] for sample in samples), 1)
            for key in samples[0] if samples[0][key] is not None}


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    driver = make_driver()
    driver.set_script_timeout(60)
    # Signed in as the account bench_tti.sh made; signing in is not measured.
    driver.get(BASE + "/login")
    driver.find_element(By.NAME, "login").send_keys("bench")
    driver.find_element(By.NAME, "password").send_keys("bench password")
    driver.find_element(By.CSS_SELECTOR, "main form button[type='submit']").click()
    try:
        driver.get(BASE + "/settings")
        # Build the server's in-memory library once, as any first visit does, before timing.
        driver.execute_script("return fetch('/api/v1/library?limit=1').then(r => r.text())")
        driver.execute_script("localStorage.setItem('larder.pantry', arguments[0])", json.dumps(PANTRY))
        health = json.loads(driver.execute_script(
            "return fetch('/api/v1/health').then(r => r.text())"))
        result = {"recipes": health["recipes"], "runs": runs, "browser": driver.capabilities.get("browserVersion"),
                  "pages": {path: measure(driver, path, runs) for path in ("/", "/library")}}
        # The recipe page, with scaling and pantry marks, for one recipe.
        first = json.loads(driver.execute_script(
            "return fetch('/api/v1/library?limit=1').then(r => r.text())"))["items"][0]["id"]
        result["pages"]["/recipes/{id}"] = measure(driver, f"/recipes/{first}", runs)
        print(json.dumps(result, indent=2))
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
