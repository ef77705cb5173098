// The settings page: the signed-in user's staples, default diets and units, kept on the server
// (so every browser the user signs in on has them), and the theme, kept in this browser.
import { api, el, markReady, saveServerSettings, saveTheme, serverSettings } from './app.js';
import { combobox } from './combobox.js';

const form = document.getElementById('settings-form');
const status = document.getElementById('settings-status');
const staplesInput = form.elements.staples;
const warning = document.getElementById('s-staples-warning');

function show(settings) {
  staplesInput.value = settings.staples.join(', ');
  for (const box of form.querySelectorAll('input[name="diets"]')) box.checked = settings.diets.includes(box.value);
  for (const radio of form.querySelectorAll('input[name="units"]')) radio.checked = radio.value === settings.units;
}

// Staples Larder does not know are left out of the save; the cook is told which.
function warnUnknown(names) {
  warning.hidden = names.length === 0;
  warning.textContent = names.length
    ? `Not kept as ${names.length === 1 ? 'a staple' : 'staples'}: ${names.map((name) => `“${name}”`).join(', ')}, `
      + `${names.length === 1 ? 'which is not a food' : 'which are not foods'} Larder knows. Pick from the suggestions.`
    : '';
}

const settings = await serverSettings();
show(settings);
for (const radio of form.querySelectorAll('input[name="theme"]')) radio.checked = radio.value === settings.theme;
warnUnknown(settings.unknownStaples);
if (settings.moved) status.textContent = 'Your settings from this browser are now kept for your account.';

// Suggestions for the staple being typed: the text after the last comma.
const parts = () => staplesInput.value.split(',');
combobox(staplesInput, {
  search: async (text, signal) => {
    const last = text.split(',').pop().trim();
    if (!last) return [];
    return (await api(`/api/v1/foods?limit=8&q=${encodeURIComponent(last)}`, { signal })).items;
  },
  render: (food) => [food.name, food.matched ? el('span', { class: 'muted' }, ` (${food.matched})`) : null],
  empty: (text) => `No food called “${text.split(',').pop().trim()}”`,
  onPick: (food) => {
    const kept = parts().slice(0, -1).map((part) => part.trim()).filter(Boolean);
    staplesInput.value = [...kept, food.name].join(', ') + ', ';
    staplesInput.focus();
  },
});

function read() {
  const data = new FormData(form);
  return {
    staples: String(data.get('staples') || '').split(',').map((part) => part.trim()).filter(Boolean),
    diets: data.getAll('diets').map(String),
    units: String(data.get('units') || 'original'),
  };
}

form.addEventListener('change', (event) => {
  // The theme shows at once and stays in this browser.
  if (event.target.name === 'theme') saveTheme(String(new FormData(form).get('theme') || 'system'));
});
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  status.textContent = 'Saving…';
  try {
    const answer = await saveServerSettings(read());
    show(answer);
    warnUnknown(answer.unknownStaples || []);
    status.textContent = 'Saved.';
  } catch (error) {
    status.textContent = error.message;
  }
});
markReady();
