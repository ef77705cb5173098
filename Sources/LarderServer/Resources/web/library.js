// The library: search as you type, facets, sorting, favourites, collections (tags) and
// "surprise me". Pages of 24 load as you scroll, so 50,000 recipes cost no more than 24.
import { api, debounce, el, markReady, recipeCard, serverSettings } from './app.js';

const PAGE = 24;
const section = document.getElementById('library');
const searchBox = document.getElementById('q');
const searchForm = searchBox.closest('form');
const facetBox = document.getElementById('library-facets');
const status = document.getElementById('library-status');
const heading = section.querySelector('h1');
const count = section.querySelector('.count');
// "Showing results for chicken — you typed chiken" when the search corrected a typo.
const corrected = document.getElementById('library-corrected');
// "Share this collection" (members only): shown while exactly one tag is chosen.
const shareCollection = document.getElementById('share-collection');

const initial = new URLSearchParams(location.search);
const settings = await serverSettings();
const state = {
  q: initial.get('q') || '',
  sort: initial.get('sort') || '',
  favorites: initial.get('favorites') === '1' || initial.get('favorites') === 'true',
  course: initial.get('course') || '',
  cuisine: initial.get('cuisine') || '',
  diet: initial.get('diet') ?? settings.diets.join(','),
  maxTime: initial.get('maxTime') || '',
  tag: initial.get('tag') || '',
};
let offset = 0;
let total = 0;
let loading = null;

// Replace the no-JavaScript controls with live ones.
section.querySelector('nav.sort')?.remove();
section.querySelector('nav.pages')?.remove();
section.querySelector('.empty')?.remove();
let results = document.getElementById('library-results');
if (!results) {
  results = el('ul', { class: 'cards', id: 'library-results' });
  status.after(results);
}
const sentinel = el('div', { class: 'sentinel', 'aria-hidden': 'true' });
const moreButton = el('button', { type: 'button', class: 'secondary', hidden: true, onclick: () => load(true) }, 'Load more');
results.after(el('p', {}, moreButton), sentinel);

const sortSelect = el('select', { id: 'sort', onchange: () => { state.sort = sortSelect.value; refresh(); } },
  [['', 'Best match / A–Z'], ['relevance', 'Relevance'], ['name', 'A–Z'], ['newest', 'Newest'],
    ['rating', 'Top rated'], ['time', 'Quickest']].map(([value, label]) =>
    el('option', { value, selected: state.sort === value }, label)));
const favoritesBox = el('input', { type: 'checkbox', id: 'favorites-only', checked: state.favorites,
  onchange: () => { state.favorites = favoritesBox.checked; refresh(); } });
const controls = el('div', { class: 'library-controls' },
  el('label', { for: 'sort' }, 'Sort '), sortSelect,
  el('label', { class: 'check' }, favoritesBox, ' ★ Favourites only'),
  el('button', { type: 'button', class: 'secondary', id: 'library-surprise', onclick: surprise }, 'Surprise me'));
facetBox.before(controls);

function parameters(extra = {}) {
  const query = new URLSearchParams();
  if (state.q.trim()) query.set('q', state.q.trim());
  if (state.sort) query.set('sort', state.sort);
  if (state.favorites) query.set('favorites', '1');
  for (const name of ['course', 'cuisine', 'diet', 'maxTime', 'tag']) if (state[name]) query.set(name, state[name]);
  for (const [name, value] of Object.entries(extra)) query.set(name, value);
  return query;
}

function facetGroup(name, label, facets, format = (value) => value) {
  // A facet holds a comma-separated list: meal types, cuisines and collections match any
  // chosen value, diets must all be met. Chosen values stay visible even with no matches.
  // Values compare ignoring case, as the server's filters do: "?course=dinner" is the
  // "Dinner" chip, with its count.
  const chosen = String(state[name] || '').split(',').filter(Boolean);
  const same = (one, other) => String(one).toLowerCase() === String(other).toLowerCase();
  const isChosen = (value) => chosen.some((item) => same(item, value));
  const shown = facets.filter((facet) => facet.count > 0 || isChosen(facet.value));
  for (const value of chosen) {
    if (!shown.some((facet) => same(facet.value, value))) shown.push({ value, count: 0 });
  }
  if (!shown.length) return null;
  return el('fieldset', { class: 'facet' }, el('legend', {}, label),
    shown.map((facet) => {
      const value = String(facet.value);
      const on = isChosen(value);
      return el('button', {
        type: 'button', class: 'facet-chip', 'aria-pressed': String(on),
        onclick: () => {
          // Time is one band at a time; the others are lists.
          const next = name === 'maxTime' ? (on ? [] : [value])
            : on ? chosen.filter((item) => !same(item, value)) : [...chosen, value];
          state[name] = next.join(',');
          refresh();
        },
      }, `${format(facet.value)} `, el('span', { class: 'facet-count' }, `(${facet.count})`));
    }));
}

function renderFacets(facets) {
  facetBox.replaceChildren(...[
    facetGroup('course', 'Meal type', facets.course),
    facetGroup('cuisine', 'Cuisine', facets.cuisine.slice(0, 12)),
    facetGroup('diet', 'Diet', facets.diet),
    facetGroup('maxTime', 'Time', facets.maxTime, (minutes) => `≤ ${minutes} min`),
    facetGroup('tag', 'Collections', facets.tag.slice(0, 12)),
  ].filter(Boolean));
}

async function load(append = false) {
  if (loading) {
    if (append) return;
    loading.abort();
  }
  const controller = new AbortController();
  loading = controller;
  if (!append) offset = 0;
  try {
    const data = await api(`/api/v1/library?${parameters({ offset, limit: PAGE })}`, { signal: controller.signal });
    const cards = data.items.map((summary) => recipeCard(summary));
    if (append) results.append(...cards);
    else {
      results.replaceChildren(...cards);
      renderFacets(data.facets);
    }
    total = data.total;
    offset += data.items.length;
    moreButton.hidden = offset >= total;
    const text = state.q.trim();
    heading.textContent = text ? `Results for “${text}”` : state.favorites ? 'Favourites' : 'Your recipes';
    // A search matching very many recipes is not counted to the end: "1,000+ recipes".
    const counted = data.totalIsExact === false
      ? `${total.toLocaleString('en-GB')}+ recipes`
      : `${total.toLocaleString('en-GB')} ${total === 1 ? 'recipe' : 'recipes'}`;
    count.textContent = counted;
    if (corrected) {
      const searched = text ? data.correctedQuery : undefined;
      corrected.hidden = !searched;
      if (searched) {
        corrected.replaceChildren('Showing results for ', el('strong', {}, searched), ` — you typed ${text}`);
      } else corrected.replaceChildren();
    }
    status.textContent = total === 0
      ? (text ? `Nothing matches “${text}”. Try fewer or shorter words.` : 'No recipes match these filters.')
      : append ? '' : `${counted} found.`;
  } catch (error) {
    if (error.name !== 'AbortError') status.textContent = error.message;
  } finally {
    if (loading === controller) loading = null;
    markReady();
  }
}

function showShareCollection() {
  if (!shareCollection) return;
  const tags = state.tag.split(',').filter(Boolean);
  shareCollection.hidden = tags.length !== 1;
  shareCollection.querySelector('[name="collection"]').value = tags.length === 1 ? tags[0] : '';
}

function refresh() {
  history.replaceState(null, '', `/library${parameters().toString() ? `?${parameters()}` : ''}`);
  showShareCollection();
  load(false);
}

async function surprise() {
  try {
    const query = parameters();
    query.delete('sort');
    const data = await api(`/api/v1/recipes/random?${query}`);
    location.href = `/recipes/${encodeURIComponent(data.recipe.id)}`;
  } catch (error) {
    status.textContent = error.message;
  }
}

const typed = debounce(() => {
  state.q = searchBox.value;
  refresh();
}, 250);
searchBox.addEventListener('input', typed);
searchForm.addEventListener('submit', (event) => {
  event.preventDefault();
  state.q = searchBox.value;
  refresh();
});

if ('IntersectionObserver' in window) {
  new IntersectionObserver((entries) => {
    if (entries.some((entry) => entry.isIntersecting) && offset > 0 && offset < total) load(true);
  }, { rootMargin: '600px' }).observe(sentinel);
}

searchBox.value = state.q;
showShareCollection();
load(false);
