// The meal plan page: a week (first day as the server is configured) or a list of it, adding a
// recipe from a search of the library, each day's total time, "fill my week" suggestions to
// accept, and the shopping list made from the week.
import { el, markReady, serverSettings } from './app.js';
import { addDays, dayLabel, isoDay, minutesText, planningAPI, recipePicker, servingsText } from './planning.js';

const range = document.getElementById('plan-range');
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

function entryRow(day, entry) {
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
      total ? el('p', { class: 'day-total' }, el('span', { class: 'visually-hidden' }, 'Total time '), total) : null),
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

async function load() {
  const answer = await planningAPI(`/api/v1/plan/week?date=${date}`);
  days = answer.days || [];
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
    await planningAPI(`/api/v1/plan/${encodeURIComponent(entry.id)}`, { method: 'DELETE' });
    await load();
    say(`Removed ${label}.`);
    // Focus stays on the day: its next meal's remove button, or its "+ Add".
    const day = daysNode.querySelector(`[data-date="${entry.date}"]`);
    (day?.querySelector('.plan-entry .remove') || day?.querySelector('.add-to-day') || recipeInput).focus();
  } catch (error) {
    say(error.message);
  }
}

const picker = recipePicker(recipeInput, (summary) => {
  if (!servingsInput.value && summary.yield?.servings) servingsInput.placeholder = `${summary.yield.servings} as written`;
});

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
  try {
    const entry = await planningAPI('/api/v1/plan', { method: 'POST', body });
    picker.clear();
    servingsInput.value = '';
    servingsInput.placeholder = 'As written';
    await load();
    say(`Planned ${entry.recipeName} for ${dayLabel(entry.date)} (${entry.meal}).`);
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
    for (const entry of chosen) {
      const body = { date: entry.date, meal: entry.meal, recipe: entry.recipeID };
      if (entry.servings) body.servings = entry.servings;
      await planningAPI('/api/v1/plan', { method: 'POST', body });
    }
    suggestions = suggestions.filter((entry) => !chosen.includes(entry));
    await load();
    renderSuggestions();
    say(chosen.length === 1 ? `Planned ${chosen[0].recipeName}.` : `Planned ${chosen.length} recipes.`);
    if (!suggestions.length) recipeInput.focus();
  } catch (error) {
    say(error.message);
  }
}

document.getElementById('plan-fill').addEventListener('click', async () => {
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
    say(error.message);
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

for (const id of canChange ? ['plan-controls', 'plan-add', 'plan-actions'] : ['plan-controls']) {
  document.getElementById(id).hidden = false;
}
try {
  await load();
} catch (error) {
  say(error.status === 404 ? 'This server keeps no meal plan.' : error.message);
}
markReady();
