"""Hands-free cook mode: steps read aloud in the recipe's language, voice commands, and the
buttons and keys that do the same where the browser cannot hear.

The browser's speech is replaced before any of the page's scripts run (Chrome DevTools'
`Page.addScriptToEvaluateOnNewDocument`), by stubs that record each utterance's text and
language in `window.__spoken` and let the test say something to the page's recogniser with
`window.__hear(...)`. The app's code is the real one."""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser import BrowserTestCase, api

SPEECH_STUB = """
window.__spoken = [];
window.__cancels = 0;
window.SpeechSynthesisUtterance = class {
  constructor(text) { this.text = text; this.lang = ''; this.voice = null; }
};
const synthesis = {
  speaking: false, pending: false, paused: false,
  speak(utterance) { window.__spoken.push({ text: utterance.text, lang: utterance.lang }); },
  cancel() { window.__cancels += 1; },
  pause() {}, resume() {}, getVoices() { return []; },
  addEventListener() {}, removeEventListener() {},
};
Object.defineProperty(window, 'speechSynthesis', { value: synthesis, configurable: true });
"""

# A recogniser that records how it was set up and started, and hears what the test says.
RECOGNITION_STUB = """
window.__recognizers = [];
window.__recognitionStarts = 0;
class StubRecognition extends EventTarget {
  constructor() {
    super();
    this.lang = ''; this.continuous = false; this.interimResults = false; this.maxAlternatives = 1;
    this.running = false;
    window.__recognizers.push(this);
  }
  fire(type, fields = {}) {
    const event = Object.assign(new Event(type), fields);
    this.dispatchEvent(event);
    this['on' + type]?.(event);
  }
  start() {
    if (this.running) throw new DOMException('already started', 'InvalidStateError');
    this.running = true;
    window.__recognitionStarts += 1;
    setTimeout(() => this.fire('start'));
  }
  stop() { this.end(); }
  abort() { this.end(); }
  end() {
    if (!this.running) return;
    this.running = false;
    setTimeout(() => this.fire('end'));
  }
}
window.SpeechRecognition = StubRecognition;
window.webkitSpeechRecognition = StubRecognition;
window.__recognizer = () => window.__recognizers[window.__recognizers.length - 1];
window.__hear = (transcript) => {
  const result = [{ transcript, confidence: 0.9 }];
  result.isFinal = true;
  window.__recognizer().fire('result', { resultIndex: 0, results: [result] });
};
"""

NO_RECOGNITION = """
delete window.SpeechRecognition;
delete window.webkitSpeechRecognition;
"""

NO_SYNTHESIS = """
Object.defineProperty(window, 'speechSynthesis', { value: undefined, configurable: true });
delete window.SpeechSynthesisUtterance;
"""

STEPS = [
    "Toast the bread for 2 seconds.",
    "Rub the toast with the garlic.",
    "Drizzle with olive oil and salt.",
]


class HandsFreeCookMode(BrowserTestCase):
    """Its own browser: the stubs stay in every page this browser opens until removed."""

    def stub(self, *scripts):
        added = self.driver.execute_cdp_cmd(
            "Page.addScriptToEvaluateOnNewDocument", {"source": "\n".join(scripts)})
        self.addCleanup(self.driver.execute_cdp_cmd, "Page.removeScriptToEvaluateOnNewDocument",
                        {"identifier": added["identifier"]})

    def make_recipe(self, name, steps, ingredients=("2 slices bread", "1 clove garlic")):
        created = api("/api/v1/recipes", "POST", {
            "name": name, "ingredients": list(ingredients), "steps": steps, "yield": {"servings": 2},
        })
        self.addCleanup(api, f"/api/v1/recipes/{created['id']}", "DELETE")
        return created["id"]

    def open_cook_mode(self, recipe):
        self.open(f"/recipes/{recipe}")
        self.tap("#cook-mode-open")
        self.wait(lambda d: d.find_element(By.ID, "cook-mode").is_displayed())

    def spoken(self):
        return self.driver.execute_script("return window.__spoken")

    def wait_spoken(self, text, count=None, message=""):
        """Waits until `text` is the last utterance (and, given `count`, the count'th in all)."""
        def check(driver):
            spoken = driver.execute_script("return window.__spoken")
            return spoken and spoken[-1]["text"] == text and (count is None or len(spoken) == count) and spoken[-1]
        return self.wait(check, 5, message or f"{text!r} is spoken")

    def step(self):
        return self.text(".cook-count")

    def hear(self, transcript):
        self.driver.execute_script("window.__hear(arguments[0])", transcript)

    def test_read_aloud_speaks_each_step_and_voice_commands_move_them(self):
        recipe = self.make_recipe("Hands-free Garlic Toast", STEPS)
        self.stub(SPEECH_STUB, RECOGNITION_STUB)
        self.open_cook_mode(recipe)
        self.assertEqual(self.spoken(), [], "Read aloud is off at first")
        read_aloud = self.find("#cook-read-aloud")
        self.assertEqual(read_aloud.get_attribute("aria-pressed"), "false")
        self.assertEqual(self.find("#cook-step").get_attribute("aria-live"), "polite")

        # Turning Read aloud on says the step shown, in the recipe's language.
        read_aloud.click()
        self.assertEqual(read_aloud.get_attribute("aria-pressed"), "true")
        self.assertEqual(self.wait_spoken(STEPS[0], 1)["lang"], "en")

        # Next by button, then by key: each step is said as it is shown.
        self.find("#cook-mode .cook-nav button:last-child").click()
        self.assertEqual(self.step(), "Step 2 of 3")
        self.wait_spoken(STEPS[1], 2)
        self.driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
        self.assertEqual(self.step(), "Step 3 of 3")
        self.wait_spoken(STEPS[2], 3)
        # Next on the last step stays there and says nothing again.
        self.driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
        self.assertEqual(self.step(), "Step 3 of 3")
        self.assertEqual(len(self.spoken()), 3)

        # Listening: a visible indicator, a continuous recogniser in the recipe's language.
        self.assertFalse(self.find("#cook-listening").is_displayed())
        listen = self.find("#cook-listen")
        self.assertTrue(listen.is_displayed())
        listen.click()
        self.assertEqual(listen.get_attribute("aria-pressed"), "true")
        self.assertTrue(self.find("#cook-listening").is_displayed())
        self.assertIn("Listening", self.text("#cook-voice-status"))
        recognizer = self.driver.execute_script(
            "const r = window.__recognizer(); return {lang: r.lang, continuous: r.continuous, running: r.running}")
        self.assertEqual(recognizer, {"lang": "en", "continuous": True, "running": True})
        self.screenshot("cook-mode-hands-free")

        self.hear("back")
        self.assertEqual(self.step(), "Step 2 of 3")
        self.wait_spoken(STEPS[1], 4)
        self.hear("Repeat.")
        self.assertEqual(self.step(), "Step 2 of 3")
        self.wait_spoken(STEPS[1], 5, "repeat says the step again")
        self.hear("Next, add the flour")  # a sentence that is not a command moves nothing
        self.assertEqual(self.step(), "Step 2 of 3")
        self.hear("okay next")
        self.assertEqual(self.step(), "Step 3 of 3")
        self.wait_spoken(STEPS[2], 6)

        # The recogniser is started again when the browser ends it, while Listen is on.
        starts = self.driver.execute_script("return window.__recognitionStarts")
        self.driver.execute_script("window.__recognizer().end()")
        self.wait(lambda d: d.execute_script("return window.__recognitionStarts") == starts + 1,
                  message="listening restarts after end")

        # "start timer" starts the step's first timer, which says when it is done.
        self.hear("back")
        self.hear("back")
        self.assertEqual(self.step(), "Step 1 of 3")
        self.assertEqual(self.find_all(".timers .timer"), [])
        self.hear("start timer")
        self.assertEqual(self.text(".timers .timer-name"), "Step 1: 2 seconds")
        self.wait(lambda d: d.execute_script(
            "return document.querySelector('.timers .timer-left')?.textContent") == "Done!",
            timeout=8, message="the 2-second timer rings")
        self.assertEqual(self.wait_spoken("Timer for step 1 is done")["lang"], "en")
        # A step without a timer says so.
        self.hear("next")
        self.hear("start timer")
        self.assertEqual(self.text("#cook-voice-status"), "Step 2 has no timer.")
        self.assertEqual(len(self.find_all(".timers .timer")), 1)

        # Repeat by button, R and Space (on the step, not on a button); "stop" stops speaking.
        count = len(self.spoken())
        self.find("#cook-repeat").click()
        self.wait_spoken(STEPS[1], count + 1)
        self.driver.switch_to.active_element.send_keys("r")
        self.wait_spoken(STEPS[1], count + 2)
        self.driver.execute_script("document.getElementById('cook-step').focus()")
        self.driver.switch_to.active_element.send_keys(Keys.SPACE)
        self.wait_spoken(STEPS[1], count + 3)
        self.assertEqual(self.step(), "Step 2 of 3")
        cancels = self.driver.execute_script("return window.__cancels")
        self.hear("stop")
        self.assertGreater(self.driver.execute_script("return window.__cancels"), cancels)

        # The ingredients on request, line by line.
        self.find("#cook-read-ingredients").click()
        self.assertEqual([entry["text"] for entry in self.spoken()[-2:]], ["2 slices bread", "1 clove garlic"])

        # Closing stops speaking and listening.
        cancels = self.driver.execute_script("return window.__cancels")
        self.find("#cook-mode .close").click()
        self.wait(lambda d: not d.find_element(By.ID, "cook-mode").is_displayed())
        self.assertGreater(self.driver.execute_script("return window.__cancels"), cancels)
        self.assertFalse(self.driver.execute_script("return window.__recognizer().running"))

        # Read aloud is remembered: the next cook mode says its first step on opening.
        self.driver.execute_script("localStorage.removeItem('larder.timers.' + arguments[0])", recipe)
        self.open_cook_mode(recipe)
        self.assertEqual(self.find("#cook-read-aloud").get_attribute("aria-pressed"), "true")
        self.wait_spoken(STEPS[0], 1)
        self.assertEqual(self.find("#cook-listen").get_attribute("aria-pressed"), "false")

    def test_a_german_recipe_is_read_and_heard_in_german(self):
        steps = ["Die Kartoffeln schälen und in Salzwasser 20 Minuten kochen.",
                 "Die Zwiebel fein hacken und mit der Butter anbraten."]
        recipe = self.make_recipe("Kartoffeln mit Zwiebeln", steps, ingredients=(
            "500 g Kartoffeln", "1 Zwiebel", "2 EL Butter", "1 Prise Salz und Pfeffer nach Belieben"))
        self.stub(SPEECH_STUB, RECOGNITION_STUB)
        self.open_cook_mode(recipe)
        self.assertEqual(self.find("#recipe").get_attribute("lang"), "de")
        self.assertEqual(self.find("#cook-step").get_attribute("lang"), "de")
        self.find("#cook-read-aloud").click()
        self.assertEqual(self.wait_spoken(steps[0], 1)["lang"], "de")
        self.find("#cook-listen").click()
        self.assertEqual(self.driver.execute_script("return window.__recognizer().lang"), "de")
        self.hear("Weiter")
        self.assertEqual(self.step(), "Step 2 of 2")
        self.assertEqual(self.wait_spoken(steps[1], 2)["lang"], "de")
        self.hear("zurück")
        self.assertEqual(self.step(), "Step 1 of 2")
        self.hear("next")  # English is always understood
        self.assertEqual(self.step(), "Step 2 of 2")
        self.assertEqual({entry["lang"] for entry in self.spoken()}, {"de"})
        # Its timers are found in German too: "20 Minuten" on step 1.
        self.hear("zurück")
        self.hear("Timer starten")
        self.assertEqual(self.text(".timers .timer-name"), "Step 1: 20 Minuten")
        self.hear("next")

        # The microphone refused: listening stops, and the page says why and what to do.
        self.driver.execute_script(
            "window.__recognizer().fire('error', {error: 'not-allowed'}); window.__recognizer().end()")
        self.wait_text("#cook-voice-status", lambda text: "microphone was refused" in text)
        self.assertEqual(self.find("#cook-listen").get_attribute("aria-pressed"), "false")
        self.assertFalse(self.find("#cook-listening").is_displayed())
        starts = self.driver.execute_script("return window.__recognitionStarts")
        self.driver.execute_script("return new Promise(r => setTimeout(r, 600))")
        self.assertEqual(self.driver.execute_script("return window.__recognitionStarts"), starts,
                         "a refused microphone is not asked again by itself")
        self.find("#cook-mode .close").click()

    def test_without_speech_recognition_buttons_and_keys_still_work(self):
        recipe = self.make_recipe("Hands-free Toast Without a Microphone", STEPS)
        self.stub(SPEECH_STUB, NO_RECOGNITION)
        self.open_cook_mode(recipe)
        self.assertFalse(self.find("#cook-listen").is_displayed(), "no Listen where nothing can hear")
        self.assertFalse(self.find("#cook-listening").is_displayed())
        self.assertIn("cannot hear voice commands", self.text("#cook-voice-note"))
        self.find("#cook-read-aloud").click()
        self.wait_spoken(STEPS[0], 1)
        self.find("#cook-mode .cook-nav button:last-child").click()
        self.assertEqual(self.step(), "Step 2 of 3")
        self.wait_spoken(STEPS[1], 2)
        self.driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
        self.assertEqual(self.step(), "Step 3 of 3")
        self.driver.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
        self.assertEqual(self.step(), "Step 2 of 3")
        self.wait_spoken(STEPS[1], 4)
        self.find("#cook-repeat").click()
        self.wait_spoken(STEPS[1], 5)
        self.find("#cook-mode .cook-nav button:first-child").click()
        self.assertEqual(self.step(), "Step 1 of 3")
        self.wait_spoken(STEPS[0], 6)
        self.driver.switch_to.active_element.send_keys(Keys.ESCAPE)
        self.wait(lambda d: not d.find_element(By.ID, "cook-mode").is_displayed())

    def test_without_speech_at_all_the_page_says_why_and_keys_still_work(self):
        recipe = self.make_recipe("Silent Toast", STEPS)
        self.stub(NO_SYNTHESIS, NO_RECOGNITION)
        self.open_cook_mode(recipe)
        for control in ("#cook-read-aloud", "#cook-read-ingredients", "#cook-listen"):
            self.assertFalse(self.find(control).is_displayed(), control)
        self.assertIn("cannot read steps aloud or hear voice commands", self.text("#cook-voice-note"))
        self.driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
        self.assertEqual(self.step(), "Step 2 of 3")
        # Repeat without speech gives the step the focus, for a screen reader to read again.
        self.find("#cook-repeat").click()
        self.assertEqual(self.driver.switch_to.active_element.get_attribute("id"), "cook-step")
        self.driver.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
        self.assertEqual(self.step(), "Step 1 of 3")
        self.driver.switch_to.active_element.send_keys(Keys.ESCAPE)
        self.wait(lambda d: not d.find_element(By.ID, "cook-mode").is_displayed())
