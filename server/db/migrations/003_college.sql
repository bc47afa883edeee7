-- Business college: articles seeded from content/college, one row per article and language, and the
-- likes (one per visitor per article, whichever language it was read in) with a running count per article.
create table college_articles (
  id integer not null check (id > 0),
  lang text not null check (lang in ('zh', 'en')),
  section text not null,
  slug text not null,
  title text not null,
  summary text not null,
  tags jsonb not null default '[]'::jsonb,
  published_on date not null,
  body_markdown text not null,
  body_html text not null,
  body_text text not null,
  -- sha256 of what the content file says (and the renderer version): an unchanged file is not written again.
  content_hash text not null,
  -- A removed file unpublishes its article (likes are kept; the file coming back publishes it again).
  published boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (id, lang)
);

create index college_articles_listing on college_articles (lang, section, published_on desc, id desc);

create table college_likes (
  article_id integer not null,
  visitor_id text not null,
  created_at timestamptz not null default now(),
  primary key (article_id, visitor_id)
);

create table college_like_counts (
  article_id integer primary key,
  likes integer not null default 0 check (likes >= 0)
);
