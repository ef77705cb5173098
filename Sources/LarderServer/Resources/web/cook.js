// The Cook page: pick what you have (autocomplete or by aisle), see what you can make. Results
// update as the pantry or filters change, debounced, without reloading or blanking the list.
// The pantry is the household's, kept on the server (the Pantry page's): each chip is a food
// with stored items, adding a chip stores an item and removing it removes the food's items,
// and the finder is asked without `have` so that it reads the same stored pantry.
import {
  api, cancelQueued, debounce, el, forgetLocalPantry, localPantry, markReady, queuedChanges, recipeCard, sendOrQueue,
  serverSettings,
} from './app.js';
import { combobox } from './combobox.js';
import { planningAPI, withContext } from './planning.js';

const PAGE = 24;
// "Use it up" (linked from the Pantry page): the stored pantry, soonest-expiring first.
const useItUp = new URLSearchParams(location.search).get('useItUp') === 'true';
const settings = await serverSettings();
// A viewer cooks from the household's pantry but may not change it (the page says so).
const canChange = document.getElementById('cook').dataset.canChange !== 'false';
// The chips: one per food, [{id, name, items: [stored items]}], read from the server; a food
// added offline and not sent yet has `pending` (its outbox entry's id) and no items.
let pantry = [];
// The foods of the aisles, [{id, name}]: offline, the food box offers these.
let aisleFoods = [];
let offset = 0;
let inFlight = null;
// When nothing matches the chosen "missing" choice, the nearest recipes are shown: the larger
// number of missing ingredients asked for them, or null.
let widened = null;

const input = document.getElementById('food-input');
const chips = document.getElementById('pantry-chips');
const emptyNote = document.getElementById('pantry-empty');
const clearButton = document.getElementById('pantry-clear');
const categories = document.getElementById('categories');
const form = document.getElementById('cook-filters');
const status = document.getElementById('cook-status');
const results = document.getElementById('cook-results');
const more = document.getElementById('cook-more');
const resultsBar = document.getElementById('results-bar');
const resultsBarCount = document.getElementById('results-bar-count');
const resultsStart = document.getElementById('results-start');
const nearestNote = document.getElementById('cook-nearest');
const aisles = document.getElementById('aisles');
const entryStatus = document.getElementById('food-entry-status');
const staplesWarning = document.getElementById('staples-warning');

// MARK: pantry

const syncNote = document.getElementById('pantry-sync');

function hasFood(id) {
  return pantry.some((chip) => chip.id === id);
}

// The stored items as chips: those Larder knows the food of (the finder reads only those),
// one chip per food, in the order they were first stored.
function chipsOf(items) {
  const chips = new Map();
  for (const item of items) {
    if (!item.foodID) continue;
    if (!chips.has(item.foodID)) chips.set(item.foodID, { id: item.foodID, name: item.name, items: [] });
    chips.get(item.foodID).items.push(item);
  }
  return [...chips.values()];
}

// Reads may overlap (the page opening while the outbox sends, then larder:synced): only the
// latest one's answer is shown, so an answer from before the changes were sent never wins.
let reads = 0;

async function readPantry() {
  const read = ++reads;
  const data = await planningAPI('/api/v1/pantry');
  if (read !== reads) return false;
  pantry = chipsOf(data.items || []);
  applyQueued();
  return true;
}

/**
 * Shows the pantry changes made offline and not sent yet (here or on the Pantry page): foods
 * added, as pending chips, and items removed, taken off (a chip with none left goes).
 */
function applyQueued() {
  const queued = queuedChanges();
  const removed = new Set(queued.filter((change) => change.kind === 'pantry-remove').map((change) => change.target));
  pantry = pantry.filter((chip) => !chip.pending).map((chip) => ({
    ...chip, items: chip.items.filter((item) => !removed.has(item.id)),
  })).filter((chip) => chip.items.length);
  for (const change of queued) {
    const food = change.body?.food;
    if (change.kind !== 'pantry-add' || !food || hasFood(food)) continue;
    pantry.push({ id: food, name: change.body.name || food, items: [], pending: change.id });
  }
}

// A change the server refused or could not take is said where the cook is looking, never
// dropped: the chips are read again so they show what is stored.
async function pantryFailed(error, what) {
  entryStatus.textContent = `${what}: ${error.message}`;
  try {
    await readPantry();
  } catch {
    // Offline: the chips stay as they were.
  }
  pantryChanged();
}

// Stored, or kept to send when Larder can be reached (the chip then shows it waits); answers
// whether it was kept.
async function storeFood(food) {
  const { queued, answer: item } = await sendOrQueue(withContext('/api/v1/pantry'),
    { method: 'POST', body: { name: food.name, food: food.id } },
    { label: `Add “${food.name}” to the pantry`, kind: 'pantry-add' });
  if (queued) applyQueued();
  else if (!hasFood(food.id)) pantry = [...pantry, { id: food.id, name: food.name, items: [item] }];
  return queued;
}

async function addFood(food) {
  if (hasFood(food.id)) return;
  try {
    const queued = await storeFood(food);
    pantryChanged();
    if (queued) entryStatus.textContent = `Added ${food.name}. It is sent when Larder can be reached.`;
  } catch (error) {
    await pantryFailed(error, `Not added ${food.name}`);
  }
}

async function removeFood(id) {
  const chip = pantry.find((other) => other.id === id);
  if (!chip) return;
  try {
    let queued = false;
    if (chip.pending) cancelQueued(chip.pending); // added offline, never sent: taken back
    for (const item of chip.items) {
      const sent = await sendOrQueue(withContext(`/api/v1/pantry/${encodeURIComponent(item.id)}`), { method: 'DELETE' },
        { label: `Remove “${item.name}” from the pantry`, kind: 'pantry-remove', target: item.id });
      queued = queued || sent.queued;
    }
    pantry = pantry.filter((other) => other.id !== id);
    pantryChanged();
    if (queued) entryStatus.textContent = `Removed ${chip.name}. It is sent when Larder can be reached.`;
  } catch (error) {
    await pantryFailed(error, `Not removed ${chip.name}`);
  }
}

function pantryChanged() {
  resultsBarCount.textContent = 'Finding recipes…';
  renderPantry();
  scheduleSearch();
}

// What a chip adds to the food's name: the stored amount and how soon it expires.
function chipDetail(chip) {
  const parts = chip.items.flatMap((item) => [item.amountText, item.expiry?.text]).filter(Boolean);
  return parts.length ? el('span', { class: 'chip-detail muted' }, ` ${parts.join(', ')}`) : null;
}

function renderPantry() {
  chips.replaceChildren(...pantry.map((chip) => el('li', { class: `chip${chip.pending ? ' pending' : ''}` },
    el('span', {}, chip.name), chip.pending ? el('span', { class: 'chip-detail muted' }, ' waiting to sync') : chipDetail(chip),
    canChange ? el('button', {
      type: 'button', class: 'chip-remove', 'aria-label': `Remove ${chip.name}`,
      onclick: async () => {
        await removeFood(chip.id);
        input.focus();
      },
    }, '×') : null)));
  emptyNote.hidden = pantry.length > 0;
  clearButton.hidden = pantry.length === 0 || !canChange;
  for (const button of categories.querySelectorAll('button[data-food]')) {
    button.setAttribute('aria-pressed', String(hasFood(button.dataset.food)));
  }
  for (const box of staplesPicker.querySelectorAll('input[type="checkbox"]')) box.checked = hasFood(box.value);
  placeResultsBar();
}

// Clearing empties the household's pantry, amounts and dates too: asked first.
clearButton.addEventListener('click', async () => {
  const count = pantry.reduce((sum, chip) => sum + chip.items.length, 0);
  if (!confirm(`Remove all ${count} ${count === 1 ? 'item' : 'items'} from your household's pantry?`)) return;
  for (const chip of [...pantry]) await removeFood(chip.id);
  status.textContent = pantry.length ? status.textContent : 'Your pantry is empty.';
});

// An older Larder kept the Cook page's foods in this browser. On the first visit after the
// upgrade they are stored in the household's pantry (each food once, none already there
// added again), then the browser's copy is forgotten. A viewer's stay, unused, and are named.
async function moveLocalPantry() {
  const local = localPantry();
  if (!local.length) return;
  if (!canChange) {
    syncNote.textContent = `This browser kept ${local.length} ${local.length === 1 ? 'food' : 'foods'} of its own; `
      + 'as a viewer you cannot add them to the household\'s pantry.';
    return;
  }
  const moved = [];
  for (const food of local) {
    if (hasFood(food.id)) continue;
    try {
      await storeFood(food);
      moved.push(food.name);
    } catch (error) {
      // A food this Larder no longer knows cannot be stored; anything else (offline, a
      // server error) leaves the browser's copy for the next visit.
      if (error.code !== 'unknown_food' && error.code !== 'invalid_field') {
        syncNote.textContent = `This browser's foods could not be moved to your pantry yet: ${error.message}`;
        return;
      }
    }
  }
  forgetLocalPantry();
  if (moved.length) {
    syncNote.textContent = `Moved ${moved.join(', ')} from this browser into your household's pantry.`;
  }
}

async function loadPantry() {
  try {
    if (await readPantry()) await moveLocalPantry();
  } catch (error) {
    if (error.status === 0) applyQueued(); // no copy kept on this device: what waits, at least
    syncNote.textContent = error.status === 404 || error.code === 'conflict'
      ? 'This server keeps no pantry.' : `Your pantry could not be read: ${error.message}`;
  }
  renderPantry();
}

// MARK: several foods at once

// "eggs, rice, onion" typed (as the placeholder invites), or a list pasted one a line.
const isList = (text) => /[,\r\n]/.test(text);
const splitFoods = (text) => text.split(/[,\r\n]+/).map((part) => part.trim()).filter(Boolean);
const quoted = (names) => names.map((name) => `“${name}”`).join(', ');

// Each name is read as the finder reads a pantry (the server's one reading of food names):
// the foods it knows are added, the others are named and left in the box to correct.
async function addFoods(names) {
  if (!names.length) return;
  entryStatus.textContent = 'Adding…';
  const report = [];
  try {
    const data = await api('/api/v1/finder', { method: 'POST', body: { have: names, limit: 1 } });
    const added = [];
    for (const { food } of data.pantry) {
      if (!hasFood(food.id) && !added.some((item) => item.id === food.id)) added.push({ id: food.id, name: food.name });
    }
    const stored = [];
    for (const food of added) {
      try {
        await storeFood(food);
        stored.push(food);
      } catch (error) {
        report.push(`Not added ${food.name}: ${error.message}`);
      }
    }
    if (stored.length) pantryChanged();
    input.value = data.unknown.join(', ');
    if (stored.length) report.unshift(`Added ${stored.map((food) => food.name).join(', ')}.`);
    else if (!added.length && data.pantry.length) report.push('Already in your pantry.');
    if (data.unknown.length) {
      report.push(`Not added: no food called ${quoted(data.unknown)}. Check the spelling, or pick from the suggestions.`);
    }
    entryStatus.textContent = report.join(' ');
  } catch (error) {
    entryStatus.textContent = `Not added: ${error.message}`;
  }
}

// Registered before the combobox's own keys, so Enter on a list adds the list.
input.addEventListener('keydown', (event) => {
  if (event.key !== 'Enter' || !isList(input.value)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  foodBox.close();
  addFoods(splitFoods(input.value));
});
// A text field drops a pasted list's line breaks ("eggsmilkbutter"): a pasted list of
// several lines is added at once instead.
input.addEventListener('paste', (event) => {
  const text = event.clipboardData?.getData('text') ?? '';
  if (!/[\r\n]/.test(text.trim())) return;
  event.preventDefault();
  const typed = input.value.slice(0, input.selectionStart) + text + input.value.slice(input.selectionEnd);
  foodBox.close();
  addFoods(splitFoods(typed));
});

// MARK: first-run staples

// On a first visit with an empty pantry, a short list of what most kitchens always have, each
// a tick away (SuperCook's start). Once ticked from or put aside it is not offered again.
const PICKER_KEY = 'larder.staplesPicker';
const COMMON_STAPLES = [
  'salt', 'black pepper', 'olive oil', 'vegetable oil', 'butter', 'flour', 'sugar', 'egg',
  'milk', 'garlic', 'onion', 'rice', 'pasta',
];
const staplesPicker = document.getElementById('staples-picker');
const staplesPickerFoods = document.getElementById('staples-picker-foods');

function closeStaplesPicker(how) {
  localStorage.setItem(PICKER_KEY, how);
  const hadFocus = staplesPicker.contains(document.activeElement);
  staplesPicker.hidden = true;
  if (hadFocus) input.focus();
}

async function offerStaples() {
  if (!canChange || useItUp || pantry.length || localStorage.getItem(PICKER_KEY)) return;
  try {
    // The names read as the finder reads a pantry: the catalog's own foods, through the API.
    const data = await api('/api/v1/finder', { method: 'POST', body: { have: COMMON_STAPLES, limit: 1 } });
    const seen = new Set();
    const foods = data.pantry.map(({ food }) => food).filter((food) => !seen.has(food.id) && seen.add(food.id));
    if (!foods.length || pantry.length) return;
    staplesPickerFoods.replaceChildren(...foods.map((food) => el('label', {},
      el('input', {
        type: 'checkbox', value: food.id, checked: hasFood(food.id),
        onchange: (event) => {
          localStorage.setItem(PICKER_KEY, 'used');
          if (event.target.checked) addFood(food);
          else removeFood(food.id);
        },
      }), food.name)));
    staplesPicker.hidden = false;
    placeResultsBar();
  } catch {
    // Without the catalog there is nothing to offer; the entry box still works.
  }
}

document.getElementById('staples-picker-done').addEventListener('click', () => closeStaplesPicker('used'));
document.getElementById('staples-picker-dismiss').addEventListener('click', () => closeStaplesPicker('dismissed'));

// MARK: autocomplete

const foodBox = combobox(input, {
  delay: 120,
  search: async (text, signal) => {
    if (isList(text)) return [];
    try {
      return (await api(`/api/v1/foods?limit=8&q=${encodeURIComponent(text)}`, { signal })).items;
    } catch (error) {
      if (error.status !== 0) throw error;
      // Offline: the foods of the aisles (kept by the service worker) can still be picked.
      const typed = text.toLowerCase();
      return aisleFoods.filter((food) => food.name.toLowerCase().includes(typed)).slice(0, 8);
    }
  },
  render: (food) => [food.name, food.matched ? el('span', { class: 'muted' }, ` (${food.matched})`) : null,
    hasFood(food.id) ? el('span', { class: 'muted' }, ' — added') : null],
  empty: (text) => (isList(text) ? `Press Enter to add each of ${quoted(splitFoods(text))}`
    : `No food called “${text}”`),
  onPick: (food) => {
    addFood(food);
    entryStatus.textContent = '';
    input.value = '';
    input.focus();
  },
});
// Backspace in the empty box takes off the last food, as in a tag input.
input.addEventListener('keydown', (event) => {
  if (event.key === 'Backspace' && !input.value && pantry.length) removeFood(pantry[pantry.length - 1].id);
});

// MARK: categories

// All the aisles fold behind one control: folded at first on phones (so the results stay
// close), open at first beside the results on wide screens; the cook's last choice after that.
const AISLES_KEY = 'larder.cook.aisles';
const wideScreen = () => matchMedia('(min-width: 60rem)').matches;
{
  const remembered = localStorage.getItem(AISLES_KEY);
  aisles.open = remembered ? remembered === 'open' : wideScreen();
  // A click (or Enter or Space) on the summary is the cook's choice; the state it leads to is
  // the opposite of the one before the default action.
  aisles.querySelector('summary').addEventListener('click', () => {
    localStorage.setItem(AISLES_KEY, aisles.open ? 'closed' : 'open');
  });
  aisles.addEventListener('toggle', placeResultsBar);
}

async function loadCategories() {
  try {
    const data = await api('/api/v1/foods/categories');
    aisleFoods = data.categories.flatMap((aisle) => aisle.foods.map((food) => ({ id: food.id, name: food.name })));
    // Inside the folded aisles, the first two start open on wide screens.
    const wide = wideScreen();
    categories.replaceChildren(...data.categories.map((aisle, index) => el('details',
      { class: 'aisle', open: index < (wide ? 2 : 0) },
      el('summary', {}, aisle.name),
      el('div', { class: 'aisle-foods' }, aisle.foods.map((food) => el('button', {
        type: 'button', class: 'food-toggle', 'data-food': food.id,
        'aria-pressed': String(hasFood(food.id)),
        onclick: () => (hasFood(food.id) ? removeFood(food.id) : addFood(food)),
      }, food.name))))));
  } catch (error) {
    categories.replaceChildren(el('p', { class: 'muted' }, error.message));
  }
}

async function loadFacetOptions() {
  try {
    const data = await api('/api/v1/library?limit=1');
    const fill = (select, values) => select.append(...values.map((facet) =>
      el('option', { value: facet.value }, facet.value)));
    fill(document.getElementById('filter-course'), data.facets.course);
    fill(document.getElementById('filter-cuisine'), data.facets.cuisine);
  } catch {
    // The selects still offer "Any".
  }
}

// MARK: results

function request(extra = {}) {
  const fields = new FormData(form);
  const list = (text) => (text || '').split(',').map((part) => part.trim()).filter(Boolean);
  const body = {
    // No `have`: the finder reads the household's stored pantry, amounts and kinds included.
    ...(useItUp ? { useItUp: true } : {}),
    missing: widened ?? Number(fields.get('missing') || 0),
    staples: settings.staples,
    diets: [...new Set([...settings.diets, ...list(fields.get('diet'))])],
    limit: PAGE,
    offset,
    ...extra,
  };
  for (const name of ['course', 'cuisine']) if (fields.get(name)) body[name] = fields.get(name);
  for (const name of ['maxTime', 'maxIngredients']) {
    if (fields.get(name)) body[name] = Number(fields.get(name));
  }
  const exclude = list(fields.get('exclude'));
  if (exclude.length) body.exclude = exclude;
  return body;
}

function resultCard(item) {
  const needed = item.matched.length + item.missingCount;
  const missingNames = [...item.missing.map((food) => food.name), ...item.unmatchedLineTexts];
  const line = item.missingCount === 0
    ? `All ${needed} ingredients — you can make it`
    : `${item.matched.length} of ${needed} — missing ${missingNames.join(', ')}`;
  const hints = item.substitutions.map((substitution) =>
    `instead of ${substitution.food.name}, use ${substitution.substitutes.map((food) => food.name).join(' or ')}`);
  // Where the pantry met the recipe other than word for word: too little of a food, a plain
  // food standing for the kind the recipe names, or one of a line's alternatives.
  const notes = [
    ...(item.shortfalls || []).map((short) => short.text),
    ...(item.kindMatches || []).map((kind) => kind.text),
    ...(item.choices || []).filter((choice) => choice.chosen && choice.chosen.id !== choice.foods[0].id)
      .map((choice) => `${choice.foods.map((food) => food.name).join(' or ')}: you have ${choice.chosen.name}`),
  ];
  return recipeCard(item.recipe, [
    el('p', { class: item.missingCount === 0 ? 'have-line ok' : 'have-line' }, line),
    notes.length ? el('p', { class: 'match-notes muted' }, notes.join('; ')) : null,
    hints.length ? el('p', { class: 'hint' }, `Tip: ${hints.join('; ')}`) : null,
  ]);
}

// A staple Larder does not know (a slip in Settings) is left out by the finder, which says
// so: the cook sees which one, and the results still show.
function showUnknownStaples(names) {
  staplesWarning.hidden = names.length === 0;
  staplesWarning.replaceChildren(...(names.length ? [
    `Not counted as ${names.length === 1 ? 'a staple' : 'staples'}: ${quoted(names)}, `
      + `${names.length === 1 ? 'which is not a food' : 'which are not foods'} Larder knows. `,
    el('a', { href: '/settings' }, 'Correct your staples in Settings'), '.',
  ] : []));
}

const recipes = (count) => `${count} ${count === 1 ? 'recipe' : 'recipes'}`;
const chosenMissing = () => Number(new FormData(form).get('missing') || 0);
// How many more missing ingredients the nearest recipes may have than the cook chose.
const NEAREST_REACH = 3;

// Says what the nearest recipes miss, and offers the choice that shows them for good.
function showNearest(items) {
  if (!widened || !items.length) {
    nearestNote.hidden = true;
    nearestNote.replaceChildren();
    return;
  }
  const counts = items.map((item) => item.missingCount);
  const fewest = Math.min(...counts);
  const most = Math.max(...counts);
  const range = fewest === most ? `${fewest}` : `${fewest} to ${most}`;
  const offer = document.querySelector(`#missing-choice input[value="${fewest}"]`);
  nearestNote.hidden = false;
  nearestNote.replaceChildren(
    el('span', {}, `The nearest recipes, each missing ${range} ${most === 1 ? 'ingredient' : 'ingredients'}:`),
    offer ? el('button', {
      type: 'button', class: 'secondary',
      onclick: () => {
        offer.checked = true;
        offer.focus(); // the button goes with the note; the choice it made keeps the focus
        rememberMissing();
        search();
      },
    }, `Show recipes missing ${fewest}`) : null);
}

async function search({ append = false } = {}) {
  if (!append) {
    offset = 0;
    widened = null;
  }
  inFlight?.abort();
  const controller = new AbortController();
  inFlight = controller;
  results.setAttribute('aria-busy', 'true');
  try {
    let data = await api('/api/v1/finder', { method: 'POST', body: request(), signal: controller.signal });
    if (controller.signal.aborted) return;
    // Nothing within the choice: the nearest answers, labelled, rather than an empty page.
    const missing = chosenMissing();
    if (!append && data.total === 0 && pantry.length && !useItUp && missing < 50) {
      widened = Math.min(50, missing + NEAREST_REACH);
      const nearest = await api('/api/v1/finder', { method: 'POST', body: request(), signal: controller.signal });
      if (controller.signal.aborted) return;
      if (nearest.total > 0) data = nearest;
      else widened = null;
    }
    const cards = data.items.map(resultCard);
    if (append) results.append(...cards);
    else {
      results.replaceChildren(...cards);
      showNearest(data.items);
    }
    const shown = offset + data.items.length;
    more.hidden = shown >= data.total;
    const unknown = data.unknown.length ? ` Unknown: ${data.unknown.join(', ')}.` : '';
    const source = useItUp ? ' From your stored pantry, using what expires first.' : '';
    const unjudged = data.unjudged && data.unjudged.text ? ` ${data.unjudged.text}` : '';
    const withPantry = pantry.length && !useItUp
      ? ` with ${pantry.length} ${pantry.length === 1 ? 'ingredient' : 'ingredients'}` : '';
    showUnknownStaples(data.unknownStaples || []);
    if (widened) {
      const within = missing === 0 ? 'you can make now'
        : `missing ${missing === 1 ? 'just 1 ingredient' : `${missing} or fewer`}`;
      const yours = withPantry.replace(' with ', ' with your ');
      status.textContent = `No recipe ${within}${yours} — here are the nearest.${unknown}${unjudged}`;
      resultsBarCount.textContent = `${data.total} nearest ${data.total === 1 ? 'recipe' : 'recipes'}`;
    } else if (data.total === 0) {
      status.textContent = (pantry.length ? 'No recipes match yet. Allow more missing ingredients or add more to your pantry.'
        : 'Add what you have to see what you can cook.') + unknown + unjudged;
      resultsBarCount.textContent = 'No recipes yet';
    } else {
      status.textContent = `${recipes(data.total)}${withPantry}.${source}${unknown}${unjudged}`;
      resultsBarCount.textContent = recipes(data.total);
    }
    placeResultsBar();
  } catch (error) {
    if (error.name === 'AbortError') return;
    if (error.status === 0) {
      // The finder is Larder's: offline, the pantry can still be changed, not searched.
      status.textContent = 'Finding recipes needs Larder, which cannot be reached now. Changes to your pantry are kept '
        + 'and sent when it can be reached.';
      resultsBarCount.textContent = 'Offline';
    } else {
      status.textContent = error.message;
    }
  } finally {
    if (inFlight === controller) {
      results.setAttribute('aria-busy', 'false');
      inFlight = null;
      markReady();
    }
  }
}

// MARK: the results bar

// On a phone, once there is a pantry, the count stays at the foot of the screen with a way to
// the cards, until the results fill the upper half of the screen. (Hidden by the stylesheet on
// wide screens, where the results sit beside the pantry.)
function placeResultsBar() {
  const wanted = (pantry.length > 0 || useItUp) && resultsBarCount.textContent !== ''
    && resultsStart.getBoundingClientRect().top > innerHeight / 2;
  if (resultsBar.hidden === wanted) resultsBar.hidden = !wanted;
}
let barFrame = 0;
const placeSoon = () => {
  if (!barFrame) {
    barFrame = requestAnimationFrame(() => {
      barFrame = 0;
      placeResultsBar();
    });
  }
};
addEventListener('scroll', placeSoon, { passive: true });
addEventListener('resize', placeSoon);

// MARK: choices remembered

// The "missing" choice is kept in this browser, like the pantry and the settings.
const MISSING_KEY = 'larder.cook.missing';
function rememberMissing() {
  localStorage.setItem(MISSING_KEY, String(chosenMissing()));
}
{
  const remembered = localStorage.getItem(MISSING_KEY);
  const radio = remembered && document.querySelector(`#missing-choice input[value="${CSS.escape(remembered)}"]`);
  if (radio) radio.checked = true;
}

const scheduleSearch = debounce(() => search(), 200);
form.addEventListener('change', (event) => {
  if (event.target.name === 'missing') rememberMissing();
});
form.addEventListener('change', scheduleSearch);
form.addEventListener('input', (event) => {
  if (event.target.name === 'exclude') scheduleSearch();
});
form.addEventListener('submit', (event) => event.preventDefault());
more.addEventListener('click', () => {
  offset += PAGE;
  search({ append: true });
});

document.getElementById('surprise').addEventListener('click', async () => {
  try {
    const first = await api('/api/v1/finder', { method: 'POST', body: request({ limit: 1, offset: 0 }) });
    let id = null;
    if (first.total > 0) {
      const pick = Math.floor(Math.random() * first.total);
      const data = await api('/api/v1/finder', { method: 'POST', body: request({ limit: 1, offset: pick }) });
      id = data.items[0]?.recipe.id;
    } else {
      const diet = [...settings.diets].join(',');
      const data = await api(`/api/v1/recipes/random${diet ? `?diet=${encodeURIComponent(diet)}` : ''}`);
      id = data.recipe.id;
    }
    if (id) location.href = `/recipes/${encodeURIComponent(id)}`;
  } catch (error) {
    status.textContent = error.message;
  }
});

if (settings.diets.length) {
  const select = document.getElementById('filter-diet');
  if (settings.diets.length === 1) select.value = settings.diets[0];
}
// Once changes made offline are sent (from this page or another), the pantry is read again;
// listened for before the first read, which the outbox's sending can overtake.
window.addEventListener('larder:synced', async () => {
  await loadPantry();
  scheduleSearch();
});
loadCategories();
loadFacetOptions();
await loadPantry();
offerStaples();
search();
// Back to the page (from the Pantry page, say): the stored pantry may have changed.
addEventListener('pageshow', async (event) => {
  if (!event.persisted) return;
  await loadPantry();
  scheduleSearch();
});
