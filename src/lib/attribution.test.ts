import Cookies from 'js-cookie';
import { brands } from '#shared/brand';
import { attributionFromQuery, captureAttribution, inviteCodeFromQuery, readAttribution } from './attribution';
import { INVITE_COOKIE, REGISTE_INFO_KEY } from './storage-keys';

const starreach = brands.starreach;
const creatorbox = brands.creatorbox;

afterEach(() => {
  window.localStorage.clear();
  Cookies.remove(INVITE_COOKIE, { path: '/' });
  vi.restoreAllMocks();
});

describe('attribution', () => {
  it('stores the parameters of the URL in registeInfo, and nothing else of the query', () => {
    captureAttribution('?urlCode=u1&utm_term=%E8%BE%BE%E4%BA%BA&bd_vid=b9&page=2&utm_source=x', starreach);
    expect(JSON.parse(window.localStorage.getItem(REGISTE_INFO_KEY) ?? 'null')).toEqual({
      urlCode: 'u1',
      utm_term: '达人',
      bd_vid: 'b9',
    });
    expect(readAttribution()).toEqual({ registeInfo: { urlCode: 'u1', utm_term: '达人', bd_vid: 'b9' } });
  });

  it('a new campaign click replaces the stored set; a URL without any keeps it', () => {
    captureAttribution('?urlCode=u1&e_keywordid=k1', starreach);
    captureAttribution('?page=3', starreach);
    captureAttribution('', starreach);
    expect(readAttribution().registeInfo).toEqual({ urlCode: 'u1', e_keywordid: 'k1' });
    captureAttribution('?qhclickid=q7&searchEngineWord=tool', starreach);
    expect(readAttribution().registeInfo).toEqual({ searchEngineWord: 'tool', qhclickid: 'q7' });
  });

  it('writes only when something changed', () => {
    captureAttribution('?urlCode=u1', starreach);
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    captureAttribution('?urlCode=u1', starreach);
    expect(setItem).not.toHaveBeenCalled();
  });

  it('trims values, drops empty ones and cuts long ones to 200 characters', () => {
    expect(attributionFromQuery(`?urlCode=%20u1%20&bd_vid=&utm_term=${'x'.repeat(300)}`)).toEqual({
      urlCode: 'u1',
      utm_term: 'x'.repeat(200),
    });
    expect(attributionFromQuery('?bd_vid=')).toBeUndefined();
  });

  it('stores the invite code of the brand’s query key in the inviteCode cookie for 365 days', () => {
    const set = vi.spyOn(Cookies, 'set');
    captureAttribution('?inviteCode=AB12', starreach);
    expect(Cookies.get(INVITE_COOKIE)).toBe('AB12');
    expect(set).toHaveBeenCalledWith(INVITE_COOKIE, 'AB12', expect.objectContaining({ expires: 365, path: '/' }));
    expect(readAttribution()).toEqual({ inviteCode: 'AB12' });
  });

  it('reads the invite code under each brand’s own key', () => {
    expect(starreach.inviteQueryKey).not.toBe(creatorbox.inviteQueryKey);
    expect(inviteCodeFromQuery(`?${creatorbox.inviteQueryKey}=CB7`, creatorbox)).toBe('CB7');
    expect(inviteCodeFromQuery(`?${creatorbox.inviteQueryKey}=CB7`, starreach)).toBeUndefined();
    captureAttribution(`?${creatorbox.inviteQueryKey}=CB7`, creatorbox);
    expect(readAttribution().inviteCode).toBe('CB7');
  });

  it('ignores a malformed invite code, in the URL and in the cookie', () => {
    captureAttribution('?inviteCode=%3Cscript%3E', starreach);
    expect(Cookies.get(INVITE_COOKIE)).toBeUndefined();
    Cookies.set(INVITE_COOKIE, 'a b;c', { path: '/' });
    expect(readAttribution().inviteCode).toBeUndefined();
  });

  it('survives a malformed registeInfo', () => {
    window.localStorage.setItem(REGISTE_INFO_KEY, '{not json');
    expect(readAttribution()).toEqual({});
    window.localStorage.setItem(REGISTE_INFO_KEY, JSON.stringify({ urlCode: 5, bd_vid: 'ok', other: 'x' }));
    expect(readAttribution()).toEqual({ registeInfo: { bd_vid: 'ok' } });
  });
});
