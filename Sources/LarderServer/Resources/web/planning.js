// Shared by the pantry, meal plan and shopping list pages: the browser's time zone and units on
// every API call, calendar days as the API writes them, and a recipe search box.
import { api, debounce, el, formatDuration, loadSettings } from './app.js';

/** The time zone "today" is reckoned in, and the units amounts are shown in. */
export function context() {
  const parameters = new URLSearchParams();
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone) parameters.set('tz', zone);
  } catch {
    // The server's own time zone then.
  }
  const units = loadSettings().units;
  if (units === 'us' || units === 'metric') parameters.set('units', units);
  return parameters;
}

/** Calls a planning endpoint with `tz` and `units` added to its query. */
export function planningAPI(path, options = {}) {
  const [base, query = ''] = path.split('?');
  const parameters = new URLSearchParams(query);
  for (const [name, value] of context()) if (!parameters.has(name)) parameters.set(name, value);
  return api(`${base}?${parameters}`, options);
}

/** "2026-11-30" for a local date. */
export function isoDay(date) {
  const pad = (n) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A local date (noon, so no daylight-saving shift moves it) from "2026-11-30". */
export function parseDay(text) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text || '');
  return match ? new Date(+match[1], +match[2] - 1, +match[3], 12) : null;
}

export function addDays(text, days) {
  const date = parseDay(text);
  date.setDate(date.getDate() + days);
  return isoDay(date);
}

/** "Monday 30 Nov" (or `options` for another form). */
export function dayLabel(text, options = { weekday: 'long', day: 'numeric', month: 'short' }) {
  const date = parseDay(text);
  return date ? date.toLocaleDateString(undefined, options) : text;
}

/** "1 hr 5 min" from minutes. */
export function minutesText(minutes) {
  return minutes > 0 ? formatDuration(`PT${minutes}M`) : '';
}

/** The amount of servings without needless decimals. */
export function servingsText(servings) {
  if (!servings) return '';
  const rounded = Math.round(servings * 100) / 100;
  return `${rounded} serving${rounded === 1 ? '' : 's'}`;
}

/**
 * A combobox over the library: typing searches, arrows move, Enter or a click picks.
 * `onPick(summary)` gets the recipe summary the library API answers.
 */
export function recipePicker(input, listbox, onPick) {
  let options = [];
  let active = -1;
  let controller;

  function close() {
    listbox.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
    active = -1;
  }

  function highlight(index) {
    active = index;
    [...listbox.children].forEach((node, i) => node.setAttribute('aria-selected', String(i === index)));
    if (index >= 0) input.setAttribute('aria-activedescendant', listbox.children[index].id);
    else input.removeAttribute('aria-activedescendant');
  }

  function pick(index) {
    const summary = options[index];
    if (!summary) return;
    input.value = summary.name;
    input.dataset.recipeId = summary.id;
    close();
    onPick(summary);
  }

  const search = debounce(async () => {
    const text = input.value.trim();
    delete input.dataset.recipeId;
    if (!text) {
      close();
      return;
    }
    controller?.abort();
    controller = new AbortController();
    try {
      const page = await api(`/api/v1/library?limit=8&q=${encodeURIComponent(text)}`, { signal: controller.signal });
      options = page.items || [];
    } catch (error) {
      if (error.name === 'AbortError') return;
      options = [];
    }
    listbox.replaceChildren(...options.map((summary, index) => el('li', {
      id: `${listbox.id}-${index}`, role: 'option', class: 'suggestion', 'aria-selected': 'false',
      onmousedown: (event) => event.preventDefault(),
      onclick: () => pick(index),
    }, summary.name, summary.totalTime ? el('span', { class: 'muted' }, ` · ${formatDuration(summary.totalTime)}`) : null)));
    if (!options.length) {
      listbox.replaceChildren(el('li', { class: 'suggestion muted', role: 'option', 'aria-disabled': 'true' },
        'No recipe matches'));
    }
    listbox.hidden = false;
    input.setAttribute('aria-expanded', 'true');
    highlight(options.length ? 0 : -1);
  }, 150);

  input.addEventListener('input', search);
  input.addEventListener('keydown', (event) => {
    if (listbox.hidden) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      highlight(Math.min(options.length - 1, active + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      highlight(Math.max(0, active - 1));
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      pick(active);
    } else if (event.key === 'Escape') {
      close();
    }
  });
  input.addEventListener('blur', () => setTimeout(close, 100));
  return { clear() { input.value = ''; delete input.dataset.recipeId; close(); } };
}
