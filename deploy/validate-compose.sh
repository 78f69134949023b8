#!/usr/bin/env bash
# Validates docker-compose.yml without a Docker engine: the file resolves with throwaway secrets (it requires real
# ones from .env), and every image built here has its context, Dockerfile and entrypoint (check-compose.py).
set -euo pipefail
cd "$(dirname "$0")/.."
env_file=$(mktemp)
trap 'rm -f "$env_file"' EXIT
printf '%s\n' POSTGRES_PASSWORD=ci-only JWT_SECRET=ci-only-secret-of-at-least-32-chars \
  ADMIN_DB_PASSWORD=ci-a AI_WORKER_DB_PASSWORD=ci-b SIGNATURE_DB_PASSWORD=ci-c GATEWAY_DB_PASSWORD=ci-d \
  NATS_ADMIN_PASSWORD=ci-e NATS_AI_WORKER_PASSWORD=ci-f NATS_SIGNATURE_PASSWORD=ci-g NATS_GATEWAY_PASSWORD=ci-h \
  MINIO_ROOT_USER=ci-root MINIO_ROOT_PASSWORD=ci-root-password \
  S3_ACCESS_KEY=ci-only S3_SECRET_KEY=ci-only-too \
  GATEWAY_BUS_PRIVATE_KEY=ci-i ADMIN_BUS_PRIVATE_KEY=ci-j AI_WORKER_BUS_PRIVATE_KEY=ci-k SIGNATURE_BUS_PRIVATE_KEY=ci-l \
  BUS_PUBLIC_KEYS_GATEWAY=ci-m BUS_PUBLIC_KEYS_ADMIN=ci-n BUS_PUBLIC_KEYS_AI=ci-o BUS_PUBLIC_KEYS_SIGNATURE=ci-p >"$env_file"
docker-compose -f docker-compose.yml --env-file "$env_file" config -q
docker-compose -f docker-compose.yml --env-file "$env_file" config | python3 deploy/check-compose.py
