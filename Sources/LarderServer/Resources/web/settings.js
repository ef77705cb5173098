// Settings kept in this browser: staples, default diets, units and theme.
import { loadSettings, markReady, saveSettings } from './app.js';

const form = document.getElementById('settings-form');
const status = document.getElementById('settings-status');
const settings = loadSettings();

form.elements.staples.value = settings.staples.join(', ');
for (const box of form.querySelectorAll('input[name="diets"]')) box.checked = settings.diets.includes(box.value);
for (const radio of form.querySelectorAll('input[name="units"]')) radio.checked = radio.value === settings.units;
for (const radio of form.querySelectorAll('input[name="theme"]')) radio.checked = radio.value === settings.theme;

function read() {
  const data = new FormData(form);
  return {
    staples: String(data.get('staples') || '').split(',').map((part) => part.trim()).filter(Boolean),
    diets: data.getAll('diets').map(String),
    units: String(data.get('units') || 'original'),
    theme: String(data.get('theme') || 'system'),
  };
}

form.addEventListener('change', (event) => {
  // The theme shows at once; everything is kept on save.
  if (event.target.name === 'theme') saveSettings({ ...loadSettings(), theme: read().theme });
});
form.addEventListener('submit', (event) => {
  event.preventDefault();
  saveSettings(read());
  status.textContent = 'Saved.';
});
markReady();
