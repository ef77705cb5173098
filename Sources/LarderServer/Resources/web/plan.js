// The meal plan page: a week (first day as the server is configured) or a list of it, adding a
// recipe from a search of the library, each day's total time and nutrition and the week's,
// "fill my week" suggestions to accept, and the shopping list made from the week.
import { cancelQueued, el, markReady, onSynced, queuedChanges, sendOrQueue, serverSettings } from './app.js';
import {
  addDays, dayLabel, isoDay, minutesText, planningAPI, recipePicker, servingsText, withContext,
} from './planning.js';

const range = document.getElementById('plan-range');
const weekNutrition = document.getElementById('plan-nutrition');
const status = document.getElementById('plan-status');
const daysNode = document.getElementById('plan-days');
const form = document.getElementById('plan-add');
const recipeInput = document.getElementById('plan-recipe');
const dateSelect = document.getElementById('plan-date');
const mealSelect = document.getElementById('plan-meal');
const servingsInput = document.getElementById('plan-servings');
// "Fill my week" has its own meal choice, apart from the "Plan a recipe" form's.
const fillMeal = document.getElementById('fill-meal');
const fillPane = document.getElementById('fill-pane');
const fillResults = document.getElementById('fill-results');
// A viewer reads the household's plan but may not change it (the server refuses): no form to
// plan a recipe, no "fill my week" or "make the shopping list", no remove or add buttons.
const canChange = document.getElementById('plan-page').dataset.canChange !== 'false';

const VIEW_KEY = 'larder.planView';
// Suggestions for a meal come from the courses that suit it (any of them).
const COURSES = {
  breakfast: ['Breakfast', 'Brunch'],
  lunch: ['Lunch', 'Main course', 'Salad', 'Soup', 'Sandwich'],
  dinner: ['Dinner', 'Main course', 'Main'],
  snack: ['Snack', 'Appetizer'],
};
const SHORT = { weekday: 'short', day: 'numeric', month: 'short' };
const initial = new URLSearchParams(location.search);
const today = isoDay(new Date());
let date = /^\d{4}-\d{2}-\d{2}$/.test(initial.get('date') || '') ? initial.get('date') : today;
let view = initial.get('view') || localStorage.getItem(VIEW_KEY) || 'week';
if (view !== 'list') view = 'week';
let days = [];
let suggestions = [];
// Recipes picked on this device lately, [{id, name}]: offline, the library cannot be searched,
// so the recipe box offers these and the week's own.
const RECENT_KEY = 'larder.planRecent';

function say(text) {
  status.textContent = text;
}

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function remember() {
  const parameters = new URLSearchParams();
  if (date !== today) parameters.set('date', date);
  if (view !== 'week') parameters.set('view', view);
  const query = parameters.toString();
  history.replaceState(null, '', query ? `/plan?${query}` : '/plan');
}

function recentRecipes() {
  try {
    const recent = JSON.parse(localStorage.getItem(RECENT_KEY) || '[]');
    return Array.isArray(recent) ? recent.filter((summary) => summary && summary.id && summary.name) : [];
  } catch {
    return [];
  }
}

function rememberRecipe(summary) {
  const recent = [{ id: summary.id, name: summary.name },
    ...recentRecipes().filter((other) => other.id !== summary.id)].slice(0, 30);
  try {
    localStorage.setItem(RECENT_KEY, JSON.stringify(recent));
  } catch {
    // Only an offline convenience.
  }
}

/** The recipes this page can offer offline: the week's and those picked lately, each once. */
function knownRecipes() {
  const known = new Map();
  for (const day of days) {
    for (const entry of day.entries) {
      if (entry.recipeName && !entry.pending) known.set(entry.recipeID, { id: entry.recipeID, name: entry.recipeName });
    }
  }
  for (const summary of recentRecipes()) if (!known.has(summary.id)) known.set(summary.id, summary);
  return [...known.values()];
}

/**
 * Shows the plan changes made offline and not sent yet: additions on their day, marked
 * waiting, and removals taken off.
 */
function applyQueued() {
  const queued = queuedChanges();
  const removed = new Set(queued.filter((change) => change.kind === 'plan-remove').map((change) => change.target));
  const added = queued.filter((change) => change.kind === 'plan-add' && change.body?.date && change.body?.recipe);
  days = days.map((day) => ({
    ...day,
    entries: [
      ...day.entries.filter((entry) => !entry.pending && !removed.has(entry.id)),
      ...added.filter((change) => change.body.date === day.date).map((change) => ({
        id: `pending-${change.id}`, pending: change.id, date: day.date, meal: change.body.meal,
        recipeID: change.body.recipe, recipeName: change.target || 'A recipe', servings: change.body.servings,
      })),
    ],
  }));
}

function entryRow(day, entry) {
  if (entry.pending) return pendingRow(day, entry);
  const label = `${entry.recipeName || 'a deleted recipe'} from ${dayLabel(day.date, { weekday: 'long' })} ${entry.meal}`;
  const details = [servingsText(entry.servings), minutesText(entry.totalMinutes)].filter(Boolean).join(' · ');
  return el('li', { class: 'plan-entry', 'data-id': entry.id },
    el('span', { class: 'meal' }, capital(entry.meal)),
    el('span', { class: 'entry-body' },
      entry.recipeName
        ? el('a', { href: `/recipes/${encodeURIComponent(entry.recipeID)}` }, entry.recipeName)
        : el('span', { class: 'muted' }, 'A recipe no longer in the library'),
      details ? el('span', { class: 'entry-meta' }, details) : null),
    canChange ? el('button', {
      type: 'button', class: 'remove', 'aria-label': `Remove ${label}`, title: 'Remove',
      onclick: () => remove(entry, label),
    }, '×') : null);
}

/** A recipe planned offline, not yet on the server: marked waiting; × takes it back. */
function pendingRow(day, entry) {
  const label = `${entry.recipeName} from ${dayLabel(day.date, { weekday: 'long' })} ${entry.meal}`;
  return el('li', { class: 'plan-entry pending', 'data-pending': entry.pending },
    el('span', { class: 'meal' }, capital(entry.meal)),
    el('span', { class: 'entry-body' },
      el('a', { href: `/recipes/${encodeURIComponent(entry.recipeID)}` }, entry.recipeName),
      el('span', { class: 'entry-meta' },
        [servingsText(entry.servings), 'Added on this device, waiting to sync'].filter(Boolean).join(' · '))),
    el('button', {
      type: 'button', class: 'remove', 'aria-label': `Remove ${label}`, title: 'Remove',
      onclick: () => {
        cancelQueued(entry.pending);
        applyQueued();
        render();
        say(`Removed ${label}.`);
        const dayNode = daysNode.querySelector(`[data-date="${day.date}"]`);
        (dayNode?.querySelector('.plan-entry .remove') || dayNode?.querySelector('.add-to-day') || recipeInput).focus();
      },
    }, '×'));
}

const waiting = (queued) => (queued ? ' It is sent when Larder can be reached.' : '');

// One serving of each meal as one line ("1,850 kcal · protein 80 g · fat 70 g · carbs 200 g ·
// salt 5.1 g"), as the server worked it out; empty when no meal could be counted.
function nutritionText(nutrition) {
  if (!nutrition || !nutrition.countedMeals) return '';
  const n = nutrition.perPerson || {};
  const whole = (value) => Math.round(value).toLocaleString();
  const parts = [];
  if (n.energyKcal != null) parts.push(`${whole(n.energyKcal)} kcal`);
  if (n.proteinG != null) parts.push(`protein ${whole(n.proteinG)} g`);
  if (n.fatG != null) parts.push(`fat ${whole(n.fatG)} g`);
  if (n.carbohydrateG != null) parts.push(`carbs ${whole(n.carbohydrateG)} g`);
  if (n.saltG != null) parts.push(`salt ${n.saltG.toFixed(1)} g`);
  return parts.join(' · ');
}

function render() {
  daysNode.className = `plan-days ${view}`;
  const shown = view === 'list' ? days.filter((day) => day.entries.length) : days;
  if (!shown.length) {
    daysNode.replaceChildren(el('p', { class: 'empty' }, 'Nothing planned this week yet.'));
    return;
  }
  daysNode.replaceChildren(...shown.map((day) => {
    const headingID = `day-${day.date}`;
    const total = minutesText(day.totalMinutes);
    return el('section', {
      class: `plan-day${day.date === today ? ' today' : ''}`, 'aria-labelledby': headingID, 'data-date': day.date,
    },
    el('div', { class: 'day-head' },
      el('h2', { id: headingID }, dayLabel(day.date, view === 'week' ? SHORT : undefined),
        day.date === today ? el('span', { class: 'today-mark' }, ' · today') : null),
      total ? el('p', { class: 'day-total' }, el('span', { class: 'visually-hidden' }, 'Total time '), total) : null,
      nutritionText(day.nutrition) ? el('p', { class: 'day-nutrition', title: day.nutrition.summary },
        el('span', { class: 'visually-hidden' }, 'One serving of each meal: '), nutritionText(day.nutrition)) : null),
    day.entries.length
      ? el('ul', { class: 'plan-entries' }, day.entries.map((entry) => entryRow(day, entry)))
      : el('p', { class: 'muted nothing' }, 'Nothing planned'),
    !canChange ? null : el('button', {
      type: 'button', class: 'secondary add-to-day', 'aria-label': `Add a recipe to ${dayLabel(day.date)}`,
      onclick: () => {
        dateSelect.value = day.date;
        form.scrollIntoView({ block: 'start', behavior: 'smooth' });
        recipeInput.focus({ preventScroll: true });
      },
    }, '+ Add'));
  }));
}

function fillDaySelect() {
  const previous = dateSelect.value;
  const choice = days.some((day) => day.date === previous) ? previous
    : days.some((day) => day.date === today) ? today : days[0]?.date;
  dateSelect.replaceChildren(...days.map((day) => el('option', { value: day.date, selected: day.date === choice },
    dayLabel(day.date, SHORT))));
}

// Reads may overlap (the page opening while the outbox sends, then larder:synced; a week
// changed meanwhile): only the latest one's answer is shown.
let reads = 0;

async function load() {
  const read = ++reads;
  const answer = await planningAPI(`/api/v1/plan/week?date=${date}`);
  if (read !== reads) return;
  days = answer.days || [];
  const week = nutritionText(answer.nutrition);
  weekNutrition.textContent = week
    ? `This week, one serving of each meal: ${week}. ${answer.nutrition.summary}.`
    : '';
  applyQueued();
  range.textContent = `${dayLabel(answer.from, { day: 'numeric', month: 'short' })} – ${dayLabel(answer.to, { day: 'numeric', month: 'short', year: 'numeric' })}`;
  fillDaySelect();
  render();
  remember();
}

async function go(newDate) {
  date = newDate;
  fillPane.hidden = true;
  try {
    await load();
    say('');
  } catch (error) {
    say(error.message);
  }
}

async function remove(entry, label) {
  try {
    const { queued } = await sendOrQueue(withContext(`/api/v1/plan/${encodeURIComponent(entry.id)}`), { method: 'DELETE' },
      { label: `Remove ${label}`, kind: 'plan-remove', target: entry.id });
    if (queued) {
      applyQueued();
      render();
    } else {
      await load();
    }
    say(`Removed ${label}.${waiting(queued)}`);
    // Focus stays on the day: its next meal's remove button, or its "+ Add".
    const day = daysNode.querySelector(`[data-date="${entry.date}"]`);
    (day?.querySelector('.plan-entry .remove') || day?.querySelector('.add-to-day') || recipeInput).focus();
  } catch (error) {
    say(error.message);
  }
}

const picker = recipePicker(recipeInput, (summary) => {
  rememberRecipe(summary);
  if (!servingsInput.value && summary.yield?.servings) servingsInput.placeholder = `${summary.yield.servings} as written`;
}, { known: knownRecipes });

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const recipe = recipeInput.dataset.recipeId;
  if (!recipe) {
    say('Pick a recipe from the suggestions first.');
    recipeInput.focus();
    return;
  }
  const body = { date: dateSelect.value, meal: mealSelect.value, recipe };
  if (servingsInput.value) body.servings = Number(servingsInput.value);
  const name = recipeInput.value.trim();
  try {
    const { queued, answer: entry } = await sendOrQueue(withContext('/api/v1/plan'), { method: 'POST', body }, {
      label: `Plan “${name}” for ${dayLabel(body.date)} (${body.meal})`, kind: 'plan-add', target: name,
    });
    picker.clear();
    servingsInput.value = '';
    servingsInput.placeholder = 'As written';
    if (queued) {
      applyQueued();
      render();
      say(`Planned ${name} for ${dayLabel(body.date)} (${body.meal}).${waiting(true)}`);
    } else {
      await load();
      say(`Planned ${entry.recipeName} for ${dayLabel(entry.date)} (${entry.meal}).`);
    }
    recipeInput.focus();
  } catch (error) {
    say(error.message);
  }
});

document.getElementById('week-prev').addEventListener('click', () => go(addDays(date, -7)));
document.getElementById('week-next').addEventListener('click', () => go(addDays(date, 7)));
document.getElementById('week-today').addEventListener('click', () => go(today));
for (const radio of document.querySelectorAll('#plan-view input[name="view"]')) {
  radio.checked = radio.value === view;
  radio.addEventListener('change', () => {
    view = radio.value;
    localStorage.setItem(VIEW_KEY, view);
    render();
    remember();
  });
}

function renderSuggestions() {
  fillPane.hidden = false;
  if (!suggestions.length) {
    fillResults.replaceChildren(el('li', { class: 'muted' },
      'Every day of this week from today on already has that meal planned, or nothing fits.'));
    document.getElementById('fill-accept-all').hidden = true;
    return;
  }
  document.getElementById('fill-accept-all').hidden = false;
  fillResults.replaceChildren(...suggestions.map((entry, index) => el('li', { class: 'fill-item' },
    el('span', { class: 'fill-day' }, `${dayLabel(entry.date)} · ${entry.meal}`),
    el('a', { href: `/recipes/${encodeURIComponent(entry.recipeID)}` }, entry.recipeName),
    entry.totalMinutes ? el('span', { class: 'entry-meta' }, minutesText(entry.totalMinutes)) : null,
    el('button', {
      type: 'button', class: 'secondary small-button', 'aria-label': `Plan ${entry.recipeName} for ${dayLabel(entry.date)}`,
      onclick: () => accept([index]),
    }, 'Plan it'))));
}

async function accept(indexes) {
  const chosen = indexes.map((index) => suggestions[index]);
  try {
    let queued = false;
    for (const entry of chosen) {
      const body = { date: entry.date, meal: entry.meal, recipe: entry.recipeID };
      if (entry.servings) body.servings = entry.servings;
      // Suggestions shown before Larder went out of reach are kept to send like any other.
      const sent = await sendOrQueue(withContext('/api/v1/plan'), { method: 'POST', body }, {
        label: `Plan “${entry.recipeName}” for ${dayLabel(entry.date)} (${entry.meal})`,
        kind: 'plan-add', target: entry.recipeName,
      });
      queued = queued || sent.queued;
    }
    suggestions = suggestions.filter((entry) => !chosen.includes(entry));
    if (queued) {
      applyQueued();
      render();
    } else {
      await load();
    }
    renderSuggestions();
    say((chosen.length === 1 ? `Planned ${chosen[0].recipeName}.` : `Planned ${chosen.length} recipes.`) + waiting(queued));
    if (!suggestions.length) recipeInput.focus();
  } catch (error) {
    say(error.message);
  }
}

// "Fill my week" asks Larder for suggestions: offline it says so rather than fail vaguely.
const FILL_OFFLINE = 'Fill my week needs Larder, which cannot be reached now. You can still plan recipes one by one: '
  + 'they are sent when it can be reached.';

document.getElementById('plan-fill').addEventListener('click', async () => {
  if (!navigator.onLine) {
    say(FILL_OFFLINE);
    return;
  }
  say('Looking for recipes…');
  try {
    const meal = fillMeal.value;
    const body = { date, meal, courses: COURSES[meal] };
    const { diets } = await serverSettings();
    if (diets.length) body.diets = diets;
    const answer = await planningAPI('/api/v1/plan/fill', { method: 'POST', body });
    suggestions = answer.entries || [];
    renderSuggestions();
    say(suggestions.length ? `${suggestions.length} suggestions for the empty days.` : 'No suggestions.');
    fillPane.querySelector('h2').setAttribute('tabindex', '-1');
    fillPane.querySelector('h2').focus();
  } catch (error) {
    say(error.status === 0 ? FILL_OFFLINE : error.message);
  }
});
document.getElementById('fill-accept-all').addEventListener('click', () => accept(suggestions.map((_, index) => index)));
document.getElementById('fill-close').addEventListener('click', () => {
  fillPane.hidden = true;
  document.getElementById('plan-fill').focus();
});

document.getElementById('plan-to-list').addEventListener('click', async () => {
  if (!days.length) return;
  say('Making the shopping list…');
  try {
    const from = days[0].date;
    const to = days[days.length - 1].date;
    await planningAPI('/api/v1/shopping-list/generate', { method: 'POST', body: { from, to, staples: true } });
    location.href = `/list?from=${from}&to=${to}`;
  } catch (error) {
    say(error.message);
  }
});

// Once changes made offline are sent (from this page or another), the week is read again.
onSynced(load, say);

for (const id of canChange ? ['plan-controls', 'plan-add', 'plan-actions'] : ['plan-controls']) {
  document.getElementById(id).hidden = false;
}
try {
  await load();
} catch (error) {
  say(error.status === 404 ? 'This server keeps no meal plan.'
    : error.status === 0 ? 'Larder cannot be reached, and this device has no copy of this week yet.' : error.message);
}
markReady();
