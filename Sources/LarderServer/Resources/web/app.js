// Shared by every page: the signed-in user's settings (kept on the server; the theme alone stays
// in localStorage, and an older Larder's settings and pantry are read once to move them to the
// server), a small JSON client, the outbox of changes made offline, safe DOM
// building (text only, never HTML strings), the recipe card, the theme, and the service worker.

const SETTINGS_KEY = 'larder.settings';
const PANTRY_KEY = 'larder.pantry';

export const defaultSettings = Object.freeze({
  staples: ['salt', 'black pepper', 'water'],
  diets: [],
  units: 'original',
  theme: 'system',
});

function readJSON(key, fallback) {
  try {
    const text = localStorage.getItem(key);
    return text ? JSON.parse(text) : fallback;
  } catch {
    return fallback;
  }
}

/** The theme, the one setting kept in this browser. */
export function loadTheme() {
  const stored = readJSON(SETTINGS_KEY, {});
  return ['light', 'dark', 'system'].includes(stored?.theme) ? stored.theme : defaultSettings.theme;
}

/** Keeps the theme in this browser and shows it at once. */
export function saveTheme(theme) {
  localStorage.setItem(SETTINGS_KEY, JSON.stringify({ theme }));
  applyTheme(theme);
}

// The staples, diets and units an older Larder kept in this browser, or null.
function localSettings() {
  const stored = readJSON(SETTINGS_KEY, {});
  if (!stored || typeof stored !== 'object') return null;
  const fields = {};
  if (Array.isArray(stored.staples)) fields.staples = stored.staples.map(String);
  if (Array.isArray(stored.diets)) fields.diets = stored.diets.map(String);
  if (['original', 'us', 'metric'].includes(stored.units)) fields.units = stored.units;
  return Object.keys(fields).length ? fields : null;
}

let settingsLoad = null;

/**
 * The signed-in user's staples, diets and units, read from the server once per page, with
 * the browser's theme: {staples, diets, units, theme, unknownStaples, moved}. On the first
 * visit after the upgrade, settings an older Larder kept in this browser are moved to the
 * server when it has none for the user yet, and forgotten here either way (`moved` says
 * they were). Offline, the usual settings.
 */
export function serverSettings() {
  settingsLoad ??= (async () => {
    const theme = loadTheme();
    let answer;
    try {
      answer = await api('/api/v1/settings');
    } catch {
      return { ...defaultSettings, theme, unknownStaples: [], moved: false };
    }
    const local = localSettings();
    let moved = false;
    if (local && !answer.isStored) {
      try {
        answer = await api('/api/v1/settings', { method: 'PUT', body: local });
        moved = true;
      } catch (error) {
        // Offline: keep them here to move next time. A refused value is not moved.
        if (error.status === 0) return { ...defaultSettings, ...local, theme, unknownStaples: [], moved };
      }
    }
    if (local) saveTheme(theme);
    return {
      staples: answer.staples, diets: answer.diets, units: answer.units, theme,
      unknownStaples: answer.unknownStaples || [], moved,
    };
  })();
  return settingsLoad;
}

/** Saves the user's staples, diets and units on the server; the answer names unknown staples. */
export async function saveServerSettings({ staples, diets, units }) {
  const answer = await api('/api/v1/settings', { method: 'PUT', body: { staples, diets, units } });
  settingsLoad = Promise.resolve({
    staples: answer.staples, diets: answer.diets, units: answer.units, theme: loadTheme(),
    unknownStaples: answer.unknownStaples || [], moved: false,
  });
  return answer;
}

/**
 * The foods an older Larder kept in this browser for the Cook page ([{id, name}]), before the
 * pantry was the household's on the server. Read once to move them there; nothing else reads it.
 */
export function localPantry() {
  const items = readJSON(PANTRY_KEY, []);
  return Array.isArray(items) ? items.filter((item) => item && item.id && item.name) : [];
}

/** Forgets the browser's old pantry once its foods are on the server. */
export function forgetLocalPantry() {
  localStorage.removeItem(PANTRY_KEY);
}

/** An error answered by the API, with its message for people. */
export class APIError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/**
 * Calls the JSON API; throws APIError with the server's message. A change with an
 * `idempotencyKey` is made once however often it is sent with that key (the outbox's resends).
 */
export async function api(path, { method = 'GET', body, signal, idempotencyKey } = {}) {
  const options = { method, signal, headers: { Accept: 'application/json' } };
  if (idempotencyKey) options.headers['Idempotency-Key'] = idempotencyKey;
  if (body !== undefined) {
    options.headers['Content-Type'] = 'application/json';
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch (error) {
    if (error.name === 'AbortError') throw error;
    throw new APIError(0, 'offline', 'Larder cannot be reached. Are you offline?');
  }
  const copy = response.headers.get('X-Larder-Offline-Copy');
  if (copy) {
    showOfflineCopy(copy);
  } else if (offlineCopyTime) {
    offlineCopyTime = ''; // Larder answered again: the page is no longer a kept copy
    showOutbox();
  }
  if (response.status === 204) return null;
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const message = data?.error?.message || `The server answered ${response.status}.`;
    throw new APIError(response.status, data?.error?.code || 'http_error', message);
  }
  return data;
}

// MARK: the outbox: changes made offline, sent in order once Larder can be reached

const OUTBOX_KEY = 'larder.outbox';
const REFUSED_KEY = 'larder.outboxRefused';
let flushing = null;
let retryTimer = null;
let lastTrouble = '';

/** The changes waiting to be sent, oldest first: [{id, method, path, body, label, kind, target}]. */
export function queuedChanges() {
  const queued = readJSON(OUTBOX_KEY, []);
  return Array.isArray(queued) ? queued.filter((entry) => entry && entry.path && entry.method) : [];
}

function storeQueue(entries) {
  localStorage.setItem(OUTBOX_KEY, JSON.stringify(entries));
}

function refusedChanges() {
  const refused = readJSON(REFUSED_KEY, []);
  return Array.isArray(refused) ? refused : [];
}

/**
 * Sends a change (`api`'s method and body) or, when Larder cannot be reached, keeps it in this
 * browser to send later, in order, behind any change already waiting. Answers {queued: false,
 * answer} once sent, {queued: true, entry} when kept; a change the server refuses throws
 * APIError as `api` does. `label` says the change for people ("Check milk"); `kind` and
 * `target` let a page show it before it is sent.
 */
export async function sendOrQueue(path, { method, body }, { label, kind = '', target = '' }) {
  const entry = {
    id: globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`,
    method, path, body, label, kind, target, queuedAt: new Date().toISOString(),
  };
  if (!queuedChanges().length) {
    try {
      // The change's key goes with it from the first try: if Larder made it but the answer was
      // lost, sending it again from the outbox does not make it twice.
      return { queued: false, answer: await api(path, { method, body, idempotencyKey: entry.id }) };
    } catch (error) {
      if (error.status !== 0) throw error;
    }
  }
  try {
    storeQueue([...queuedChanges(), entry]);
  } catch {
    throw new APIError(0, 'offline', `Larder cannot be reached, and this browser could not keep “${label}” to send later.`);
  }
  showOutbox();
  // Behind others still waiting while the browser thinks it is online: try them all now.
  if (navigator.onLine) flushOutbox();
  else flushSoon();
  return { queued: true, entry };
}

/**
 * Reads a page's data again once changes kept offline are sent (from this page or another tab);
 * a read that fails is said with `say`.
 */
export function onSynced(reload, say) {
  window.addEventListener('larder:synced', async () => {
    try {
      await reload();
    } catch (error) {
      say(error.message);
    }
  });
}

/** Takes back a change still waiting (one made offline and not sent yet). */
export function cancelQueued(id) {
  storeQueue(queuedChanges().filter((entry) => entry.id !== id));
  showOutbox();
}

/** Sends the waiting changes in order; stops at the first that cannot get through yet. */
export function flushOutbox() {
  if (flushing) return flushing;
  const run = async () => {
    let sent = 0;
    const refused = [];
    for (;;) {
      const [entry] = queuedChanges();
      if (!entry) break;
      try {
        await api(entry.path, { method: entry.method, body: entry.body, idempotencyKey: entry.id });
        lastTrouble = '';
        sent += 1;
      } catch (error) {
        // Still offline, signed out, or the server in trouble: the change waits for the next try.
        if (error.status === 0 || error.status === 401 || error.status === 408 || error.status === 429
          || error.status >= 500) {
          lastTrouble = error.status === 0 ? '' : error.message;
          break;
        }
        // Refused for good (gone, or not valid any more): said, never dropped silently. The
        // refusal is kept before the change leaves the queue, so a page closed in between
        // loses neither (sent again, the change gets the same answer, kept once by its id).
        const message = error.status === 404 ? `it is no longer there (${error.message})` : error.message;
        const refusal = { id: entry.id, label: entry.label, message, at: new Date().toISOString() };
        refused.push(refusal);
        localStorage.setItem(REFUSED_KEY, JSON.stringify(
          [...refusedChanges().filter((other) => other.id !== entry.id), refusal]));
      }
      storeQueue(queuedChanges().filter((other) => other.id !== entry.id));
    }
    showOutbox();
    if (sent || refused.length) {
      window.dispatchEvent(new CustomEvent('larder:synced', { detail: { sent, refused } }));
    }
    return { sent, refused };
  };
  // One tab at a time sends the queue, so no change is sent twice.
  const locked = navigator.locks?.request ? navigator.locks.request('larder-outbox', run) : run();
  flushing = locked.finally(() => {
    flushing = null;
    flushSoon();
  });
  return flushing;
}

// While changes wait, try again every 15 seconds, when the browser says it is online, and when
// the page is looked at again (a phone's idea of "online" is not to be trusted alone).
function flushSoon() {
  clearTimeout(retryTimer);
  if (queuedChanges().length) retryTimer = setTimeout(flushOutbox, 15000);
}

let syncStatus = null;
let offlineCopyTime = '';

function syncNode() {
  if (syncStatus) return syncStatus;
  const main = document.getElementById('main');
  if (!main) return null;
  syncStatus = el('div', { id: 'sync-status', class: 'sync-status', role: 'status', hidden: true });
  main.prepend(syncStatus);
  return syncStatus;
}

function showOfflineCopy(kept) {
  const time = new Date(kept);
  offlineCopyTime = Number.isNaN(time.getTime()) ? 'an earlier visit'
    : time.toLocaleString(undefined, { weekday: 'short', hour: 'numeric', minute: '2-digit' });
  showOutbox();
}

/** Shows what waits to be sent, what was refused, and whether the page shows a kept copy. */
function showOutbox() {
  const node = syncNode();
  if (!node) return;
  const waiting = queuedChanges().length;
  const refused = refusedChanges();
  const parts = [];
  if (offlineCopyTime) {
    parts.push(el('p', { class: 'sync-offline' },
      `Offline: showing what this device kept (${offlineCopyTime}).`));
  }
  if (waiting) {
    parts.push(el('p', { class: 'sync-waiting' },
      el('span', { id: 'sync-count' }, `${waiting} change${waiting === 1 ? '' : 's'} waiting to sync.`),
      lastTrouble ? ` Larder answered: ${lastTrouble}` : ' They are sent when Larder can be reached.',
      ' ',
      el('button', { type: 'button', class: 'secondary small-button', onclick: () => flushOutbox() }, 'Send now')));
  }
  if (refused.length) {
    parts.push(el('div', { class: 'sync-refused' },
      el('p', {}, `${refused.length === 1 ? 'A change' : `${refused.length} changes`} made offline could not be saved:`),
      el('ul', {}, refused.map((entry) => el('li', {}, `${entry.label}: ${entry.message}`))),
      el('button', {
        type: 'button', class: 'secondary small-button',
        onclick: () => { localStorage.removeItem(REFUSED_KEY); showOutbox(); },
      }, 'Dismiss')));
  }
  node.replaceChildren(...parts);
  node.hidden = !parts.length;
}

/**
 * The form token a browser's uploads carry (X-Larder-Form-Token), proving they come from
 * Larder's own pages; empty where the server keeps no accounts.
 */
export async function formToken() {
  try {
    const response = await fetch('/api/v1/me', { headers: { Accept: 'application/json' } });
    if (!response.ok) return '';
    return (await response.json()).formToken || '';
  } catch {
    return '';
  }
}

/** Builds an element; children are nodes or strings (always inserted as text). */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'class') node.className = value;
    else if (name === 'text') node.textContent = value;
    else if (name.startsWith('on')) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function debounce(fn, delay) {
  let timer;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), delay);
  };
}

/** "PT1H20M" → "1 hr 20 min", as RecipeDuration.description says it (whole minutes, rounded up). */
export function formatDuration(iso) {
  if (!iso) return '';
  const match = /^P(?:(\d+)D)?T?(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?$/.exec(iso);
  if (!match) return '';
  const minutes = (+match[1] || 0) * 1440 + (+match[2] || 0) * 60 + (+match[3] || 0)
    + Math.ceil((+match[4] || 0) / 60);
  if (minutes <= 0) return '';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const parts = [];
  if (days) parts.push(days === 1 ? '1 day' : `${days} days`);
  if (hours) parts.push(`${hours} hr`);
  if (rest || !parts.length) parts.push(`${rest} min`);
  return parts.join(' ');
}

/**
 * A recipe card for a summary from the API: a copy of the card the server renders (the page's
 * <template id="recipe-card-template">, made by Components.recipeCard), its marked parts
 * filled and the ones the recipe lacks removed. `extra` nodes go at the end of the card's body.
 */
export function recipeCard(summary, extra = []) {
  const template = document.getElementById('recipe-card-template');
  const card = template.content.firstElementChild.cloneNode(true);
  const part = (name) => card.querySelector(`[data-card="${name}"]`);
  part('link').setAttribute('href', `/recipes/${encodeURIComponent(summary.id)}`);
  // The picture always comes from Larder itself (RecipeSummary.imagePath: a stored copy, or
  // /recipes/{id}/image for a remote one), never from another host; the placeholder stays under
  // it, showing when the picture cannot be loaded.
  if (summary.imagePath) {
    part('image').setAttribute('src', summary.imagePath);
  } else {
    part('image').remove();
  }
  const placeholder = part('placeholder');
  placeholder.className = `placeholder hue-${Math.floor(summary.placeholderHue / 30)}`;
  placeholder.textContent = [...summary.name][0] ?? '';
  const star = part('star');
  const heading = part('heading');
  heading.replaceChildren(...(summary.isFavorite ? [star, ' '] : []), summary.name);
  // The server words the facts (RecipeSummary.cardFacts), so this card reads as its own does.
  part('meta').textContent = (summary.cardFacts || []).join(' · ');
  const badges = template.dataset.badgeDiets.split(' ');
  const diets = (summary.diets || []).filter((diet) => badges.includes(diet));
  const dietsNode = part('diets');
  if (diets.length) {
    const badge = dietsNode.firstElementChild;
    dietsNode.replaceChildren(...diets.map((diet) => {
      const copy = badge.cloneNode(false);
      copy.textContent = diet;
      return copy;
    }));
  } else {
    dietsNode.remove();
  }
  heading.parentElement.append(...extra.filter(Boolean));
  return card;
}

export function applyTheme(theme = loadTheme()) {
  if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
  else delete document.documentElement.dataset.theme;
}

/** Lets people and tests know a page's script has done its first work. */
export function markReady() {
  document.documentElement.dataset.ready = 'true';
  try {
    performance.mark('larder-ready');
  } catch {
    // Marks are a nicety.
  }
}

applyTheme();

// The header's recipe search, folded behind its Search button on phones (and on the Cook page,
// whose first field is the pantry): the button unfolds it and puts the cursor in it; Escape
// folds it again.
const searchToggle = document.querySelector('.search-toggle');
const searchBox = document.getElementById('q');
if (searchToggle && searchBox) {
  const header = searchToggle.closest('.top');
  const unfold = (open) => {
    header.classList.toggle('searching', open);
    searchToggle.setAttribute('aria-expanded', String(open));
  };
  searchToggle.addEventListener('click', () => {
    const open = !header.classList.contains('searching');
    unfold(open);
    if (open) searchBox.focus();
  });
  searchBox.form.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !header.classList.contains('searching')) return;
    unfold(false);
    searchToggle.focus();
  });
}
// The sticky header's height, for the stylesheet's scroll-padding-top: a field the keyboard
// brings into view stops below the header (which grows when the search unfolds) instead of under it.
const stickyHeader = document.querySelector('header.top');
if (stickyHeader) {
  const measure = () => document.documentElement.style.setProperty(
    '--header-height', `${Math.ceil(stickyHeader.getBoundingClientRect().height)}px`);
  measure();
  if ('ResizeObserver' in window) new ResizeObserver(measure).observe(stickyHeader);
}
// On a phone the sections scroll sideways in one row: the page's own is brought into view.
document.querySelector('.main-nav [aria-current="page"]')
  ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });

// A recipe's picture that cannot be loaded (a remote one Larder could not keep a copy of) is
// taken away rather than shown broken, so a card's placeholder beneath it shows. Errors do not
// bubble, hence the capture; pictures that failed before this module ran are found by looking.
const isRecipePicture = (node) => node instanceof HTMLImageElement
  && (node.dataset.card === 'image' || node.classList.contains('hero'));
document.addEventListener('error', (event) => {
  if (isRecipePicture(event.target)) event.target.remove();
}, true);
for (const picture of document.querySelectorAll('img[data-card="image"], img.hero')) {
  if (picture.complete && picture.naturalWidth === 0) picture.remove();
}

// The offline page's Go back button, where there is somewhere to go back to.
const offlineBack = document.getElementById('offline-back');
if (offlineBack && history.length > 1) {
  offlineBack.hidden = false;
  offlineBack.addEventListener('click', () => history.back());
}

// Signing out with changes still waiting: they were made as this account and must not be sent
// as the next one to sign in here, so the cook is asked first, and may stay to send them.
for (const form of document.querySelectorAll('form[action="/logout"]')) {
  form.addEventListener('submit', (event) => {
    const waiting = queuedChanges().length;
    if (!waiting) return;
    const forget = window.confirm(`${waiting === 1 ? '1 change' : `${waiting} changes`} made offline `
      + `${waiting === 1 ? 'has' : 'have'} not reached Larder yet. Sign out and forget `
      + `${waiting === 1 ? 'it' : 'them'}?`);
    if (!forget) {
      event.preventDefault();
      return;
    }
    localStorage.removeItem(OUTBOX_KEY);
    localStorage.removeItem(REFUSED_KEY);
  });
  // What the service worker kept for this account is forgotten with it.
  form.addEventListener('submit', (event) => {
    if (!event.defaultPrevented) navigator.serviceWorker?.controller?.postMessage({ type: 'signed-out' });
  });
}

// Changes kept offline (on this page or another) are shown, and sent when Larder answers again.
showOutbox();
window.addEventListener('online', () => flushOutbox());
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible' && queuedChanges().length) flushOutbox();
});
window.addEventListener('storage', (event) => {
  if (event.key === OUTBOX_KEY || event.key === REFUSED_KEY) showOutbox();
});
if (queuedChanges().length) flushOutbox();

if ('serviceWorker' in navigator && location.protocol !== 'file:') {
  navigator.serviceWorker.register('/sw.js').catch(() => {});
}
