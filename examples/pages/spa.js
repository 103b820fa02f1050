// A tiny single-page app: mounts the widget with Nordlys.mount, takes it down with Nordlys.destroy.
const el = document.getElementById('jobs');
const status = document.getElementById('status');
const options = { company: 'northwind-labs', layout: 'list', limit: 10 };
let loaded = 0;

el.addEventListener('nordlys:loaded', (event) => {
  loaded += 1;
  status.textContent = `Loaded ${event.detail.count} jobs (${loaded} time${loaded === 1 ? '' : 's'}).`;
});
el.addEventListener('nordlys:error', (event) => {
  status.textContent = `Error: ${event.detail.message}`;
});

function show() {
  status.textContent = 'Loading…';
  window.Nordlys.mount(el, options);
}

document.getElementById('show').addEventListener('click', show);
// Mounting again on the same element replaces the widget (no second copy).
document.getElementById('again').addEventListener('click', show);
document.getElementById('hide').addEventListener('click', () => {
  window.Nordlys.destroy(el);
  status.textContent = 'No widget.';
});
