-- Key/value facts the server keeps about itself (for example the content seed's fingerprint).
create table app_settings (
  key text primary key,
  value text not null,
  updated_at timestamptz not null default now()
);
