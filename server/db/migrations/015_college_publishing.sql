-- The business college published from the console (docs/decisions/047-college-publishing.md).
-- college_posts: one row per article (its working copy's shared fields and its state); college_post_texts: the
-- working copy per language. college_articles stays the live copy readers see (rows written when published).
create table college_posts (
  id integer primary key check (id > 0),
  section text not null,
  slug text not null,
  tags jsonb not null default '[]'::jsonb,
  cover text,
  state text not null default 'draft' check (state in ('draft', 'scheduled', 'published', 'unpublished')),
  -- The scheduled time: set exactly when the state is scheduled.
  publish_at timestamptz,
  -- The first publication (kept through an unpublish and a new publication).
  published_at timestamptz,
  origin text not null default 'console' check (origin in ('file', 'console')),
  -- Set by the first save in the console: the seed no longer writes this article from its file.
  edited_in_console boolean not null default false,
  -- The working copy changed after the live copy was written.
  unpublished_changes boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((state = 'scheduled') = (publish_at is not null)),
  unique (section, slug)
);

create index college_posts_due on college_posts (publish_at) where state = 'scheduled';
create index college_posts_updated on college_posts (updated_at desc, id desc);

-- Console articles get ids from here (the files use small ids, below a million).
create sequence college_post_ids start with 1000001;

create table college_post_texts (
  id integer not null references college_posts (id) on delete cascade,
  lang text not null check (lang in ('zh', 'en')),
  title text not null default '',
  summary text not null default '',
  body_markdown text not null default '',
  updated_at timestamptz not null default now(),
  primary key (id, lang)
);

-- Pictures, in the database so backups and copy-to-postgres carry them: the original and its article-width WebP.
create table college_media (
  id text primary key check (id ~ '^[0-9a-f]{32}$'),
  type text not null check (type in ('image/png', 'image/jpeg', 'image/webp')),
  width integer not null,
  height integer not null,
  bytes integer not null,
  original bytea not null,
  webp bytea not null,
  webp_width integer not null,
  webp_height integer not null,
  uploaded_by integer,
  created_at timestamptz not null default now()
);

-- Views: one per visitor per article per day (a digest of the visitor, never the address itself), and the totals.
create table college_views (
  article_id integer not null,
  day date not null,
  visitor text not null,
  primary key (article_id, day, visitor)
);

create table college_view_counts (
  article_id integer primary key,
  views integer not null default 0 check (views >= 0)
);

alter table college_articles add column cover text;

-- Articles seeded before this migration become posts from files, in their current state, published on their day
-- (its start in Asia/Shanghai, as the seed writes it: server/college/seed.ts).
insert into college_posts (id, section, slug, tags, state, published_at, origin, created_at, updated_at)
select distinct on (id) id, section, slug, tags,
       case when published then 'published' else 'unpublished' end,
       published_on::timestamp at time zone 'Asia/Shanghai', 'file', created_at, updated_at
  from college_articles
 order by id, (lang = 'zh') desc;

insert into college_post_texts (id, lang, title, summary, body_markdown, updated_at)
select id, lang, title, summary, body_markdown, updated_at from college_articles;
