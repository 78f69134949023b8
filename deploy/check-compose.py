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
        elif not any(re.search(r"COPY\s+--from=build\s+.*" + re.escape(os.path.dirname(script)), line)
                     for stage in stage_chain(all_stages, target) for line in all_stages[stage]):
            problems.append(f"{name}: target {target} does not copy {os.path.dirname(script)}")
    return True


def main():
    compose = yaml.safe_load(sys.stdin)
    problems, built = [], []
    for name, service in (compose.get("services") or {}).items():
        if check_service(name, service, problems):
            built.append(name)
        if "healthcheck" not in service and name != "minio-init":
            problems.append(f"{name}: no healthcheck")
    for problem in problems:
        print(f"docker-compose.yml: {problem}", file=sys.stderr)
    if problems:
        sys.exit(1)
    print(f"docker-compose.yml: images of {', '.join(built)} have their context, Dockerfile and entrypoint")


main()
