// The host page's own behaviour, which must keep working when the widget cannot load its jobs.
let clicks = 0;
document.getElementById('host-button').addEventListener('click', () => {
  clicks += 1;
  document.getElementById('host-output').textContent = `Subscribed (${clicks})`;
});
