import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fillTokens, LegalMarkdown, parseLegalMarkdown } from './legal-markdown';

const sample = `# 用户服务协议

生效日期：{effectiveDate}

## 一、总则

1.1 第一段
接着第一段。

- 第一项
- 第二项
### 细则
最后一段`;

describe('parseLegalMarkdown', () => {
  it('splits headings, paragraphs and bullet lists', () => {
    expect(parseLegalMarkdown(sample)).toEqual([
      { kind: 'heading', level: 1, text: '用户服务协议' },
      { kind: 'paragraph', text: '生效日期：{effectiveDate}' },
      { kind: 'heading', level: 2, text: '一、总则' },
      { kind: 'paragraph', text: '1.1 第一段 接着第一段。' },
      { kind: 'list', items: ['第一项', '第二项'] },
      { kind: 'heading', level: 3, text: '细则' },
      { kind: 'paragraph', text: '最后一段' },
    ]);
  });
});

describe('fillTokens', () => {
  it('fills known tokens and leaves unknown ones', () => {
    expect(
      fillTokens('{brandName} 由 {companyName} 提供 {unknown}', { brandName: '星达通', companyName: '某公司' }),
    ).toBe('星达通 由 某公司 提供 {unknown}');
  });
});

describe('LegalMarkdown', () => {
  it('renders headings, paragraphs and lists as elements', () => {
    render(<LegalMarkdown markdown={sample} />);
    expect(screen.getByRole('heading', { level: 1, name: '用户服务协议' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '一、总则' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: '细则' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['第一项', '第二项']);
    expect(screen.getByText('1.1 第一段 接着第一段。').tagName).toBe('P');
  });

  it('nests headings under a dialog title and can leave out the document title', () => {
    render(<LegalMarkdown markdown={sample} headingOffset={1} skipTitle />);
    expect(screen.queryByText('用户服务协议')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: '一、总则' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 4, name: '细则' })).toBeInTheDocument();
  });

  it('shows markup as text and never turns it into HTML', () => {
    const hostile = '# <img src=x onerror=alert(1)>\n\n<script>alert("x")</script>\n\n- <b>bold</b>';
    const { container } = render(<LegalMarkdown markdown={hostile} />);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByText('<script>alert("x")</script>')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('<img src=x onerror=alert(1)>');
    expect(screen.getByRole('listitem')).toHaveTextContent('<b>bold</b>');
  });
});
