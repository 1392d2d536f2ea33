import { type Kysely, sql } from 'kysely';

/**
 * Uploaded files (issue 14, decision 0045): the bytes are in storage (DATA_DIR/uploads or S3) under a key
 * the server made; this row is written only after the bytes are stored, so a row never points at nothing.
 * `purpose` is checked by the shared schema (packages/shared/src/files), not here, so a later slice adds a
 * purpose without a migration. `name` is the browser's file name, sanitised, for display only.
 */
export async function up(db: Kysely<any>) {
  await sql`create table files (
    id uuid primary key default gen_random_uuid(),
    owner_id text not null references "user" (id),
    purpose text not null,
    storage_key text not null unique,
    content_type text not null check (content_type in ('image/jpeg', 'image/png', 'image/webp', 'application/pdf')),
    size_bytes integer not null check (size_bytes >= 0),
    sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
    name text,
    created_at timestamptz not null default now(),
    deleted_at timestamptz
  )`.execute(db);
  await sql`create index files_owner_idx on files (owner_id, created_at desc)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table files`.execute(db);
}
