#!/usr/bin/env python3
"""examples/kubernetes' manifests are YAML with what an Indexed Job and its
assembly Job need: batch/v1 Jobs, completionMode Indexed with
completions equal to the --shard-count its pods pass with --shard auto, pods
that do not restart in place, and both Jobs on one shared volume with the
same layout, output and shard directory.
   usage: kubernetes_manifest_test.py SHARDS_JOB.yaml ASSEMBLE_JOB.yaml"""
import copy
import sys

import yaml


class ManifestError(Exception):
    pass


def fail(message):
    raise ManifestError(message)


def argument(command, flag):
    if flag not in command or command.index(flag) + 1 >= len(command):
        fail(f"the command {command} has no {flag} VALUE")
    return command[command.index(flag) + 1]


def pod_spec(job):
    spec = job.get("spec", {}).get("template", {}).get("spec")
    if not spec:
        fail(f"Job {job['metadata']['name']} has no spec.template.spec")
    if spec.get("restartPolicy") not in ("Never", "OnFailure"):
        fail(f"Job {job['metadata']['name']}: a Job's pods need restartPolicy Never or OnFailure")
    containers = spec.get("containers") or []
    if len(containers) != 1 or not containers[0].get("image") or not containers[0].get("command"):
        fail(f"Job {job['metadata']['name']}: one container with an image and a command is expected")
    return spec, containers[0]


def shared_claim(spec, container):
    mounts = {mount["name"]: mount["mountPath"] for mount in container.get("volumeMounts", [])}
    claims = {volume["name"]: volume.get("persistentVolumeClaim", {}).get("claimName")
              for volume in spec.get("volumes", [])}
    if len(mounts) != 1 or set(mounts) != {name for name, claim in claims.items() if claim}:
        fail(f"the container {container['name']} must mount exactly one persistentVolumeClaim volume")
    name = next(iter(mounts))
    return claims[name], mounts[name]


def check(documents):
    for document in documents:
        if document.get("apiVersion") != "batch/v1" or document.get("kind") != "Job":
            fail(f"{document.get('kind')} {document.get('apiVersion')}: batch/v1 Jobs are expected")
        if not document.get("metadata", {}).get("name"):
            fail("a Job without metadata.name")
    shards, assembly = documents

    spec = shards["spec"]
    if spec.get("completionMode") != "Indexed":
        fail("the first Job must be an Indexed Job (completionMode: Indexed), which sets JOB_COMPLETION_INDEX")
    completions = spec.get("completions")
    if not isinstance(completions, int) or completions < 1:
        fail("an Indexed Job needs completions, a whole number of at least 1")
    if not isinstance(spec.get("parallelism", 1), int):
        fail("parallelism must be a whole number")
    shard_pod, shard_container = pod_spec(shards)
    command = shard_container["command"]
    if command[:3] != ["isla-tool", "run", "compile"] or argument(command, "--shard") != "auto":
        fail(f"the Indexed Job's pods must run isla-tool run compile ... --shard auto: {command}")
    if argument(command, "--shard-count") != str(completions):
        fail(f"--shard-count {argument(command, '--shard-count')} differs from completions: {completions}")

    assembly_pod, assembly_container = pod_spec(assembly)
    assemble = assembly_container["command"]
    if assemble[:3] != ["isla-tool", "run", "assemble"]:
        fail(f"the second Job must run isla-tool run assemble: {assemble}")
    if command[3:5] != assemble[3:5]:
        fail(f"the Jobs name different layouts or outputs: {command[3:5]} and {assemble[3:5]}")
    if argument(command, "--shard-dir") != argument(assemble, "--shard-dir"):
        fail("the Jobs name different shard directories")
    claim, mount = shared_claim(shard_pod, shard_container)
    if shared_claim(assembly_pod, assembly_container) != (claim, mount):
        fail("the Jobs must mount the same claim at the same path")
    for path in command[3:5] + [argument(command, "--shard-dir")]:
        if not path.startswith(mount.rstrip("/") + "/"):
            fail(f"{path} is not on the shared volume mounted at {mount}")
    return f"Indexed Job of {completions} shards and the assembly Job on claim {claim}"


def main():
    documents = []
    for path in sys.argv[1:3]:
        with open(path, encoding="utf-8") as file:
            found = [document for document in yaml.safe_load_all(file) if document is not None]
        if len(found) != 1:
            print(f"FAIL: {path}: one Job is expected, not {len(found)} documents", file=sys.stderr)
            return 1
        documents += found
    try:
        print(f"ok: {check(documents)}")
    except ManifestError as error:
        print(f"FAIL: {error}", file=sys.stderr)
        return 1
    # The check catches what breaks a sharded run.
    broken = copy.deepcopy(documents)
    broken[0]["spec"]["completions"] = 3
    try:
        check(broken)
    except ManifestError as error:
        print(f"ok: a manifest whose completions differ from --shard-count is refused: {error}")
        return 0
    print("FAIL: completions 3 with --shard-count 4 passed the check", file=sys.stderr)
    return 1


sys.exit(main())
