// The shopping list page: made from the meal plan or from chosen recipes, lines grouped by aisle
// with the merged amounts and recipes the API gives, staples on request, manual lines, checking
// off (kept by the server), checked lines into the pantry, sharing as text and printing.
// Offline (in a shop) the list kept from the last visit shows, and ticks, additions and removals
// wait in app.js's outbox, shown on the list as made, until Larder can be reached.
import { cancelQueued, el, markReady, onSynced, queuedChanges, sendOrQueue } from './app.js';
import { addDays, context, isoDay, planningAPI, recipePicker, withContext } from './planning.js';

const groupsNode = document.getElementById('list-groups');
const status = document.getElementById('list-status');
const count = document.getElementById('list-count');
const empty = document.getElementById('list-empty');
const staples = document.getElementById('show-staples');
const toPantry = document.getElementById('list-to-pantry');
const pantryForm = document.getElementById('list-to-pantry-form');
const pantryExpiry = document.getElementById('list-to-pantry-expiry');
const chosenNode = document.getElementById('gen-chosen');
const chosenSubmit = document.getElementById('gen-recipes-submit');
// A viewer reads the household's list but may not change it (the server refuses): the lines
// show whether they are checked, and nothing makes, adds, checks, removes or moves them.
const canChange = document.getElementById('list-page').dataset.canChange !== 'false';

const STAPLES_KEY = 'larder.listStaples';
const initial = new URLSearchParams(location.search);
const valid = (text) => /^\d{4}-\d{2}-\d{2}$/.test(text || '');
const from = document.getElementById('gen-from');
const to = document.getElementById('gen-to');
from.value = valid(initial.get('from')) ? initial.get('from') : isoDay(new Date());
to.value = valid(initial.get('to')) ? initial.get('to') : addDays(from.value, 6);
staples.checked = localStorage.getItem(STAPLES_KEY) === 'true';

let list = { groups: [], count: 0, checked: 0 };
let chosen = [];
// Lines added while Larder could not be reached: outbox entries not sent yet.
let pending = [];

function say(text, ...extra) {
  status.replaceChildren(text, ...extra);
}

/**
 * A shopping line: a copy of the line the server renders (the page's
 * <template id="amount-line-template">, made by Components.amountLine), its parts filled and its
 * controls enabled.
 */
function lineRow(item) {
  const row = document.getElementById('amount-line-template').content.firstElementChild.cloneNode(true);
  const part = (name) => row.querySelector(`[data-line="${name}"]`);
  const id = `line-${item.id}`;
  // The server words the notes (ShoppingItemView.notes), as its own page shows them.
  const notes = item.notes || [];
  row.className = `list-line${item.isChecked ? ' checked' : ''}${item.isStaple ? ' staple' : ''}`;
  row.dataset.id = item.id;
  const box = part('check');
  box.id = id;
  box.checked = item.isChecked;
  part('label').htmlFor = id;
  part('text').textContent = item.text;
  if (!item.isStaple) part('staple').remove();
  const removeButton = part('remove');
  if (canChange) {
    box.disabled = false;
    box.addEventListener('change', (event) => check(item, event.target.checked));
    removeButton.disabled = false;
    removeButton.setAttribute('aria-label', `Remove ${item.text}`);
    removeButton.addEventListener('click', () => remove(item));
  } else {
    removeButton.remove();
  }
  const notesNode = part('notes');
  if (notes.length) {
    notesNode.id = `${id}-notes`;
    notesNode.textContent = notes.join(' · ');
    box.setAttribute('aria-describedby', notesNode.id);
  } else {
    notesNode.remove();
    box.removeAttribute('aria-describedby');
  }
  return row;
}

/** An aisle's section: a copy of the page's <template id="aisle-group-template">, filled. */
function aisleGroup(group, index) {
  const section = document.getElementById('aisle-group-template').content.firstElementChild
    .cloneNode(true);
  const title = section.querySelector('[data-group="title"]');
  title.id = `aisle-${index}`;
  title.textContent = group.title;
  section.setAttribute('aria-labelledby', title.id);
  section.dataset.aisle = group.aisle ?? 'other';
  section.querySelector('[data-group="lines"]').replaceChildren(...group.items.map(lineRow));
  return section;
}

/** A line added offline, not yet on the server: its text, marked waiting; × takes it back. */
function pendingRow(entry) {
  const row = document.getElementById('amount-line-template').content.firstElementChild.cloneNode(true);
  const part = (name) => row.querySelector(`[data-line="${name}"]`);
  const id = `pending-${entry.id}`;
  row.className = 'list-line pending';
  row.dataset.pending = entry.id;
  part('check').id = id;
  part('label').htmlFor = id;
  part('text').textContent = entry.body.line;
  part('staple').remove();
  const notes = part('notes');
  notes.id = `${id}-notes`;
  notes.textContent = 'Added on this device, waiting to sync';
  part('check').setAttribute('aria-describedby', notes.id);
  const removeButton = part('remove');
  removeButton.disabled = false;
  removeButton.setAttribute('aria-label', `Remove ${entry.body.line}`);
  removeButton.addEventListener('click', () => {
    cancelQueued(entry.id);
    applyQueued();
    render();
    say(`Removed ${entry.body.line}.`);
    document.getElementById('list-line').focus();
  });
  return row;
}

function countText() {
  const total = list.count + pending.length;
  return total ? `${total} item${total === 1 ? '' : 's'}${list.checked ? `, ${list.checked} checked` : ''}` : '';
}

function render() {
  const groups = list.groups.map(aisleGroup);
  if (pending.length) {
    const section = aisleGroup({ title: 'Added on this device', aisle: 'pending', items: [] }, 'pending');
    section.querySelector('[data-group="lines"]').replaceChildren(...pending.map(pendingRow));
    groups.unshift(section);
  }
  groupsNode.replaceChildren(...groups);
  empty.hidden = list.count + pending.length > 0;
  count.textContent = countText();
  toPantry.disabled = !list.checked;
}

/** Shows on the list the changes still waiting to be sent: ticks, removals and additions. */
function applyQueued() {
  const queued = queuedChanges();
  pending = queued.filter((entry) => entry.kind === 'list-add' && typeof entry.body?.line === 'string');
  for (const entry of queued) {
    for (const group of list.groups) {
      const item = group.items.find((line) => line.id === entry.target);
      if (!item) continue;
      if (entry.kind === 'list-check' && item.isChecked !== Boolean(entry.body?.checked)) {
        item.isChecked = Boolean(entry.body?.checked);
        list.checked += item.isChecked ? 1 : -1;
      } else if (entry.kind === 'list-remove') {
        group.items = group.items.filter((line) => line !== item);
        list.count -= 1;
        if (item.isChecked) list.checked -= 1;
      }
    }
  }
  list.groups = list.groups.filter((group) => group.items.length);
}

async function load() {
  list = await planningAPI(`/api/v1/shopping-list?staples=${staples.checked}`);
  applyQueued();
  render();
}

const waiting = (queued) => (queued ? ' It is sent when Larder can be reached.' : '');

async function check(item, checked) {
  try {
    const { queued } = await sendOrQueue(
      withContext(`/api/v1/shopping-list/items/${encodeURIComponent(item.id)}`), { method: 'PATCH', body: { checked } },
      { label: `${checked ? 'Check' : 'Uncheck'} “${item.text}” on the list`, kind: 'list-check', target: item.id });
    item.isChecked = checked;
    list.checked += checked ? 1 : -1;
    groupsNode.querySelector(`[data-id="${CSS.escape(item.id)}"]`)?.classList.toggle('checked', checked);
    count.textContent = countText();
    toPantry.disabled = !list.checked;
    say(`${checked ? 'Checked' : 'Unchecked'} ${item.text}.${waiting(queued)}`);
  } catch (error) {
    say(error.message);
    await load();
  }
}

async function remove(item) {
  const boxes = [...groupsNode.querySelectorAll('.list-line input[type="checkbox"]')];
  const index = boxes.findIndex((box) => box.id === `line-${item.id}`);
  try {
    const { queued } = await sendOrQueue(
      withContext(`/api/v1/shopping-list/items/${encodeURIComponent(item.id)}`), { method: 'DELETE' },
      { label: `Remove “${item.text}” from the list`, kind: 'list-remove', target: item.id });
    if (queued) {
      applyQueued();
      render();
    } else {
      await load();
    }
    say(`Removed ${item.text}.${waiting(queued)}`);
    // Focus moves to the line that took its place (or the box to add one).
    const left = groupsNode.querySelectorAll('.list-line input[type="checkbox"]');
    (left[Math.min(index, left.length - 1)] || document.getElementById('list-line')).focus();
  } catch (error) {
    say(error.message);
  }
}

async function generate(body, what) {
  say('Making the list…');
  try {
    await planningAPI('/api/v1/shopping-list/generate', { method: 'POST', body: { ...body, staples: true } });
    await load();
    say(`Made the list from ${what}: ${list.count} item${list.count === 1 ? '' : 's'}.`);
    document.getElementById('list-generate').open = false;
  } catch (error) {
    say(error.message);
  }
}

document.getElementById('generate-plan').addEventListener('submit', (event) => {
  event.preventDefault();
  generate({ from: from.value, to: to.value }, 'the meal plan');
});

function renderChosen() {
  chosenNode.replaceChildren(...chosen.map((entry, index) => {
    const id = `gen-servings-${index}`;
    return el('li', { class: 'chosen-recipe' },
      el('span', { class: 'chosen-name' }, entry.name),
      el('label', { for: id }, 'Servings'),
      el('input', {
        id, type: 'number', min: 1, max: 1000, step: 1, inputmode: 'numeric', value: entry.servings ?? '',
        placeholder: 'As written', onchange: (event) => { entry.servings = event.target.value ? Number(event.target.value) : null; },
      }),
      el('button', {
        type: 'button', class: 'remove', title: 'Remove', 'aria-label': `Leave out ${entry.name}`,
        onclick: () => { chosen.splice(index, 1); renderChosen(); },
      }, '×'));
  }));
  chosenSubmit.disabled = !chosen.length;
}

const picker = recipePicker(document.getElementById('gen-recipe'), (summary) => {
  if (!chosen.some((entry) => entry.id === summary.id)) {
    chosen.push({ id: summary.id, name: summary.name, servings: summary.yield?.servings ?? null });
    renderChosen();
  }
  picker.clear();
});

document.getElementById('generate-recipes').addEventListener('submit', (event) => {
  event.preventDefault();
  if (!chosen.length) return;
  generate({
    recipes: chosen.map((entry) => (entry.servings ? { recipe: entry.id, servings: entry.servings } : { recipe: entry.id })),
  }, chosen.length === 1 ? chosen[0].name : `${chosen.length} recipes`);
});

document.getElementById('list-add').addEventListener('submit', async (event) => {
  event.preventDefault();
  const input = document.getElementById('list-line');
  const line = input.value.trim();
  if (!line) return;
  try {
    const { queued, answer: item } = await sendOrQueue(
      withContext('/api/v1/shopping-list/items'), { method: 'POST', body: { line } },
      { label: `Add “${line}” to the list`, kind: 'list-add' });
    input.value = '';
    if (queued) {
      applyQueued();
      render();
      say(`Added ${line}.${waiting(true)}`);
    } else {
      await load();
      say(`Added ${item.text}.`);
    }
  } catch (error) {
    say(error.message);
  }
});

staples.addEventListener('change', async () => {
  localStorage.setItem(STAPLES_KEY, String(staples.checked));
  try {
    await load();
    say(staples.checked ? 'Showing staples.' : 'Staples hidden.');
  } catch (error) {
    say(error.message);
  }
});

// "Checked → pantry" opens a small form that asks, optionally, when what is moved expires.
function showPantryForm(shown) {
  pantryForm.hidden = !shown;
  toPantry.setAttribute('aria-expanded', String(shown));
  if (shown) pantryExpiry.focus();
}

toPantry.addEventListener('click', () => showPantryForm(pantryForm.hidden));
document.getElementById('list-to-pantry-cancel').addEventListener('click', () => {
  showPantryForm(false);
  toPantry.focus();
});

pantryForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  const body = pantryExpiry.value ? { expiresOn: pantryExpiry.value } : {};
  try {
    const answer = await planningAPI('/api/v1/shopping-list/to-pantry', { method: 'POST', body });
    pantryExpiry.value = '';
    showPantryForm(false);
    await load();
    const moved = answer.moved || [];
    say(moved.length ? `Moved ${moved.length} item${moved.length === 1 ? '' : 's'} to the pantry. ` : 'Nothing was checked. ',
      el('a', { href: '/pantry' }, 'Open the pantry'));
  } catch (error) {
    say(error.message);
  }
});

document.getElementById('list-share').addEventListener('click', async () => {
  const parameters = context();
  parameters.set('staples', String(staples.checked));
  let text;
  try {
    const response = await fetch(`/api/v1/shopping-list/text?${parameters}`);
    if (!response.ok) throw new Error(`The server answered ${response.status}.`);
    text = await response.text();
  } catch (error) {
    say(error.message);
    return;
  }
  if (navigator.share) {
    try {
      await navigator.share({ title: 'Shopping list', text });
      say('Shared.');
      return;
    } catch (error) {
      if (error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(text);
    say('Copied the list to the clipboard.');
  } catch {
    say('Copying was not allowed; the list as text is below.',
      el('textarea', { class: 'share-text', rows: 8, readonly: true, 'aria-label': 'The list as text' }, text));
  }
});

document.getElementById('list-print').addEventListener('click', () => window.print());

// Once changes made offline are sent (from this page or another), the list is read again; a
// change the server refused is named in the page's sync notice.
onSynced(load, say);

for (const id of canChange ? ['list-generate', 'list-tools', 'list-add'] : ['list-tools']) {
  document.getElementById(id).hidden = false;
}
toPantry.hidden = !canChange;
try {
  await load();
  if (!list.count && !pending.length && canChange) {
    document.getElementById('list-generate').open = true;
  }
} catch (error) {
  if (error.status === 404) {
    say('This server keeps no shopping list.');
  } else if (error.status === 0) {
    // Offline with no list kept on this device: additions still wait to be sent.
    applyQueued();
    render();
    say('Larder cannot be reached, and this device has no copy of the list yet. Lines you add are sent when it can be reached.');
  } else {
    say(error.message);
  }
}
markReady();
