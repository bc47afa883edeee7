/** The simulator's scan without reloading the page (the forms work without it); its words are in `data-words`. */
const form = document.getElementById('scan-form') as HTMLFormElement;
const button = document.getElementById('scan-button') as HTMLButtonElement;
const error = document.getElementById('scan-error') as HTMLElement;
const chat = document.getElementById('chat') as HTMLElement;
const t: Record<'scanning' | 'scan' | 'network' | 'failed', string> = JSON.parse(form.dataset.words ?? '{}');

document.getElementById('nickname')?.addEventListener('input', () => {
  const fresh = document.getElementById('id-new') as HTMLInputElement | null;
  if (fresh) fresh.checked = true;
});

function bubble(html: string, me: boolean): HTMLElement {
  const div = document.createElement('div');
  div.className = me ? 'bubble me' : 'bubble';
  div.setAttribute('data-testid', me ? 'sim-scan-note' : 'sim-reply');
  div.innerHTML = html;
  chat.appendChild(div);
  div.scrollIntoView({ block: 'nearest' });
  return div;
}

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  if (button.disabled) return;
  const data = new FormData(form);
  const body: Record<string, unknown> = { scene: data.get('scene'), lang: data.get('lang') };
  const identity = data.get('identity');
  if (identity === 'new' || !identity) body.nickname = String(data.get('nickname') || '').trim();
  else body.openId = identity;
  error.textContent = '';
  button.disabled = true;
  button.textContent = t.scanning;
  try {
    const res = await fetch('/wx-sim/scan', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = await res.json();
    if (!res.ok) {
      error.textContent = answer.message || t.failed;
      return;
    }
    (document.getElementById('identities') as HTMLElement).innerHTML = answer.identitiesHtml;
    (document.getElementById('ban-forms') as HTMLElement).innerHTML = answer.banFormsHtml;
    bubble(answer.noteHtml, true);
    bubble(answer.replyHtml, false).querySelector('a')?.focus();
  } catch {
    error.textContent = t.network;
  } finally {
    button.disabled = false;
    button.textContent = t.scan;
  }
});
