// The pantry page: quick add by a typed line (the server parses it), items by location or by
// soonest expiry with the API's expiry badges, edit and remove, and "use it up" recipes.
// Offline the pantry kept from the last visit shows, and additions and removals wait in app.js's
// outbox, shown as made, until Larder can be reached.
import { api, cancelQueued, el, markReady, onSynced, queuedChanges, recipeCard, sendOrQueue, serverSettings } from './app.js';
import { dayLabel, planningAPI, withContext } from './planning.js';

const form = document.getElementById('pantry-add');
const line = document.getElementById('pantry-line');
const expires = document.getElementById('pantry-expires');
const place = document.getElementById('pantry-location');
const status = document.getElementById('pantry-status');
const list = document.getElementById('pantry-list');
const empty = document.getElementById('pantry-empty');
const controls = document.getElementById('pantry-controls');
const useItUp = document.getElementById('use-it-up');
const usePane = document.getElementById('use-it-up-pane');
const useResults = document.getElementById('use-it-up-results');
// A viewer reads the household's pantry but may not change it (the server refuses): no quick
// add, no edit or remove buttons.
const canChange = document.getElementById('pantry-page').dataset.canChange !== 'false';

const ORDER_KEY = 'larder.pantryOrder';
const KNOWN = ['fridge', 'freezer', 'cupboard', 'counter'];
let items = [];
// Items added while Larder could not be reached: outbox entries not sent yet.
let pending = [];
let order = localStorage.getItem(ORDER_KEY) === 'expiry' ? 'expiry' : 'location';
let editing = null;

function say(text) {
  status.textContent = text;
}

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A pantry item: a copy of the item the server renders (the page's
 * <template id="pantry-item-template">, made by Components.pantryItem), its parts filled, the
 * ones the item lacks removed, and its buttons enabled.
 */
function itemRow(item, showLocation) {
  if (editing === item.id) return editRow(item);
  const row = document.getElementById('pantry-item-template').content.firstElementChild.cloneNode(true);
  const part = (css) => row.querySelector(css);
  const meta = [];
  if (showLocation) meta.push(capital(item.location));
  meta.push(`added ${dayLabel(item.addedOn, { day: 'numeric', month: 'short' })}`);
  if (item.expiresOn) meta.push(`use by ${dayLabel(item.expiresOn, { day: 'numeric', month: 'short' })}`);
  if (item.note) meta.push(item.note);
  if (item.kinds === 'any') meta.push('any kind');
  if (item.kinds === 'only') meta.push('only this kind');
  row.dataset.id = item.id;
  part('.item-name').textContent = item.name;
  if (item.amountText) part('.item-amount').textContent = item.amountText;
  else part('.item-amount').remove();
  const badge = part('.badge');
  if (item.expiry) {
    badge.className = `badge ${item.expiry.kind}`;
    badge.textContent = item.expiry.text;
  } else {
    badge.remove();
  }
  part('.item-meta').textContent = meta.join(' · ');
  if (!canChange) {
    part('.item-actions').remove();
    return row;
  }
  const edit = part('[data-action="edit"]');
  edit.setAttribute('aria-label', `Edit ${item.name}`);
  edit.disabled = false;
  edit.addEventListener('click', () => {
    editing = item.id;
    render();
    document.getElementById(`edit-name-${item.id}`)?.focus();
  });
  const removeButton = part('[data-action="remove"]');
  removeButton.setAttribute('aria-label', `Remove ${item.name}`);
  removeButton.disabled = false;
  removeButton.addEventListener('click', () => remove(item));
  return row;
}

function field(id, label, input) {
  return el('div', {}, el('label', { for: id }, label), input);
}

function editRow(item) {
  const id = (name) => `edit-${name}-${item.id}`;
  const name = el('input', { id: id('name'), value: item.name, required: true, maxlength: 200 });
  const quantity = el('input', {
    id: id('quantity'), type: 'number', min: 0, step: 'any', inputmode: 'decimal',
    value: item.amount?.quantity ?? '',
  });
  const unit = el('input', { id: id('unit'), value: item.amount?.unit ?? '', placeholder: 'g, cup, lb…' });
  const location = el('input', { id: id('location'), value: item.location, list: 'pantry-locations', maxlength: 40 });
  const expiry = el('input', { id: id('expires'), type: 'date', value: item.expiresOn ?? '' });
  // How far the item stands for its food's kinds: plain rice gives basmati; "any" gives wild
  // rice too; "only" gives this food alone.
  const kinds = el('select', { id: id('kinds') },
    [['everyday', 'Everyday kinds'], ['any', 'Any kind'], ['only', 'Only this one']].map(([value, label]) =>
      el('option', { value, selected: (item.kinds || 'everyday') === value }, label)));
  const editForm = el('form', {
    class: 'edit-item', 'aria-label': `Edit ${item.name}`,
    onsubmit: async (event) => {
      event.preventDefault();
      const body = { name: name.value.trim(), location: location.value.trim() || item.location };
      body.expiresOn = expiry.value || null;
      body.kinds = kinds.value;
      if (quantity.value !== '') {
        body.quantity = Number(quantity.value);
        body.unit = unit.value.trim() || null;
      }
      try {
        await planningAPI(`/api/v1/pantry/${encodeURIComponent(item.id)}`, { method: 'PATCH', body });
        editing = null;
        await load();
        say(`Saved ${body.name}.`);
        list.querySelector(`[data-id="${CSS.escape(item.id)}"] button`)?.focus();
      } catch (error) {
        say(error.message);
      }
    },
  },
  el('div', { class: 'field-row' },
    field(id('name'), 'Name', name), field(id('quantity'), 'Amount', quantity), field(id('unit'), 'Unit', unit),
    field(id('location'), 'Kept in', location), field(id('expires'), 'Expires on', expiry),
    field(id('kinds'), 'Stands for', kinds)),
  el('p', { class: 'edit-actions' },
    el('button', { type: 'submit' }, 'Save'), ' ',
    el('button', {
      type: 'button', class: 'secondary',
      onclick: () => { editing = null; render(); list.querySelector(`[data-id="${CSS.escape(item.id)}"] button`)?.focus(); },
    }, 'Cancel')));
  return el('li', { class: 'pantry-item editing', 'data-id': item.id }, editForm);
}

/** An item added offline, not yet on the server: its line, marked waiting; Remove takes it back. */
function pendingRow(entry) {
  const row = document.getElementById('pantry-item-template').content.firstElementChild.cloneNode(true);
  row.classList.add('pending');
  row.dataset.pending = entry.id;
  const text = entry.body.line ?? entry.body.name;
  row.querySelector('.item-name').textContent = text;
  row.querySelector('.item-amount')?.remove();
  row.querySelector('.badge')?.remove();
  row.querySelector('.item-meta').textContent = 'Added on this device, waiting to sync';
  row.querySelector('[data-action="edit"]').remove();
  const removeButton = row.querySelector('[data-action="remove"]');
  removeButton.setAttribute('aria-label', `Remove ${text}`);
  removeButton.disabled = false;
  removeButton.addEventListener('click', () => {
    cancelQueued(entry.id);
    applyQueued();
    render();
    say(`Removed ${text}.`);
    line.focus();
  });
  return row;
}

function render() {
  empty.hidden = items.length + pending.length > 0;
  const waitingSection = pending.length
    ? el('section', { class: 'location-group', 'aria-labelledby': 'loc-pending' },
      el('h2', { id: 'loc-pending' }, 'Added on this device', el('span', { class: 'count' }, ` ${pending.length}`)),
      el('ul', { class: 'pantry-items' }, pending.map(pendingRow)))
    : null;
  renderItems();
  if (waitingSection) list.prepend(waitingSection);
}

function renderItems() {
  if (order === 'expiry') {
    list.replaceChildren(el('ul', { id: 'pantry-items', class: 'pantry-items', 'aria-label': 'Pantry, soonest expiry first' },
      items.map((item) => itemRow(item, true))));
    return;
  }
  const groups = new Map();
  for (const item of items) {
    if (!groups.has(item.location)) groups.set(item.location, []);
    groups.get(item.location).push(item);
  }
  const names = [...groups.keys()].sort((a, b) => {
    const ia = KNOWN.indexOf(a);
    const ib = KNOWN.indexOf(b);
    if (ia !== ib) return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib);
    return a.localeCompare(b);
  });
  list.replaceChildren(...names.map((name) => {
    const headingID = `loc-${name.replace(/[^a-z0-9]+/g, '-')}`;
    return el('section', { class: 'location-group', 'aria-labelledby': headingID },
      el('h2', { id: headingID }, capital(name), el('span', { class: 'count' }, ` ${groups.get(name).length}`)),
      el('ul', { class: 'pantry-items' }, groups.get(name).map((item) => itemRow(item, false))));
  }));
}

/** Shows the changes still waiting to be sent: additions, and removals taken off the list. */
function applyQueued() {
  const queued = queuedChanges();
  // An addition from the Cook page names its food (`name`) where this page's gives a `line`.
  pending = queued.filter((entry) => entry.kind === 'pantry-add'
    && typeof (entry.body?.line ?? entry.body?.name) === 'string');
  const removed = new Set(queued.filter((entry) => entry.kind === 'pantry-remove').map((entry) => entry.target));
  items = items.filter((item) => !removed.has(item.id));
}

async function load() {
  const answer = await planningAPI('/api/v1/pantry');
  items = answer.items || [];
  applyQueued();
  render();
}

const waiting = (queued) => (queued ? ' It is sent when Larder can be reached.' : '');

async function remove(item) {
  try {
    const { queued } = await sendOrQueue(
      withContext(`/api/v1/pantry/${encodeURIComponent(item.id)}`), { method: 'DELETE' },
      { label: `Remove “${item.name}” from the pantry`, kind: 'pantry-remove', target: item.id });
    const index = items.findIndex((other) => other.id === item.id);
    items = items.filter((other) => other.id !== item.id);
    render();
    say(`Removed ${item.name}.${waiting(queued)}`);
    const buttons = list.querySelectorAll('.pantry-item .item-actions button');
    (buttons[Math.min(index * 2, buttons.length - 1)] || line).focus();
  } catch (error) {
    say(error.message);
  }
}

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const text = line.value.trim();
  if (!text) return;
  const body = { line: text };
  if (expires.value) body.expiresOn = expires.value;
  if (place.value.trim()) body.location = place.value.trim();
  try {
    const { queued, answer: item } = await sendOrQueue(withContext('/api/v1/pantry'), { method: 'POST', body },
      { label: `Add “${text}” to the pantry`, kind: 'pantry-add' });
    line.value = '';
    expires.value = '';
    place.value = '';
    if (queued) {
      applyQueued();
      render();
      say(`Added ${text}.${waiting(true)}`);
    } else {
      await load();
      say(`Added ${item.amountText ? `${item.amountText} ` : ''}${item.name} to the ${item.location}${item.expiry ? `, ${item.expiry.text}` : ''}.`);
    }
    line.focus();
  } catch (error) {
    say(error.message);
  }
});

for (const radio of document.querySelectorAll('#pantry-order input[name="order"]')) {
  radio.checked = radio.value === order;
  radio.addEventListener('change', () => {
    order = radio.value;
    localStorage.setItem(ORDER_KEY, order);
    render();
  });
}

// Use it up: recipes with the item that expires soonest (the finder ranks by what is missing,
// then by how much of the stored pantry a recipe uses, soonest-expiring first).
useItUp.addEventListener('click', async () => {
  usePane.hidden = false;
  useResults.setAttribute('aria-busy', 'true');
  const first = items.find((item) => item.foodID && item.expiresOn) || items.find((item) => item.foodID);
  const heading = document.getElementById('use-it-up-h');
  heading.textContent = first ? `Use up the ${first.name}` : 'Use it up';
  try {
    const parameters = new URLSearchParams({ useItUp: 'true', missing: '50', limit: '6' });
    if (first) parameters.set('include', first.foodID);
    const { diets } = await serverSettings();
    if (diets.length) parameters.set('diets', diets.join(','));
    const answer = await api(`/api/v1/finder?${parameters}`);
    const found = answer.items || [];
    useResults.replaceChildren(...found.map((result) => recipeCard(result.recipe, [
      el('p', { class: 'hint' }, result.missingCount
        ? `Missing ${result.missingCount}: ${result.missing.slice(0, 4).map((food) => food.name).join(', ')}${result.missingCount > 4 ? '…' : ''}`
        : 'You have everything'),
    ])));
    say(found.length ? `${found.length} recipes to use it up.` : 'No recipe uses what you have yet.');
  } catch (error) {
    say(error.message);
  } finally {
    useResults.setAttribute('aria-busy', 'false');
  }
  heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
  usePane.scrollIntoView({ block: 'start', behavior: 'smooth' });
});

// Once changes made offline are sent (from this page or another), the pantry is read again.
onSynced(load, say);

form.hidden = !canChange;
controls.hidden = false;
try {
  await load();
} catch (error) {
  if (error.status === 404) {
    say('This server keeps no pantry.');
  } else if (error.status === 0) {
    // Offline with no pantry kept on this device: additions still wait to be sent.
    applyQueued();
    render();
    say('Larder cannot be reached, and this device has no copy of the pantry yet. Items you add are sent when it can be reached.');
  } else {
    say(error.message);
  }
}
markReady();
