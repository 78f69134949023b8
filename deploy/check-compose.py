#!/usr/bin/env python3
"""CI check of docker-compose.yml without a Docker engine: every image built from this repository has its build
context, its Dockerfile, its target stage, the files that stage copies from the context, and an entrypoint whose
source exists (`<workspace>/dist/main.js` is compiled from `<workspace>/src/main.ts`).

Reads the resolved file from stdin: docker-compose -f docker-compose.yml config | python3 deploy/check-compose.py
"""
import os
import re
import sys

import yaml  # PyYAML comes with Debian's docker-compose

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def stages(dockerfile_text):
    """Stage name -> its lines, for a multi-stage Dockerfile (continuation lines joined)."""
    joined = re.sub(r"\\\n", " ", dockerfile_text)
    result, current = {}, None
    for line in joined.splitlines():
        match = re.match(r"\s*FROM\s+(\S+)(?:\s+AS\s+(\S+))?", line, re.IGNORECASE)
        if match:
            current = match.group(2) or match.group(1)
            result[current] = [line]
        elif current:
            result[current].append(line)
    return result


def stage_chain(all_stages, name):
    """The stage and the stages of this file it is built FROM, nearest first."""
    chain = []
    while name in all_stages and name not in chain:
        chain.append(name)
        base = re.match(r"\s*FROM\s+(\S+)", all_stages[name][0], re.IGNORECASE).group(1)
        name = base
    return chain


def check_service(name, service, problems):
    build = service.get("build")
    if build is None:
        return False
    if isinstance(build, str):
        build = {"context": build}
    context = build.get("context", ".")
    context = context if os.path.isabs(context) else os.path.join(REPO, context)
    if not os.path.isdir(context):
        problems.append(f"{name}: build context {context} does not exist")
        return True
    dockerfile = os.path.join(context, build.get("dockerfile", "Dockerfile"))
    if not os.path.isfile(dockerfile):
        problems.append(f"{name}: Dockerfile {dockerfile} does not exist")
        return True
    with open(dockerfile, encoding="utf-8") as handle:
        all_stages = stages(handle.read())
    target = build.get("target") or list(all_stages)[-1]
    if target not in all_stages:
        problems.append(f"{name}: target stage {target} is not in {dockerfile}")
        return True

    entrypoint = None
    for stage in stage_chain(all_stages, target):
        for line in all_stages[stage]:
            copy = re.match(r"\s*COPY\s+(?!--from)(?:--\S+\s+)*(.+)\s+(\S+)\s*$", line, re.IGNORECASE)
            if copy:
                for source in copy.group(1).split():
                    if not os.path.exists(os.path.join(context, source)):
                        problems.append(f"{name}: {stage} copies {source}, which is not in the build context")
            cmd = re.match(r"\s*CMD\s+\[(.*)\]", line, re.IGNORECASE)
            if cmd and entrypoint is None:
                entrypoint = [part.strip().strip('"') for part in cmd.group(1).split(",")]
    if entrypoint is None:
        if not re.match(r"nginx", all_stages[target][0].split()[1]):
            problems.append(f"{name}: target {target} has no CMD")
        return True
    if entrypoint[0] == "node":
        script = entrypoint[1]
        source = re.sub(r"/dist/(.*)\.js$", r"/src/\1.ts", script)
        if not os.path.isfile(os.path.join(context, source)):
            problems.append(f"{name}: entrypoint {script} has no source {source}")
        elif "build" not in stage_chain(all_stages, target) and not any(
                re.search(r"COPY\s+--from=build\s+.*" + re.escape(os.path.dirname(script)), line)
                for stage in stage_chain(all_stages, target) for line in all_stages[stage]):
            problems.append(f"{name}: target {target} does not copy {os.path.dirname(script)}")
    return True


def seconds(duration):
    """'30s', '1m30s' or a number of seconds, as seconds."""
    if isinstance(duration, (int, float)):
        return duration
    total = 0
    for amount, unit in re.findall(r"(\d+)(h|m|s)", str(duration)):
        total += int(amount) * {"h": 3600, "m": 60, "s": 1}[unit]
    return total


def check_hardening(name, service, problems):
    """deploy/README.md "Hardening": what every container built here must have."""
    if not service.get("read_only"):
        problems.append(f"{name}: root filesystem is not read_only")
    if (service.get("logging") or {}).get("options", {}).get("max-size") is None:
        problems.append(f"{name}: logs are not rotated (logging.options.max-size)")
    if not (service.get("mem_limit") or service.get("deploy", {}).get("resources")):
        problems.append(f"{name}: no memory limit")
    environment = service.get("environment") or {}
    if "target" in (service.get("build") or {}) and service["build"]["target"] != "web":
        drain = int(environment.get("SHUTDOWN_TIMEOUT_MS", 20000)) / 1000
        if seconds(service.get("stop_grace_period", "10s")) <= drain:
            problems.append(f"{name}: stop_grace_period is not longer than its drain ({drain:g} s)")
    for secret in ("POSTGRES_PASSWORD", "MINIO_ROOT_PASSWORD"):
        if secret in environment:
            problems.append(f"{name}: an app container holds {secret}")


def check_mounted_files(name, service, problems):
    for volume in service.get("volumes") or []:
        source = volume.get("source") if isinstance(volume, dict) else volume.split(":")[0]
        if source and source.startswith(os.path.join(REPO, "deploy")) and not os.path.exists(source):
            problems.append(f"{name}: mounts {source}, which does not exist")


def main():
    compose = yaml.safe_load(sys.stdin)
    problems, built = [], []
    for name, service in (compose.get("services") or {}).items():
        if check_service(name, service, problems):
            built.append(name)
            if "ops" not in (service.get("profiles") or []):
                check_hardening(name, service, problems)
        check_mounted_files(name, service, problems)
        one_shot = name.endswith("-init") or "ops" in (service.get("profiles") or [])
        if "healthcheck" not in service and not one_shot:
            problems.append(f"{name}: no healthcheck")
    if (compose.get("services") or {}).get("gateway", {}).get("ports"):
        problems.append("gateway: a host port blocks `--scale gateway`; `web` is the entry")
    for problem in problems:
        print(f"docker-compose.yml: {problem}", file=sys.stderr)
    if problems:
        sys.exit(1)
    print(f"docker-compose.yml: images of {', '.join(built)} have their context, Dockerfile and entrypoint")


main()
