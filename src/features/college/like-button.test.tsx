import { act, screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_COOKIE } from '~/lib/storage-keys';
import { LikeButton } from './like-button';
import { fakeApi, renderCollege } from './test-utils';

function likeServer(initial: { likes: number; liked: boolean }, failPost = false) {
  let state = { ...initial };
  return fakeApi((call) => {
    if (call.method === 'POST') {
      if (failPost) return { status: 500 };
      if (!state.liked) state = { likes: state.likes + 1, liked: true };
      return { articleId: 3005, ...state, counted: true };
    }
    return { articleId: 3005, ...state };
  });
}

const count = () => screen.getByRole('status', { name: '点赞数' });

describe('LikeButton', () => {
  it('fetches the count after mounting, and a like adds one once', async () => {
    const { api, calls } = likeServer({ likes: 7, liked: false });
    const { user } = await renderCollege(<LikeButton api={api} articleId={3005} />);
    expect(await screen.findByText('7 人点赞')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: '点赞' });
    expect(button).toHaveAttribute('aria-pressed', 'false');

    await user.click(button);
    expect(await screen.findByText('8 人点赞')).toBeInTheDocument();
    const liked = screen.getByRole('button', { name: '已点赞' });
    expect(liked).toHaveAttribute('aria-pressed', 'true');
    expect(liked).toHaveAttribute('aria-disabled', 'true');

    await user.click(liked);
    expect(count()).toHaveTextContent('8 人点赞');
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/v2/college/articles/3005/likes',
      'POST /api/v2/college/articles/3005/likes',
    ]);
    expect(calls[1].body).toBe('{}');
  });

  it('shows an article this visitor liked before as liked', async () => {
    const { api } = likeServer({ likes: 3, liked: true });
    await renderCollege(<LikeButton api={api} articleId={3005} />, { locale: 'en' });
    expect(await screen.findByText('3 likes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Liked' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says so when a like fails, and keeps the count', async () => {
    const { api } = likeServer({ likes: 1, liked: false }, true);
    const { user } = await renderCollege(<LikeButton api={api} articleId={3005} />);
    await screen.findByText('1 人点赞');
    await user.click(screen.getByRole('button', { name: '点赞' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('点赞没有成功，请稍后再试。');
    expect(count()).toHaveTextContent('1 人点赞');
    expect(screen.getByRole('button', { name: '点赞' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('invites the first like instead of showing a count of 0, in both languages', async () => {
    const { api } = likeServer({ likes: 0, liked: false });
    const { unmount } = await renderCollege(<LikeButton api={api} articleId={3005} />);
    expect(await screen.findByText('成为第一个点赞的人')).toBeInTheDocument();
    expect(screen.queryByText(/0 人点赞/)).toBeNull();
    unmount();
    await renderCollege(<LikeButton api={likeServer({ likes: 0, liked: false }).api} articleId={3005} />, {
      locale: 'en',
    });
    expect(await screen.findByText('Be the first to like this')).toBeInTheDocument();
    expect(screen.queryByText(/0 likes/)).toBeNull();
  });

  describe('when logged in', () => {
    afterEach(() => Cookies.remove(AUTH_COOKIE, { path: '/' }));

    it('sends the session token in X-Auth-Token with the count and the like (docs/product.md#calls)', async () => {
      Cookies.set(AUTH_COOKIE, 'tok-college', { path: '/' });
      const { api, calls } = likeServer({ likes: 2, liked: false });
      const { user } = await renderCollege(<LikeButton api={api} articleId={3005} />);
      await screen.findByText('2 人点赞');
      await user.click(screen.getByRole('button', { name: '点赞' }));
      await screen.findByText('3 人点赞');
      expect(calls.map((call) => [call.method, call.headers['x-auth-token']])).toEqual([
        ['GET', 'tok-college'],
        ['POST', 'tok-college'],
      ]);
    });

    it('sends no X-Auth-Token when logged out', async () => {
      const { api, calls } = likeServer({ likes: 2, liked: false });
      await renderCollege(<LikeButton api={api} articleId={3005} />);
      await screen.findByText('2 人点赞');
      expect(calls[0].headers).not.toHaveProperty('x-auth-token');
    });
  });

  it('shows a dash when the count cannot be loaded', async () => {
    const { api } = fakeApi(() => ({ status: 503 }));
    await renderCollege(<LikeButton api={api} articleId={3005} />);
    await act(async () => {});
    expect(count()).toHaveTextContent('—');
  });
});
