/**
 * The landing's logout button, run in the browser: bundled by esbuild (server/http/browser-script.ts) and inlined in the page,
 * which allows it by hash. The page passes its words and paths in the button's data attributes.
 */
import Cookies from 'js-cookie';

const button = document.getElementById('logout') as HTMLButtonElement;
button.addEventListener('click', async () => {
  const { user, language, login, failed } = button.dataset;
  const token = Cookies.get('Authorization') ?? '';
  try {
    const res = await fetch('/api/v2/web/userlogout', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Auth-Token': token, 'Accept-Language': language ?? 'zh-CN' },
      body: JSON.stringify({ userName: user }),
    });
    const body: { code: number; message?: string } = await res.json();
    if (![200, 401, 40002].includes(body.code)) return alert(body.message || failed);
    Cookies.remove('Authorization', { path: '/' });
    localStorage.removeItem('userInfo');
    localStorage.removeItem('registeInfo');
    window.dispatchEvent(new Event('user-login-out'));
    location.href = login ?? '/login';
  } catch (error) {
    console.error(error);
  }
});
