// Applies the theme chosen in Settings before the first paint (a classic script in <head>,
// so a dark-theme choice never flashes light). app.js keeps it current afterwards.
// The `js` class lets the stylesheet fold what scripts unfold (the header's search on phones)
// only where a script will be there to unfold it.
document.documentElement.classList.add('js');
try {
  const theme = JSON.parse(localStorage.getItem('larder.settings') || '{}').theme;
  if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
} catch {
  // Unreadable settings: the system theme applies.
}
