import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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

  it('shows a dash when the count cannot be loaded', async () => {
    const { api } = fakeApi(() => ({ status: 503 }));
    await renderCollege(<LikeButton api={api} articleId={3005} />);
    await act(async () => {});
    expect(count()).toHaveTextContent('—');
  });
});
