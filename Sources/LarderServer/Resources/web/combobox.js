// The one autocomplete of the web app, for foods on the Cook page and recipes on the Plan and
// List pages. It follows WAI-ARIA's combobox pattern on the markup Components.combobox renders
// (an input with role=combobox whose aria-controls names a role=listbox list):
//   typing          looks up suggestions (debounced) and shows them, the first highlighted
//   ArrowDown / Up  move the highlight, wrapping; ArrowDown on a closed box looks up again
//   Enter           picks the highlighted suggestion (otherwise the key does what it would)
//   Escape          closes the list;  a click picks;  leaving the box closes it
// The highlighted option is aria-selected and named by the input's aria-activedescendant.
import { debounce, el } from './app.js';

/**
 * Makes `input` a combobox.
 * - `search(text, signal)` resolves to the items for the typed text;
 * - `render(item)` gives an option's content (strings are inserted as text);
 * - `onPick(item)` is called after the list closes;
 * - `empty(text)` is what the list says when nothing matches.
 * Returns `{ close }`.
 */
export function combobox(input, { search, render, onPick, empty, delay = 150 }) {
  const listbox = document.getElementById(input.getAttribute('aria-controls'));
  let items = [];
  let active = -1;
  let controller = null;

  function close() {
    controller?.abort();
    listbox.hidden = true;
    listbox.replaceChildren();
    items = [];
    active = -1;
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
  }

  function highlight(index) {
    active = index;
    [...listbox.children].forEach((option, position) => {
      option.setAttribute('aria-selected', String(position === index));
    });
    if (index >= 0) {
      input.setAttribute('aria-activedescendant', listbox.children[index].id);
      listbox.children[index].scrollIntoView?.({ block: 'nearest' });
    } else {
      input.removeAttribute('aria-activedescendant');
    }
  }

  function pick(index) {
    const item = items[index];
    if (!item) return;
    close();
    onPick(item);
  }

  async function lookUp() {
    const text = input.value.trim();
    controller?.abort();
    if (!text) {
      close();
      return;
    }
    controller = new AbortController();
    const { signal } = controller;
    let found;
    try {
      found = await search(text, signal);
    } catch (error) {
      if (error.name === 'AbortError') return;
      found = [];
    }
    if (signal.aborted || input.value.trim() !== text) return;
    items = found;
    listbox.replaceChildren(...(items.length
      ? items.map((item, index) => el('li', {
        id: `${listbox.id}-${index}`, role: 'option', class: 'suggestion', 'aria-selected': 'false',
        onmousedown: (event) => event.preventDefault(), // keep the focus in the box
        onclick: () => pick(index),
      }, render(item)))
      : [el('li', { class: 'suggestion muted', role: 'option', 'aria-disabled': 'true' }, empty(text))]));
    listbox.hidden = false;
    input.setAttribute('aria-expanded', 'true');
    highlight(items.length ? 0 : -1);
  }

  input.addEventListener('input', debounce(lookUp, delay));
  input.addEventListener('blur', () => setTimeout(close, 100));
  input.addEventListener('keydown', (event) => {
    const count = items.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (listbox.hidden) {
        if (event.key === 'ArrowDown') lookUp();
      } else if (count) {
        const step = event.key === 'ArrowDown' ? 1 : -1;
        highlight((active + step + count) % count);
      }
    } else if (event.key === 'Enter') {
      if (!listbox.hidden && active >= 0) {
        event.preventDefault();
        pick(active);
      }
    } else if (event.key === 'Escape') {
      if (!listbox.hidden) event.preventDefault();
      close();
    }
  });
  return { close };
}
