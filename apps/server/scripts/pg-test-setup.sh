#!/usr/bin/env bash
# Prepares a local PostgreSQL for the server's database tests and prints the URL to use:
#   export TEST_DATABASE_URL=$(bash apps/server/scripts/pg-test-setup.sh)
# Run as root. Idempotent: starts the cluster only if it is down and creates the role and database
# only if missing. Everything except the URL goes to stderr so the output can be captured.
# Exit codes: 0 ready, 1 unexpected failure, 2 PostgreSQL missing and not installable here.
set -euo pipefail

PREFERRED_VERSION=15
CLUSTER=main
ROLE=clearway
PASSWORD=clearway
DATABASE=clearway_test
HOST=127.0.0.1

log() { echo "pg-test-setup: $*" >&2; }
fail() { log "$2"; exit "$1"; }

[[ $(id -u) -eq 0 ]] || fail 2 "run as root (it starts the cluster and creates a role as the postgres user)"

if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  if command -v apt-get >/dev/null 2>&1; then
    log "PostgreSQL is not installed; installing it with apt-get"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql >&2 \
      || { apt-get update -q >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql >&2; } \
      || fail 2 "could not install postgresql: install PostgreSQL ${PREFERRED_VERSION} (apt-get install -y postgresql-${PREFERRED_VERSION}) and run again"
  else
    fail 2 "PostgreSQL is not installed: install PostgreSQL ${PREFERRED_VERSION} (e.g. apt-get install -y postgresql-${PREFERRED_VERSION}) and run again"
  fi
fi

# Prefer 15 (what the machine ships); otherwise the newest installed major.
if [[ -d /usr/lib/postgresql/${PREFERRED_VERSION} ]]; then
  VERSION=${PREFERRED_VERSION}
else
  VERSION=$(ls /usr/lib/postgresql 2>/dev/null | sort -n | tail -n 1)
  [[ -n ${VERSION} ]] || fail 2 "no PostgreSQL server binaries under /usr/lib/postgresql: install postgresql-${PREFERRED_VERSION}"
  log "PostgreSQL ${PREFERRED_VERSION} not found; using ${VERSION}"
fi

if ! pg_lsclusters -h "${VERSION}" "${CLUSTER}" >/dev/null 2>&1; then
  log "creating cluster ${VERSION} ${CLUSTER}"
  pg_createcluster "${VERSION}" "${CLUSTER}" >&2
fi

# pg_lsclusters -h columns: version cluster port status owner datadir logfile
read -r _ _ PORT STATUS _ < <(pg_lsclusters -h "${VERSION}" "${CLUSTER}")
if [[ ${STATUS} != online* ]]; then
  log "starting cluster ${VERSION} ${CLUSTER} on port ${PORT}"
  pg_ctlcluster "${VERSION}" "${CLUSTER}" start >&2
fi

# Wait at most 30 s for the server to accept connections.
for _ in $(seq 1 60); do
  pg_isready -q -h "${HOST}" -p "${PORT}" && break
  sleep 0.5
done
pg_isready -q -h "${HOST}" -p "${PORT}" || fail 1 "PostgreSQL on ${HOST}:${PORT} did not become ready within 30 s"

as_postgres() { runuser -u postgres -- "$@"; }
psql_admin() { as_postgres psql -p "${PORT}" -v ON_ERROR_STOP=1 -qtAX "$@"; }

if [[ $(psql_admin -c "select 1 from pg_roles where rolname = '${ROLE}'") != 1 ]]; then
  log "creating role ${ROLE}"
  psql_admin -c "create role ${ROLE} with login createdb password '${PASSWORD}'"
else
  # Keep the known password and rights even if someone changed them.
  psql_admin -c "alter role ${ROLE} with login createdb password '${PASSWORD}'"
fi

if [[ $(psql_admin -c "select 1 from pg_database where datname = '${DATABASE}'") != 1 ]]; then
  log "creating database ${DATABASE} owned by ${ROLE}"
  as_postgres createdb -p "${PORT}" -O "${ROLE}" "${DATABASE}"
fi

echo "postgres://${ROLE}:${PASSWORD}@${HOST}:${PORT}/${DATABASE}"
