// Shared by the pantry, meal plan and shopping list pages: the browser's time zone and units on
// every API call, calendar days as the API writes them, and the recipe box (a combobox).
import { api, el, formatDuration, serverSettings } from './app.js';
import { combobox } from './combobox.js';

// The user's units, read once before any planning call.
const { units } = await serverSettings();

/** The time zone "today" is reckoned in, and the units amounts are shown in. */
export function context() {
  const parameters = new URLSearchParams();
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone) parameters.set('tz', zone);
  } catch {
    // The server's own time zone then.
  }
  if (units === 'us' || units === 'metric') parameters.set('units', units);
  return parameters;
}

/** A planning endpoint's path with `tz` and `units` added to its query. */
export function withContext(path) {
  const [base, query = ''] = path.split('?');
  const parameters = new URLSearchParams(query);
  for (const [name, value] of context()) if (!parameters.has(name)) parameters.set(name, value);
  return `${base}?${parameters}`;
}

/** Calls a planning endpoint with `tz` and `units` added to its query. */
export function planningAPI(path, options = {}) {
  return api(withContext(path), options);
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
 * The recipe box of a page (combobox.js over the library): typing searches, a suggestion picked
 * fills the box and its `data-recipe-id`. `onPick(summary)` gets the library API's summary.
 * Offline, the recipes `known()` answers are offered instead.
 */
export function recipePicker(input, onPick, { known = () => [] } = {}) {
  input.addEventListener('input', () => delete input.dataset.recipeId);
  const box = combobox(input, {
    search: async (text, signal) => {
      try {
        return (await api(`/api/v1/library?limit=8&q=${encodeURIComponent(text)}`, { signal })).items || [];
      } catch (error) {
        if (error.status !== 0) throw error;
        // Offline: the library cannot be searched, but the recipes this page already knows
        // (`known()`, summaries with at least id and name) can still be picked.
        const words = text.toLowerCase().split(/\s+/).filter(Boolean);
        return known().filter((summary) => words.every((word) => summary.name.toLowerCase().includes(word))).slice(0, 8);
      }
    },
    render: (summary) => [summary.name,
      summary.totalTime ? el('span', { class: 'muted' }, ` · ${formatDuration(summary.totalTime)}`) : null],
    empty: () => 'No recipe matches',
    onPick: (summary) => {
      input.value = summary.name;
      input.dataset.recipeId = summary.id;
      onPick(summary);
    },
  });
  return {
    clear() {
      input.value = '';
      delete input.dataset.recipeId;
      box.close();
    },
  };
}
