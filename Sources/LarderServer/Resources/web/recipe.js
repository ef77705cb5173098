// The recipe page: rescale servings, switch units, mark what the pantry has, favourite, rate,
// take notes, print, cook step by step with timers (hands-free too: steps read aloud, voice
// commands), and the recipe's tools: add what's missing to the list, plan it, take what it used
// from the pantry, and delete it (with undo).
import { api, debounce, el, markReady, serverSettings } from './app.js';
import { dayLabel, isoDay, planningAPI } from './planning.js';

const article = document.getElementById('recipe');
const id = article.dataset.recipeId;
const settings = await serverSettings();
const servingsInput = document.getElementById('servings');
const summary = document.getElementById('pantry-summary');

// A viewer's page has no notes form (nor favourite, rating or tools that change something):
// the notes stay as text.
const notesForm = document.getElementById('notes-form');
for (const hidden of ['recipe-actions', 'scaler']) {
  document.getElementById(hidden).hidden = false;
}
if (notesForm) {
  notesForm.hidden = false;
  document.getElementById('notes-text').hidden = true;
}

// MARK: scaling, units, pantry

const unitRadios = [...document.querySelectorAll('input[name="units"]')];
const preferred = unitRadios.find((radio) => radio.value === settings.units);
if (preferred) preferred.checked = true;

function selectedUnits() {
  return unitRadios.find((radio) => radio.checked)?.value || 'original';
}

// "Makes 12 pancakes" follows the servings too: its first number is scaled like the amounts.
const makes = article.querySelector('[data-fact="makes"] dd');
const makesText = makes?.textContent ?? '';

function showMakes(factor) {
  if (!makes) return;
  makes.textContent = makesText.replace(/\d+(?:\.\d+)?/, (number) => {
    const scaled = Number(number) * factor;
    return String(Math.round(scaled * 10) / 10);
  });
}

// Offline, the amounts are rescaled on this device from the last lines Larder gave (or the
// lines as written, which the page shows before its first answer): each line's leading amount,
// or range, times the change in servings, written with the kitchen's fractions.
const FRACTIONS = {
  '½': 1 / 2, '⅓': 1 / 3, '⅔': 2 / 3, '¼': 1 / 4, '¾': 3 / 4, '⅕': 1 / 5, '⅖': 2 / 5, '⅗': 3 / 5,
  '⅘': 4 / 5, '⅙': 1 / 6, '⅚': 5 / 6, '⅛': 1 / 8, '⅜': 3 / 8, '⅝': 5 / 8, '⅞': 7 / 8,
};
const GLYPHS = Object.keys(FRACTIONS).join('');
const NUMBER = `(?:\\d+\\s+\\d+/\\d+|\\d+/\\d+|\\d+(?:[.,]\\d+)?(?:\\s?[${GLYPHS}])?|[${GLYPHS}])`;
const LEADING_AMOUNT = new RegExp(`^(\\s*(?:about |approx\\.? |~)?)(${NUMBER})(\\s*(?:-|–|to)\\s*(${NUMBER}))?`, 'i');
const SHOWN_FRACTIONS = [
  [0, ''], [1 / 8, '⅛'], [1 / 4, '¼'], [1 / 3, '⅓'], [3 / 8, '⅜'], [1 / 2, '½'], [5 / 8, '⅝'], [2 / 3, '⅔'],
  [3 / 4, '¾'], [7 / 8, '⅞'], [1, ''],
];

function amountValue(text) {
  const trimmed = text.trim();
  const mixed = /^(\d+)\s+(\d+)\/(\d+)$/.exec(trimmed);
  if (mixed) return Number(mixed[1]) + Number(mixed[2]) / Number(mixed[3]);
  const fraction = /^(\d+)\/(\d+)$/.exec(trimmed);
  if (fraction) return Number(fraction[2]) ? Number(fraction[1]) / Number(fraction[2]) : NaN;
  const glyph = FRACTIONS[trimmed.slice(-1)] ?? 0;
  const whole = glyph ? trimmed.slice(0, -1).trim() : trimmed;
  return (whole ? Number(whole.replace(',', '.')) : 0) + glyph;
}

function amountText(value, decimalComma = false) {
  if (value >= 20) return String(Math.round(value));
  const whole = Math.floor(value);
  const rest = value - whole;
  const [near, glyph] = SHOWN_FRACTIONS.reduce((best, option) =>
    (Math.abs(option[0] - rest) < Math.abs(best[0] - rest) ? option : best));
  if (Math.abs(near - rest) <= 0.03) {
    const wholePart = whole + (near === 1 ? 1 : 0);
    if (!glyph) return String(wholePart);
    return wholePart ? `${wholePart}${glyph}` : glyph;
  }
  const decimal = String(Math.round(value * 10) / 10);
  return decimalComma ? decimal.replace('.', ',') : decimal;
}

/**
 * "2 cups flour" times 1.25 → "2½ cups flour"; a line without an amount stays as it is. With
 * `decimalComma` (a recipe in a language that writes one) "1 kg Mehl" times 1.3 → "1,3 kg Mehl".
 */
export function scaleShown(text, ratio, decimalComma = false) {
  const match = LEADING_AMOUNT.exec(text);
  if (!match || ratio === 1) return text;
  const first = amountValue(match[2]);
  if (!Number.isFinite(first)) return text;
  let scaled = `${match[1]}${amountText(first * ratio, decimalComma)}`;
  if (match[4]) {
    const second = amountValue(match[4]);
    if (!Number.isFinite(second)) return text;
    scaled += `${match[3].slice(0, match[3].length - match[4].length)}${amountText(second * ratio, decimalComma)}`;
  }
  return scaled + text.slice(match[0].length);
}

const lineItems = [...article.querySelectorAll('li[data-line]')];
// Every language Larder reads but English writes a decimal comma ("1,5 kg"), as the lines
// Larder scales for the recipe do.
const decimalComma = Boolean(article.lang) && !article.lang.startsWith('en');
// The lines the device scales from: as written until Larder gives lines, then its latest.
let base = {
  factor: 1, units: 'original',
  shown: lineItems.map((item) => item.querySelector('.line-text').textContent),
};

function scaleOnDevice() {
  const servings = Number(servingsInput.value);
  const written = Number(article.dataset.servings);
  const factor = written > 0 && servings > 0 ? servings / written : base.factor;
  const ratio = factor / base.factor;
  base.shown.forEach((shown, index) => {
    const text = lineItems[index]?.querySelector('.line-text');
    if (text) text.textContent = scaleShown(shown, ratio, decimalComma);
  });
  showMakes(factor);
  summary.textContent = selectedUnits() === base.units
    ? 'Offline: the amounts were worked out on this device.'
    : 'Offline: the amounts were worked out on this device; other units need Larder to be reachable.';
}

async function refreshLines() {
  const parameters = new URLSearchParams();
  const servings = Number(servingsInput.value);
  if (article.dataset.servings && servings > 0) parameters.set('servings', String(servings));
  parameters.set('units', selectedUnits());
  // The household's stored pantry (the Cook and Pantry pages' one), read by the server with
  // each item's kinds ("only brown rice", "any rice"), as the finder reads it: food ids sent
  // from here would lose them. Without a stored pantry the lines come back unmarked.
  parameters.set('pantry', 'stored');
  parameters.set('staples', settings.staples.join(','));
  try {
    const data = await api(`/api/v1/recipes/${encodeURIComponent(id)}/lines?${parameters}`);
    showMakes(data.factor);
    const lines = data.sections.flatMap((section) => section.lines);
    base = { factor: data.factor || 1, units: data.units || selectedUnits(), shown: lines.map((line) => line.shown) };
    lines.forEach((line, index) => {
      const item = article.querySelector(`li[data-line="${index}"]`);
      if (!item) return;
      item.querySelector('.line-text').textContent = line.shown;
      item.classList.remove('have', 'missing', 'optional');
      item.querySelector('.line-status')?.remove();
      if (line.status) {
        item.classList.add(line.status);
        // Too little of a food the pantry has is missing too, and says how much ("need 6 eggs,
        // have 2"), as the finder does.
        const label = line.shortfall || { have: 'you have this', missing: 'missing', optional: 'optional' }[line.status];
        item.append(el('span', { class: 'line-status' }, ` — ${label}`));
      }
    });
    summary.textContent = data.needed
      ? `You have ${data.have} of ${data.needed} ingredients.` : '';
  } catch (error) {
    if (error.status === 0) scaleOnDevice();
    else summary.textContent = error.message;
  } finally {
    markReady();
  }
}

const refreshSoon = debounce(refreshLines, 150);
servingsInput.addEventListener('input', refreshSoon);
for (const radio of unitRadios) radio.addEventListener('change', refreshLines);
function step(delta) {
  const next = Math.max(1, Math.round((Number(servingsInput.value) || 1) + delta));
  servingsInput.value = String(next);
  refreshLines();
}
document.getElementById('servings-down').addEventListener('click', () => step(-1));
document.getElementById('servings-up').addEventListener('click', () => step(1));
if (!article.dataset.servings) {
  servingsInput.closest('.servings').hidden = true;
}

// MARK: favourite, rating, notes

const favorite = document.getElementById('favorite');
favorite?.addEventListener('click', async () => {
  const next = favorite.getAttribute('aria-pressed') !== 'true';
  try {
    const recipe = await api(`/api/v1/recipes/${encodeURIComponent(id)}`, {
      method: 'PATCH', body: { isFavorite: next },
    });
    favorite.setAttribute('aria-pressed', String(recipe.isFavorite));
    favorite.textContent = recipe.isFavorite ? '★ Favourite' : '☆ Favourite';
  } catch (error) {
    summary.textContent = error.message;
  }
});

const stars = [...document.querySelectorAll('.star-button')];
function showRating(rating) {
  for (const star of stars) {
    const value = Number(star.dataset.rating);
    star.textContent = value <= rating ? '★' : '☆';
    star.setAttribute('aria-checked', String(value === rating));
  }
}
for (const [index, star] of stars.entries()) {
  // Arrow keys move along the stars, as in any radio group.
  star.addEventListener('keydown', (event) => {
    const step = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    stars[(index + step + stars.length) % stars.length].focus();
  });
  star.addEventListener('click', async () => {
    try {
      const recipe = await api(`/api/v1/recipes/${encodeURIComponent(id)}`, {
        method: 'PATCH', body: { rating: Number(star.dataset.rating) },
      });
      showRating(recipe.rating || 0);
    } catch (error) {
      summary.textContent = error.message;
    }
  });
}

notesForm?.addEventListener('submit', async (event) => {
  event.preventDefault();
  const status = document.getElementById('notes-status');
  const text = document.getElementById('notes-input').value.trim();
  try {
    await api(`/api/v1/recipes/${encodeURIComponent(id)}`, {
      method: 'PATCH', body: { notes: text || null },
    });
    document.getElementById('notes-text').textContent = text;
    status.textContent = 'Saved.';
  } catch (error) {
    status.textContent = error.message;
  }
});

document.getElementById('print').addEventListener('click', () => window.print());

// MARK: tools

const toolsStatus = document.getElementById('tools-status');
const moreMenu = document.getElementById('more-menu');
for (const tool of ['print', 'add-to-list', 'plan-open', 'cooked-open', 'delete-recipe']) {
  const button = document.getElementById(tool);
  if (button) button.hidden = false;
}

/** Says what a tool did, with an optional link to where it went. */
function say(message, link) {
  toolsStatus.replaceChildren(message, ...(link ? [' ', el('a', { href: link.href }, link.text)] : []));
}

/** The servings the page shows, when the recipe says how many it serves. */
function chosenServings() {
  const servings = Number(servingsInput.value);
  return article.dataset.servings && servings > 0 ? servings : undefined;
}

function portion() {
  const servings = chosenServings();
  return servings ? { recipe: id, servings } : { recipe: id };
}

// The menu closes when something outside it is tapped, or on Escape (back to its button).
document.addEventListener('click', (event) => {
  if (moreMenu.open && !moreMenu.contains(event.target)) moreMenu.open = false;
});
moreMenu.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape' || !moreMenu.open) return;
  moreMenu.open = false;
  moreMenu.querySelector('summary').focus();
});

const addToList = document.getElementById('add-to-list');
addToList?.addEventListener('click', async () => {
  addToList.disabled = true;
  try {
    const answer = await planningAPI('/api/v1/shopping-list/add', {
      method: 'POST', body: { recipes: [portion()] },
    });
    const count = answer.added.length;
    say(count
      ? `Added ${count} line${count === 1 ? '' : 's'} to the shopping list.`
      : 'The pantry has everything this needs: nothing to add.', { href: '/list', text: 'Open the list' });
  } catch (error) {
    say(error.message);
  } finally {
    addToList.disabled = false;
  }
});

/** Opens or closes a tool's panel; focus goes into it, and back to its button on closing. */
function panelToggle(buttonID, panelID, onOpen) {
  const button = document.getElementById(buttonID);
  const panel = document.getElementById(panelID);
  if (!button || !panel) return () => {};
  const close = (focusButton = true) => {
    panel.hidden = true;
    button.setAttribute('aria-expanded', 'false');
    if (focusButton) button.focus();
  };
  button.addEventListener('click', async () => {
    if (!panel.hidden) {
      close();
      return;
    }
    for (const other of document.querySelectorAll('.tool-panel')) other.hidden = true;
    for (const other of document.querySelectorAll('[aria-controls$="-panel"]')) other.setAttribute('aria-expanded', 'false');
    panel.hidden = false;
    button.setAttribute('aria-expanded', 'true');
    await onOpen(panel);
  });
  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') close();
  });
  return close;
}

const planForm = document.getElementById('plan-panel');
const closePlan = panelToggle('plan-open', 'plan-panel', () => {
  const day = document.getElementById('plan-on');
  if (!day.value) day.value = isoDay(new Date());
  document.getElementById('plan-servings').value = String(chosenServings() || '');
  day.focus();
});
document.getElementById('plan-cancel')?.addEventListener('click', () => closePlan());
planForm?.addEventListener('submit', async (event) => {
  event.preventDefault();
  const date = document.getElementById('plan-on').value;
  const meal = document.getElementById('plan-for').value;
  const servingsText = document.getElementById('plan-servings').value;
  const body = { date, meal, recipe: id };
  if (servingsText) body.servings = Number(servingsText);
  try {
    await planningAPI('/api/v1/plan', { method: 'POST', body });
    closePlan();
    say(`Planned for ${meal}, ${dayLabel(date)}.`, { href: `/plan?date=${date}`, text: 'Open the plan' });
  } catch (error) {
    say(error.message);
  }
});

const cookedChanges = document.getElementById('cooked-changes');
const cookedApply = document.getElementById('cooked-apply');
const closeCooked = panelToggle('cooked-open', 'cooked-panel', async (panel) => {
  const intro = document.getElementById('cooked-intro');
  const skipped = document.getElementById('cooked-skipped');
  intro.textContent = 'Working out what it used…';
  cookedChanges.replaceChildren();
  skipped.textContent = '';
  cookedApply.disabled = true;
  panel.querySelector('h2').focus();
  try {
    const preview = await planningAPI('/api/v1/pantry/deduct/preview', { method: 'POST', body: portion() });
    const servings = chosenServings();
    intro.textContent = preview.changes.length
      ? `Cooking ${servings ? `${servings} servings` : 'it'} takes from the pantry:`
      : 'Nothing in the pantry is used by this recipe.';
    cookedChanges.replaceChildren(...preview.changes.map((change) => el('li', {},
      el('strong', {}, change.name), ` ${change.beforeText} → ${change.removes ? 'used up' : change.afterText}`)));
    if (preview.skipped.length) {
      skipped.textContent = `Not taken: ${preview.skipped.map((line) => `${line.line} (${line.reason})`).join('; ')}.`;
    }
    cookedApply.disabled = !preview.changes.length;
  } catch (error) {
    intro.textContent = error.message;
  }
});
document.getElementById('cooked-cancel')?.addEventListener('click', () => closeCooked());
cookedApply?.addEventListener('click', async () => {
  cookedApply.disabled = true;
  try {
    const result = await planningAPI('/api/v1/pantry/deduct', { method: 'POST', body: portion() });
    closeCooked();
    const count = result.changes.length;
    say(`Took ${count} item${count === 1 ? '' : 's'} from the pantry.`, { href: '/pantry', text: 'Open the pantry' });
  } catch (error) {
    say(error.message);
    cookedApply.disabled = false;
  }
});

// Deleting keeps the recipe as it was read, so Undo can store it again (with a new id: the
// API gives each new recipe its own); the toast holds the focus until it is used or left.
const deleteButton = document.getElementById('delete-recipe');
deleteButton?.addEventListener('click', async () => {
  moreMenu.open = false;
  let kept;
  try {
    kept = await api(`/api/v1/recipes/${encodeURIComponent(id)}`);
    await api(`/api/v1/recipes/${encodeURIComponent(id)}`, { method: 'DELETE' });
  } catch (error) {
    say(error.message);
    return;
  }
  article.hidden = true;
  const note = el('p', { class: 'empty deleted-note', id: 'deleted-note' }, `“${kept.name}” was deleted.`);
  article.before(note);
  document.title = `Deleted: ${kept.name} · Larder`;
  const message = el('p', { id: 'undo-message' }, `Deleted “${kept.name}”.`);
  const undo = el('button', { type: 'button', id: 'undo-delete' }, 'Undo');
  const library = el('a', { class: 'button secondary', href: '/library' }, 'Library');
  const toast = el('div', { class: 'toast', id: 'undo-toast', role: 'status' }, message, el('div', { class: 'toast-actions' }, undo, library));
  document.body.append(toast);
  undo.focus();
  undo.addEventListener('click', async () => {
    undo.disabled = true;
    const copy = { ...kept };
    for (const field of ['id', 'householdID', 'createdAt', 'updatedAt']) delete copy[field];
    try {
      const restored = await api('/api/v1/recipes', { method: 'POST', body: copy });
      message.textContent = `Restored “${restored.name}”.`;
      window.location.replace(`/recipes/${encodeURIComponent(restored.id)}`);
    } catch (error) {
      message.textContent = `Could not restore it: ${error.message}`;
      undo.disabled = false;
    }
  });
});

// MARK: cook mode

// Seconds in each word for a duration, in the languages Larder reads ("20 Minuten kochen",
// "laisser reposer 2 heures", "cuocere per 10 minuti", "koka i 5 minuter").
const UNIT_SECONDS = {};
for (const [seconds, words] of [
  [1, 's sec secs second seconds sek sekunde sekunden seconde secondes segundo segundos secondo secondi sekund sekunder sekunda sekundy sekundę'],
  [60, 'm min mins minute minutes minuten minuto minutos minuti minuut minut minuter minutter minuty minutę'],
  [3600, 'h hr hrs hour hours std stunde stunden heure heures hora horas ora ore uur uren timme timmar time timer godz godzina godziny godzin godzinę'],
]) {
  for (const word of words.split(' ')) UNIT_SECONDS[word] = seconds;
}
const DURATION = /(\d+(?:[.,]\d+)?)(?:\s*(?:-|–|to|bis|à|a|tot|till|til|do)\s*(\d+(?:[.,]\d+)?))?\s*(\p{L}+)\.?/giu;

// A duration that says how much less or more than something else ("1 minute less than the
// packet says", "2 minutes longer than usual") is not a time to set a timer for.
const RELATIVE = /^\s+(?:less|fewer)\b|^\s+(?:more|longer|shorter)\s+than\b/i;

/** Every duration in a step's text: "bake for 25–30 minutes" → 30 minutes (the longer end). */
export function findTimers(text) {
  const found = [];
  for (const match of text.matchAll(DURATION)) {
    const unit = match[3].toLowerCase();
    if (!(unit in UNIT_SECONDS)) continue;
    // A word that only starts like a unit ("2 mint leaves", "3 hotdogs") is not one.
    const after = text.charAt(match.index + match[0].length);
    if (/\p{L}/u.test(after)) continue;
    if (RELATIVE.test(text.slice(match.index + match[0].length))) continue;
    const amount = Number((match[2] || match[1]).replace(',', '.'));
    const seconds = Math.round(amount * UNIT_SECONDS[unit]);
    if (seconds > 0) found.push({ label: match[0].trim().replace(/\.$/, ''), seconds });
  }
  return found;
}

function clock(seconds) {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

let audio = null;
function alarm() {
  try {
    audio ||= new AudioContext();
    const now = audio.currentTime;
    for (let beep = 0; beep < 6; beep += 1) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.frequency.value = beep % 2 ? 660 : 880;
      gain.gain.setValueAtTime(0.0001, now + beep * 0.4);
      gain.gain.exponentialRampToValueAtTime(0.4, now + beep * 0.4 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + beep * 0.4 + 0.3);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(now + beep * 0.4);
      oscillator.stop(now + beep * 0.4 + 0.32);
    }
  } catch {
    // No audio: the visual alert still shows.
  }
}

const steps = [...article.querySelectorAll('.steps li')].map((item) => item.textContent);
const timers = [];
let current = 0;
let wakeLock = null;
const recipeName = article.querySelector('h1').textContent;

// Running timers are kept in this browser by the time each ends, with the step shown, so a
// reload (or the phone dropping the page) brings them back where they were.
const TIMERS_KEY = `larder.timers.${id}`;
// A timer that ended more than this long before the page came back is forgotten; one that ended
// more than QUIET before shows "Done!" without ringing (the cook has long moved on).
const FORGOTTEN = 6 * 60 * 60 * 1000;
const QUIET = 10 * 60 * 1000;

function saveTimers() {
  try {
    if (!timers.length) {
      localStorage.removeItem(TIMERS_KEY);
      return;
    }
    localStorage.setItem(TIMERS_KEY, JSON.stringify({
      step: current,
      timers: timers.map(({ label, step, ends, rung }) => ({ label, step, ends, rung: Boolean(rung) })),
    }));
  } catch {
    // Storage full or refused: the timers still run on this page.
  }
}

function storedTimers() {
  try {
    const stored = JSON.parse(localStorage.getItem(TIMERS_KEY) || 'null');
    const valid = (entry) => entry && typeof entry.label === 'string' && Number.isFinite(entry.ends)
      && Date.now() - entry.ends < FORGOTTEN
      && Number.isInteger(entry.step) && entry.step >= 0 && entry.step < steps.length;
    return {
      step: Number.isInteger(stored?.step) ? stored.step : 0,
      timers: Array.isArray(stored?.timers) ? stored.timers.filter(valid) : [],
    };
  } catch {
    return { step: 0, timers: [] };
  }
}

// A notification (where the cook allowed them) is asked for when the first timer starts, never
// on opening the page; refused or unsupported, the page's own signal and the vibration remain.
let askedToNotify = false;
function askToNotify() {
  if (askedToNotify || !('Notification' in window) || Notification.permission !== 'default') return;
  askedToNotify = true;
  try {
    Promise.resolve(Notification.requestPermission()).catch(() => {});
  } catch {
    // An older browser's callback form, or none: the page's signal is enough.
  }
}

async function notify(timer) {
  if (!('Notification' in window) || Notification.permission !== 'granted') return;
  const title = `${timer.label} timer done`;
  const options = {
    body: `${recipeName}, step ${timer.step + 1}`, tag: `larder-timer-${id}-${timer.ends}`,
    icon: '/static/icon-192.png', data: { url: location.pathname },
  };
  // A phone shows notifications only through the service worker; a desktop either way.
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    if (registration) {
      await registration.showNotification(title, { ...options, vibrate: [300, 150, 300] });
      return;
    }
  } catch {
    // Fall back to the page's own notification.
  }
  try {
    new Notification(title, options); // eslint-disable-line no-new
  } catch {
    // Not allowed here: the page's signal and the vibration remain.
  }
}

/** A timer has ended: the page's beeps and "Done!", a vibration and a notification. */
function ring(timer) {
  timer.rung = true;
  saveTimers();
  alarm();
  try {
    navigator.vibrate?.([300, 150, 300, 150, 600]);
  } catch {
    // No vibration motor, or not allowed.
  }
  notify(timer);
  // Said aloud too when the cook is hands-free (Read aloud or Listen on), after what is being said.
  if (readAloud || listening) speak(`Timer for step ${timer.step + 1} is done`, { language: pageLanguage, interrupt: false });
}

// MARK: hands-free: reading aloud and voice commands

// The recipe's language, from the article's `lang` (the server writes what the recipe was
// given, else what its words read as): steps are spoken, and commands heard, in it. Larder's
// own phrases ("Timer for step 3 is done") are English, as the rest of the page.
const recipeLanguage = article.lang || 'en';
const pageLanguage = document.documentElement.lang || 'en';
const synthesis = window.speechSynthesis && typeof window.SpeechSynthesisUtterance === 'function'
  ? window.speechSynthesis : null;
const Recognition = window.SpeechRecognition || window.webkitSpeechRecognition || null;
const READ_ALOUD_KEY = 'larder.cook.readAloud';

// The words each command is known by, per language: English always, and the recipe's language
// besides. A transcript is a command only when it is one of these as a whole (after "okay" or
// "please"), so a step read aloud that the microphone overhears ("Next, add the flour") moves
// nothing.
const COMMAND_WORDS = {
  en: {
    next: ['next', 'next step', 'forward'], back: ['back', 'go back', 'previous', 'previous step'],
    repeat: ['repeat', 'again', 'say again', 'say that again'],
    timer: ['start timer', 'start the timer', 'set timer', 'set the timer', 'timer'],
    stop: ['stop', 'quiet', 'be quiet', 'stop talking'], ingredients: ['ingredients', 'read ingredients'],
  },
  de: {
    next: ['weiter', 'nächster schritt'], back: ['zurück'], repeat: ['wiederholen', 'wiederhole', 'nochmal', 'noch mal'],
    timer: ['timer starten', 'starte timer', 'starte den timer'], stop: ['stopp', 'halt', 'ruhe'],
    ingredients: ['zutaten'],
  },
  fr: {
    next: ['suivant', 'étape suivante'], back: ['retour', 'précédent'], repeat: ['répète', 'répéter', 'encore'],
    timer: ['lancer le minuteur', 'démarrer le minuteur', 'minuteur'], stop: ['arrête', 'arrêter', 'silence'],
    ingredients: ['ingrédients'],
  },
  es: {
    next: ['siguiente'], back: ['atrás', 'anterior'], repeat: ['repite', 'repetir', 'otra vez'],
    timer: ['iniciar temporizador', 'inicia el temporizador', 'temporizador'], stop: ['para', 'parar', 'detente', 'silencio'],
    ingredients: ['ingredientes'],
  },
  it: {
    next: ['avanti', 'successivo', 'prossimo'], back: ['indietro', 'precedente'], repeat: ['ripeti', 'di nuovo'],
    timer: ['avvia timer', 'avvia il timer'], stop: ['basta', 'ferma', 'silenzio'], ingredients: ['ingredienti'],
  },
  nl: {
    next: ['volgende', 'verder'], back: ['terug', 'vorige'], repeat: ['herhaal', 'herhalen', 'nog een keer'],
    timer: ['start de timer', 'timer starten'], stop: ['stoppen'], ingredients: ['ingrediënten'],
  },
  pt: {
    next: ['próximo', 'seguinte'], back: ['voltar', 'anterior'], repeat: ['repetir', 'repete', 'de novo'],
    timer: ['iniciar temporizador', 'temporizador'], stop: ['parar', 'pare'], ingredients: ['ingredientes'],
  },
  sv: {
    next: ['nästa'], back: ['tillbaka', 'föregående'], repeat: ['upprepa', 'igen'],
    timer: ['starta timer', 'starta timern'], stop: ['stopp', 'sluta'], ingredients: ['ingredienser'],
  },
  da: {
    next: ['næste'], back: ['tilbage', 'forrige'], repeat: ['gentag'],
    timer: ['start timer', 'start timeren'], stop: ['stop'], ingredients: ['ingredienser'],
  },
  nb: {
    next: ['neste'], back: ['tilbake', 'forrige'], repeat: ['gjenta'],
    timer: ['start timer', 'start timeren'], stop: ['stopp'], ingredients: ['ingredienser'],
  },
  pl: {
    next: ['dalej', 'następny'], back: ['wstecz', 'cofnij', 'poprzedni'], repeat: ['powtórz'],
    timer: ['włącz minutnik', 'uruchom minutnik', 'minutnik'], stop: ['zatrzymaj', 'cisza'], ingredients: ['składniki'],
  },
};
const FILLERS = /^(?:ok(?:ay)?|please|bitte|larder)\s+|\s+(?:please|bitte)$/u;

/** A transcript as the command table writes words: lower case, no punctuation, single spaces. */
function normalized(transcript) {
  let text = transcript.toLocaleLowerCase().replace(/[^\p{L}\p{N}\s]/gu, ' ').replace(/\s+/g, ' ').trim();
  for (let previous = ''; previous !== text;) {
    previous = text;
    text = text.replace(FILLERS, '');
  }
  return text;
}

/** The command a transcript says, in English or in the language `language` ("de-AT" → German), or null. */
export function commandFor(transcript, language = 'en') {
  const text = normalized(transcript);
  const base = language.toLowerCase().split(/[-_]/)[0];
  for (const words of [COMMAND_WORDS.en, COMMAND_WORDS[base === 'no' || base === 'nn' ? 'nb' : base]]) {
    if (!words) continue;
    for (const [command, phrases] of Object.entries(words)) {
      if (phrases.includes(text)) return command;
    }
  }
  return null;
}

let readAloud = false;
let listening = false;
try {
  readAloud = Boolean(synthesis) && localStorage.getItem(READ_ALOUD_KEY) === 'true';
} catch {
  // Storage refused: Read aloud starts off, as it does the first time.
}

/** Says `text` in `language`; `interrupt` first stops what is being said (a new step). */
function speak(text, { language = recipeLanguage, interrupt = true } = {}) {
  if (!synthesis || !text) return;
  try {
    if (interrupt) synthesis.cancel();
    const utterance = new window.SpeechSynthesisUtterance(text);
    utterance.lang = language;
    // Some phones speak only in the voice they are set to unless given one of the language.
    const base = language.toLowerCase().split('-')[0];
    const voice = synthesis.getVoices?.().find((candidate) => candidate.lang?.toLowerCase().replace('_', '-').split('-')[0] === base);
    if (voice) utterance.voice = voice;
    synthesis.speak(utterance);
  } catch {
    // The browser would not speak: the step is on the screen (and announced to screen readers).
  }
}

function stopSpeaking() {
  try {
    synthesis?.cancel();
  } catch {
    // Nothing was being said.
  }
}

const timerList = el('ul', { class: 'timers', 'aria-label': 'Timers', 'aria-live': 'polite' });
// The step's text takes the focus when the control that had it goes (Next on the last step):
// a screen reader reads the step, and a further Enter does nothing unexpected.
// It is in the recipe's language (the dialog sits outside the article), and a live region, so a
// screen reader says each step as it is shown, as Read aloud does.
const stepText = el('p', {
  class: 'cook-step', id: 'cook-step', tabindex: '-1', lang: recipeLanguage, 'aria-live': 'polite',
});
const stepCount = el('p', { class: 'cook-count' });
const stepTimers = el('div', { class: 'cook-step-timers' });
const previous = el('button', { type: 'button', class: 'secondary', onclick: () => show(current - 1) }, '← Back');
const repeatButton = el('button', {
  type: 'button', class: 'secondary', id: 'cook-repeat', 'aria-keyshortcuts': 'R Space', onclick: () => repeatStep(),
}, '↻ Repeat');
const next = el('button', { type: 'button', onclick: () => show(current + 1) }, 'Next →');

// Read aloud and Listen are toggles (aria-pressed); each is shown only where the browser can do
// it, and where it cannot, a line says so. The status line says what was heard, that the
// microphone was refused, or that a step has no timer.
const readAloudButton = el('button', {
  type: 'button', class: 'secondary toggle', id: 'cook-read-aloud', 'aria-pressed': String(readAloud),
  hidden: !synthesis, onclick: () => setReadAloud(!readAloud),
}, 'Read aloud');
const ingredientsButton = el('button', {
  type: 'button', class: 'secondary', id: 'cook-read-ingredients', hidden: !synthesis, onclick: () => readIngredients(),
}, 'Read ingredients');
const listenButton = el('button', {
  type: 'button', class: 'secondary toggle', id: 'cook-listen', 'aria-pressed': 'false',
  'aria-describedby': 'cook-voice-status', hidden: !Recognition, onclick: () => (listening ? stopListening() : startListening()),
}, 'Listen');
const listeningBadge = el('span', { class: 'listening-badge', id: 'cook-listening', hidden: true }, '● Listening');
const voiceStatus = el('p', { class: 'cook-voice-status', id: 'cook-voice-status', role: 'status' });
const unsupported = [!synthesis && 'read steps aloud', !Recognition && 'hear voice commands'].filter(Boolean);
const voiceNote = unsupported.length
  ? el('p', { class: 'cook-voice-note', id: 'cook-voice-note' },
    `This browser cannot ${unsupported.join(' or ')}: use the buttons, or the arrow keys and R to repeat.`)
  : null;
const closeButton = el('button', { type: 'button', class: 'secondary close', onclick: closeCookMode }, 'Close');
const overlay = el('div', {
  class: 'cook-mode', id: 'cook-mode', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'cook-title', hidden: true,
},
el('div', { class: 'cook-mode-head' }, el('h2', { id: 'cook-title' }, article.querySelector('h1').textContent), closeButton),
el('div', { class: 'cook-voice', role: 'group', 'aria-label': 'Hands-free' }, readAloudButton, ingredientsButton, listenButton, listeningBadge),
voiceNote, voiceStatus,
stepCount, stepText, stepTimers,
el('div', { class: 'cook-nav' }, previous, repeatButton, next),
timerList);
document.body.append(overlay);

/** Shows step `index` (kept within the steps), and reads it aloud when Read aloud is on and
 * the step is another one than was shown, or `announce` asks for it (cook mode opening). */
function show(index, { announce = false } = {}) {
  if (!steps.length) return;
  const focused = document.activeElement;
  const timerHadFocus = stepTimers.contains(focused);
  const shown = current;
  current = Math.min(Math.max(index, 0), steps.length - 1);
  if (readAloud && (announce || current !== shown)) speak(steps[current]);
  stepCount.textContent = `Step ${current + 1} of ${steps.length}`;
  stepText.textContent = steps[current];
  previous.disabled = current === 0;
  next.disabled = current === steps.length - 1;
  if (timers.length) saveTimers();
  stepTimers.replaceChildren(...findTimers(steps[current]).map((timer) => el('button', {
    type: 'button', class: 'timer-start', onclick: () => startTimer(timer, current),
  }, `Start ${timer.label} timer`)));
  // A disabled or replaced button would drop the keyboard's focus to the page behind.
  if (timerHadFocus) (stepTimers.querySelector('button') || stepText).focus();
  else if (focused?.disabled && overlay.contains(focused)) stepText.focus();
}

// Each timer's row is made once and its time updated in place four times a second, so a
// focused Cancel button stays focused (and a screen reader keeps its place).
function timerRow(timer) {
  const left = el('span', { class: 'timer-left', role: 'timer' }, clock(timer.left));
  const button = el('button', { type: 'button', class: 'link', onclick: () => stopTimer(timer) }, 'Cancel');
  const row = el('li', { class: 'timer' }, el('span', { class: 'timer-name' }, `Step ${timer.step + 1}: ${timer.label}`), left, button);
  return { row, left, button };
}

function updateTimer(timer) {
  const done = timer.left <= 0;
  const text = done ? 'Done!' : clock(timer.left);
  if (timer.view.left.textContent !== text) timer.view.left.textContent = text;
  timer.view.row.classList.toggle('done', done);
  if (done && timer.view.button.textContent !== 'Dismiss') timer.view.button.textContent = 'Dismiss';
}

function startTimer({ label, seconds }, stepIndex) {
  // A user gesture: the moment browsers allow audio to start.
  try {
    audio ||= new AudioContext();
    audio.resume();
  } catch {
    audio = null;
  }
  askToNotify();
  runTimer({ label, step: stepIndex, ends: Date.now() + seconds * 1000, rung: false });
  saveTimers();
}

function runTimer(timer) {
  const tick = () => {
    timer.left = Math.max(0, Math.round((timer.ends - Date.now()) / 1000));
    if (timer.left === 0) {
      clearInterval(timer.interval);
      if (!timer.rung && Date.now() - timer.ends > QUIET) {
        timer.rung = true;
        saveTimers();
      } else if (!timer.rung) {
        ring(timer);
      }
    }
    updateTimer(timer);
  };
  timer.left = Math.max(0, Math.round((timer.ends - Date.now()) / 1000));
  timer.view = timerRow(timer);
  timers.push(timer);
  timerList.append(timer.view.row);
  if (timer.left > 0) timer.interval = setInterval(tick, 250);
  tick();
}

function stopTimer(timer) {
  clearInterval(timer.interval);
  const position = timers.indexOf(timer);
  timers.splice(position, 1);
  saveTimers();
  const hadFocus = timer.view.row.contains(document.activeElement);
  timer.view.row.remove();
  // Focus goes to the timer that took its place, else the one before, else the step.
  if (!hadFocus) return;
  const neighbour = timers[position] || timers[position - 1];
  (neighbour ? neighbour.view.button : stepText).focus();
}

function setReadAloud(on) {
  readAloud = on && Boolean(synthesis);
  readAloudButton.setAttribute('aria-pressed', String(readAloud));
  try {
    localStorage.setItem(READ_ALOUD_KEY, String(readAloud));
  } catch {
    // Not remembered: it stays on for this page.
  }
  if (readAloud) speak(steps[current]);
  else stopSpeaking();
}

/** Says the step again (Repeat, R, Space, "repeat"), even with Read aloud off: it was asked for.
 * Without speech, the step takes the focus, so a screen reader reads it again. */
function repeatStep() {
  if (!steps.length) return;
  if (synthesis) speak(steps[current]);
  else stepText.focus();
}

/** Reads the ingredient lines as the page shows them (scaled and converted), one after another. */
function readIngredients() {
  const lines = [...article.querySelectorAll('.ingredients .lines li')]
    .map((item) => (item.querySelector('.line-text') || item).textContent.trim())
    .filter(Boolean);
  stopSpeaking();
  for (const line of lines) speak(line, { interrupt: false });
}

/** Starts the current step's first timer ("start timer"); says so when a step has none. */
function startStepTimer() {
  const [first] = findTimers(steps[current] || '');
  if (!first) {
    voiceStatus.textContent = `Step ${current + 1} has no timer.`;
    return;
  }
  startTimer(first, current);
  voiceStatus.textContent = `Started the ${first.label} timer for step ${current + 1}.`;
}

const COMMANDS = {
  next: () => show(current + 1),
  back: () => show(current - 1),
  repeat: repeatStep,
  timer: startStepTimer,
  stop: stopSpeaking,
  ingredients: readIngredients,
};

// Speech recognition: one recogniser, continuous, started again when the browser ends it
// (after a silence, or on its own) for as long as Listen is on and cook mode open.
let recognition = null;
let quickEnds = 0;
let startedAt = 0;

function updateListening() {
  listenButton.setAttribute('aria-pressed', String(listening));
  listeningBadge.hidden = !listening;
}

function heard(event) {
  for (let index = event.resultIndex ?? 0; index < event.results.length; index += 1) {
    const result = event.results[index];
    if (result.isFinal === false) continue;
    quickEnds = 0;
    const alternatives = Array.from({ length: result.length }, (_, alternative) => result[alternative]?.transcript || '');
    const said = alternatives.find((transcript) => commandFor(transcript, recipeLanguage));
    if (!said) continue;
    const command = commandFor(said, recipeLanguage);
    voiceStatus.textContent = `Heard “${said.trim()}”.`;
    COMMANDS[command]();
  }
}

function recognitionFailed(event) {
  const messages = {
    'not-allowed': 'The microphone was refused, so Larder cannot hear commands. Allow the microphone for this site in the browser’s settings and press Listen again; the buttons and keys still work.',
    'service-not-allowed': 'This browser does not allow speech recognition here. The buttons and keys still work.',
    'audio-capture': 'No microphone was found. The buttons and keys still work.',
    network: 'Speech recognition needs a network connection in this browser. The buttons and keys still work.',
  };
  // Silence and our own stopping are not failures: the recogniser is started again on `end`.
  if (event.error === 'no-speech' || event.error === 'aborted') return;
  stopListening(messages[event.error] || `Listening stopped (${event.error || 'unknown error'}).`);
}

function recognitionEnded() {
  if (!listening || overlay.hidden || document.visibilityState !== 'visible') return;
  // A recogniser that ends at once, again and again, would restart forever: give up after a few.
  quickEnds = Date.now() - startedAt < 1000 ? quickEnds + 1 : 0;
  if (quickEnds >= 5) {
    stopListening('Listening kept stopping, so it is off. Press Listen to try again.');
    return;
  }
  setTimeout(() => {
    if (listening && !overlay.hidden) startRecognition();
  }, 250);
}

function startRecognition() {
  try {
    startedAt = Date.now();
    recognition.start();
  } catch {
    // Already started: it is listening.
  }
}

function startListening() {
  if (!Recognition) return;
  if (!recognition) {
    recognition = new Recognition();
    recognition.continuous = true;
    recognition.interimResults = false;
    recognition.maxAlternatives = 3;
    recognition.lang = recipeLanguage;
    recognition.addEventListener('result', heard);
    recognition.addEventListener('error', recognitionFailed);
    recognition.addEventListener('end', recognitionEnded);
  }
  listening = true;
  quickEnds = 0;
  updateListening();
  const own = COMMAND_WORDS[recipeLanguage.split('-')[0]];
  const words = ['next', 'back', 'repeat', 'start timer', 'stop'];
  voiceStatus.textContent = `Listening: say “${words.join('”, “')}”`
    + (own && own !== COMMAND_WORDS.en ? ` (or ${['next', 'back', 'repeat', 'timer', 'stop'].map((command) => `“${own[command][0]}”`).join(', ')})` : '')
    + '.';
  startRecognition();
}

function stopListening(message = 'Not listening.') {
  listening = false;
  updateListening();
  voiceStatus.textContent = message;
  try {
    recognition?.abort();
  } catch {
    // Not started.
  }
}

async function keepAwake() {
  try {
    if ('wakeLock' in navigator && document.visibilityState === 'visible') {
      wakeLock = await navigator.wakeLock.request('screen');
    }
  } catch {
    wakeLock = null;
  }
}

function openCookMode() {
  overlay.hidden = false;
  document.body.classList.add('cooking');
  show(current, { announce: true });
  keepAwake();
  (next.disabled ? stepText : next).focus();
}

function closeCookMode() {
  overlay.hidden = true;
  document.body.classList.remove('cooking');
  wakeLock?.release().catch(() => {});
  wakeLock = null;
  stopSpeaking();
  if (listening) stopListening();
  document.getElementById('cook-mode-open').focus();
}

document.getElementById('cook-mode-open').addEventListener('click', openCookMode);
document.addEventListener('visibilitychange', () => {
  if (!overlay.hidden && document.visibilityState === 'visible') {
    keepAwake();
    // The browser stops listening while the page is hidden; it listens again when back.
    if (listening) startRecognition();
  }
});
overlay.addEventListener('keydown', (event) => {
  // Space presses a focused button as ever; anywhere else in the dialog it repeats, as R does.
  const onControl = event.target.closest?.('button, a, input, select, textarea, summary');
  const modified = event.ctrlKey || event.metaKey || event.altKey;
  if (event.key === 'Escape') closeCookMode();
  else if (event.key === 'ArrowRight') show(current + 1);
  else if (event.key === 'ArrowLeft') show(current - 1);
  else if (!modified && ((event.key === 'r' || event.key === 'R') || (event.key === ' ' && !onControl))) {
    event.preventDefault();
    repeatStep();
  } else if (event.key === 'Tab') {
    // Keep focus inside the dialog, on the buttons it shows.
    const focusable = [...overlay.querySelectorAll('button:not([disabled])')].filter((button) => !button.closest('[hidden]'));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }
});

// Timers that were running when the page was left come back, in cook mode at the step it
// showed; one that ended meanwhile rings now if it had not yet.
const kept = storedTimers();
if (kept.timers.length && steps.length) {
  current = Math.min(kept.step, steps.length - 1);
  for (const timer of kept.timers) runTimer(timer);
  openCookMode();
}

// Marks what the household's pantry has; without a pantry (none stored, or none kept by this
// server) the lines are shown unmarked.
refreshLines();
