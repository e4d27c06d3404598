#!/bin/sh
# Runs once, when the database volume is first created (docker-entrypoint-initdb.d). The app connects as
# this role, not as the superuser: it owns the app's database and schema (so migrations run) and nothing else.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -v app_password="$APP_DB_PASSWORD" <<'SQL'
CREATE ROLE ifta_app LOGIN PASSWORD :'app_password' NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS;
ALTER DATABASE ifta OWNER TO ifta_app;
ALTER SCHEMA public OWNER TO ifta_app;
REVOKE ALL ON DATABASE ifta FROM PUBLIC;
GRANT CONNECT ON DATABASE ifta TO ifta_app;
SQL
