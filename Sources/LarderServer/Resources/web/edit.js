// Add / edit: live feedback from the ingredient parser, import from a URL, paste text, read a
// photo, save.
import { api, debounce, el, formatDuration, formToken, markReady } from './app.js';

const form = document.getElementById('recipe-form');
const recipeID = form.dataset.recipeId;
const field = (name) => document.getElementById(`f-${name}`);
const feedback = document.getElementById('parse-feedback');
const saveStatus = document.getElementById('save-status');

const list = (text) => text.split(',').map((part) => part.trim()).filter(Boolean);
const isHeader = (line) => /:\s*$/.test(line) && line.length < 60;

// MARK: live parser feedback

function describe(item) {
  if (item.isSectionHeader) return [el('span', { class: 'tag' }, 'section'), ` ${item.input.replace(/:\s*$/, '')}`];
  const parts = [];
  if (item.quantity !== undefined && item.quantity !== null) {
    const amount = item.quantityMax ? `${item.quantity}–${item.quantityMax}` : `${item.quantity}`;
    parts.push(el('span', { class: 'tag amount' }, amount));
  }
  if (item.unit) parts.push(el('span', { class: 'tag unit' }, item.unit));
  if (item.name) parts.push(el('span', { class: 'tag name' }, item.name));
  if (item.preparation) parts.push(el('span', { class: 'tag prep' }, item.preparation));
  if (item.isOptional) parts.push(el('span', { class: 'tag' }, 'optional'));
  parts.push(item.food
    ? el('span', { class: 'food ok' }, `→ ${item.food.name}`)
    : el('span', { class: 'food unknown' }, '→ food not recognised'));
  return parts;
}

const parseLines = debounce(async () => {
  const lines = field('ingredients').value.split('\n').map((line) => line.trim()).filter(Boolean);
  if (!lines.length) {
    feedback.replaceChildren();
    return;
  }
  try {
    const language = field('language').value || null;
    const data = await api('/api/v1/ingredients/parse', { method: 'POST', body: { lines: lines.slice(0, 200), language } });
    feedback.replaceChildren(...data.items.map((item) => el('li', { class: 'parsed' }, describe(item))));
  } catch (error) {
    feedback.replaceChildren(el('li', {}, error.message));
  }
}, 300);
field('ingredients').addEventListener('input', parseLines);
field('language').addEventListener('change', parseLines);

// MARK: filling the form

function fill(recipe) {
  const set = (name, value) => { if (value !== undefined && value !== null) field(name).value = value; };
  set('name', recipe.name);
  set('description', recipe.description);
  set('image', recipe.images?.[0]);
  // The API writes times as ISO-8601 ("PT15M"); the form shows them as a cook types them
  // ("15 min"), which the server reads back to the same duration when the recipe is saved.
  set('prep', formatDuration(recipe.prepTime) || null);
  set('cook', formatDuration(recipe.cookTime) || null);
  set('servings', recipe.yield?.servings);
  set('courses', recipe.courses?.join(', '));
  set('cuisines', recipe.cuisines?.join(', '));
  set('diets', recipe.diets?.join(', '));
  set('keywords', recipe.keywords?.join(', '));
  const ingredients = recipe.ingredientSections?.flatMap((section) =>
    [...(section.title ? [`${section.title}:`] : []), ...section.lines.map((line) => line.text)]) ?? recipe.ingredients;
  if (ingredients) set('ingredients', ingredients.join('\n'));
  const steps = recipe.instructionSections?.flatMap((section) => section.steps.map((item) => item.text)) ?? recipe.steps;
  if (steps) set('steps', steps.join('\n\n'));
  set('notes', recipe.notes);
  set('language', recipe.language);
  parseLines();
}

// Pasted text is read by the server's reader (headings in several languages, numbered or
// bulleted steps, sections, yields and times), previewed without saving, then checked here.
document.getElementById('paste-apply')?.addEventListener('click', async () => {
  const status = document.getElementById('paste-status');
  status.textContent = 'Reading…';
  try {
    const text = document.getElementById('paste-text').value;
    const data = await api('/api/v1/import/text', { method: 'POST', body: { text, save: false } });
    fill(data.recipe);
    const warnings = data.warnings ?? [];
    status.textContent = warnings.length
      ? `Check the form: ${warnings.slice(0, 3).join('; ')}`
      : 'Filled in: check the form and save.';
    field('name').focus();
  } catch (error) {
    status.textContent = error.message;
  }
});

// A photo of a page (a phone's camera through the file input) is read by OCR on the server:
// one preview per recipe on the page, nothing saved. The first fills the form; when the page
// held several, they are listed (and kept for this tab, since saving opens the new recipe), and
// choosing one fills the form with it.
const photoKey = 'larder.photoRecipes';
const photoStatus = document.getElementById('photo-status');
const photoChoices = document.getElementById('photo-recipes');

function choosePhotoRecipe(item) {
  fill(item.recipe);
  const warnings = item.warnings ?? [];
  photoStatus.textContent = warnings.length
    ? `Read “${item.recipe.name}”. Check the form: ${warnings.slice(0, 3).join('; ')}`
    : `Read “${item.recipe.name}”: check the form against the photo, then save.`;
  field('name').focus();
}

function listPhotoRecipes(items) {
  if (items.length < 2) {
    sessionStorage.removeItem(photoKey);
    photoChoices.replaceChildren();
    return;
  }
  sessionStorage.setItem(photoKey, JSON.stringify(items));
  photoChoices.replaceChildren(
    el('li', {}, `${items.length} recipes on the photo; the form holds one at a time:`),
    ...items.map((item) => el('li', {},
      el('button', { type: 'button', class: 'secondary', onclick: () => choosePhotoRecipe(item) },
        item.recipe.name))),
    el('li', {}, el('button', { type: 'button', class: 'secondary', onclick: () => listPhotoRecipes([]) },
      'Forget these')));
}

if (photoChoices) {
  try {
    const kept = JSON.parse(sessionStorage.getItem(photoKey) ?? '[]');
    if (Array.isArray(kept) && kept.length > 1) listPhotoRecipes(kept);
  } catch {
    sessionStorage.removeItem(photoKey);
  }
}

document.getElementById('photo-file')?.addEventListener('change', async (event) => {
  const file = event.target.files?.[0];
  if (!file) return;
  photoStatus.textContent = 'Reading the photo… (this takes a few seconds)';
  photoChoices.replaceChildren();
  try {
    const response = await fetch('/api/v1/import/photo', {
      method: 'POST',
      headers: {
        'Content-Type': file.type || 'application/octet-stream',
        Accept: 'application/json',
        'X-Larder-Form-Token': await formToken(),
      },
      body: file,
    });
    const data = await response.json().catch(() => null);
    if (!response.ok) throw new Error(data?.error?.message || `The server answered ${response.status}.`);
    const items = data.items ?? [];
    if (!items.length) {
      photoStatus.textContent = (data.warnings ?? []).join(' ') || 'No recipe was found on the photo.';
      return;
    }
    choosePhotoRecipe(items[0]);
    listPhotoRecipes(items);
  } catch (error) {
    photoStatus.textContent = error.message;
  }
});

// A whole file or an app's export goes to the same importer as `larder import`; every recipe in
// it is reported, and the ones stored can be opened from the report.
document.getElementById('import-file')?.addEventListener('change', async (event) => {
  const file = event.target.files?.[0];
  const status = document.getElementById('import-status');
  const report = document.getElementById('import-report');
  if (!file) return;
  status.textContent = `Importing ${file.name}…`;
  report.replaceChildren();
  try {
    const response = await fetch(`/api/v1/import?filename=${encodeURIComponent(file.name)}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/octet-stream',
        Accept: 'application/json',
        'X-Larder-Form-Token': await formToken(),
      },
      body: file,
    });
    const data = await response.json().catch(() => null);
    if (!response.ok) throw new Error(data?.error?.message || `The server answered ${response.status}.`);
    status.textContent = `${file.name}: ${data.created} created, ${data.updated} updated, `
      + `${data.unchanged} already here, ${data.failed} failed.`;
    const items = data.files.flatMap((entry) => [
      ...(entry.error ? [{ status: 'failed', source: entry.path, error: entry.error }] : []),
      ...entry.items,
    ]);
    report.replaceChildren(...items.slice(0, 50).map((item) => {
      if (item.status === 'failed') return el('li', { class: 'failed' }, `${item.source}: ${item.error}`);
      return el('li', {}, el('a', { href: `/recipes/${encodeURIComponent(item.id)}` }, item.name || item.id),
        ` — ${item.status}`);
    }));
  } catch (error) {
    status.textContent = error.message;
  }
});

document.getElementById('clip-form')?.addEventListener('submit', async (event) => {
  event.preventDefault();
  const status = document.getElementById('clip-status');
  const url = document.getElementById('clip-url').value.trim();
  status.textContent = 'Importing…';
  try {
    const data = await api('/api/v1/import/url', { method: 'POST', body: { url } });
    const recipe = data?.recipe ?? data;
    if (recipe?.id) {
      location.href = `/recipes/${encodeURIComponent(recipe.id)}`;
    } else if (recipe?.name) {
      fill(recipe);
      status.textContent = 'Imported: check the form and save.';
    } else {
      status.textContent = 'The page was read, but no recipe came back.';
    }
  } catch (error) {
    status.textContent = error.status === 404 && error.code === 'not_found' && /no such endpoint/.test(error.message)
      ? `Importing from a URL is not available on this server yet (${error.message}).`
      : `Could not import: ${error.message}`;
  }
});

// MARK: photo

const preview = document.getElementById('image-preview');
function showPreview() {
  const url = field('image').value.trim();
  // Pages load pictures only from Larder itself (the page's policy refuses other hosts): a
  // stored one at once, a linked one once Larder has kept a copy of it, the first time the
  // recipe is shown.
  const stored = url.startsWith('/images/');
  preview.hidden = !stored;
  if (stored) preview.src = url;
  document.getElementById('image-status').textContent = url && !stored
    ? 'Larder keeps a copy of a linked photo the first time the recipe is shown.' : '';
}
field('image').addEventListener('change', showPreview);
showPreview();

document.getElementById('f-image-file').addEventListener('change', async (event) => {
  const file = event.target.files[0];
  const status = document.getElementById('image-status');
  if (!file) return;
  status.textContent = 'Uploading…';
  try {
    // The image store takes the raw bytes with their type and answers with the image's URL.
    const response = await fetch('/api/v1/images', {
      method: 'POST',
      headers: {
        'Content-Type': file.type || 'application/octet-stream',
        'X-Larder-Form-Token': await formToken(),
      },
      body: file,
    });
    const data = await response.json().catch(() => null);
    if (!response.ok) {
      const message = data?.error?.message || `The server answered ${response.status}.`;
      status.textContent = response.status === 404 && /no such endpoint/.test(message)
        ? 'Uploading photos needs the image store, which this server does not have yet: paste a link instead.'
        : `Not uploaded: ${message}`;
      return;
    }
    field('image').value = data.url;
    showPreview();
    status.textContent = 'Uploaded.';
  } catch {
    status.textContent = 'Not uploaded: Larder cannot be reached.';
  }
});

// MARK: saving

function recipeJSON() {
  const sections = [];
  let section = { title: null, lines: [] };
  for (const raw of field('ingredients').value.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    if (isHeader(line)) {
      if (section.lines.length || section.title) sections.push(section);
      section = { title: line.replace(/:\s*$/, ''), lines: [] };
    } else {
      section.lines.push({ text: line });
    }
  }
  if (section.lines.length || section.title) sections.push(section);
  const steps = field('steps').value.split(/\n\s*\n|\n(?=\d+[.)]\s)/).map((step) => step.trim().replace(/^\d+[.)]\s*/, ''))
    .filter(Boolean).map((text) => ({ text }));
  const servings = Number(field('servings').value);
  const text = (name) => field(name).value.trim() || null;
  return {
    name: field('name').value.trim(),
    description: text('description'),
    images: text('image') ? [text('image')] : [],
    prepTime: text('prep'),
    cookTime: text('cook'),
    yield: servings > 0 ? { servings } : null,
    courses: list(field('courses').value),
    cuisines: list(field('cuisines').value),
    diets: list(field('diets').value),
    keywords: list(field('keywords').value),
    ingredientSections: sections,
    instructionSections: steps.length ? [{ title: null, steps }] : [],
    notes: text('notes'),
    language: field('language').value || null,
  };
}

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const body = recipeJSON();
  if (!body.name) {
    saveStatus.textContent = 'A recipe needs a title.';
    field('name').focus();
    return;
  }
  saveStatus.textContent = 'Saving…';
  try {
    const saved = recipeID
      ? await api(`/api/v1/recipes/${encodeURIComponent(recipeID)}`, { method: 'PATCH', body })
      : await api('/api/v1/recipes', { method: 'POST', body });
    location.href = `/recipes/${encodeURIComponent(saved.id)}`;
  } catch (error) {
    saveStatus.textContent = `Not saved: ${error.message}`;
  }
});

parseLines();
markReady();
