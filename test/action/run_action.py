#!/usr/bin/env python3
"""Runs the steps of a composite action.yml locally, in order, as a runner
would with every input at its default (or as given on the command line):
`${{ inputs.NAME }}`,
`${{ steps.ID.outputs.NAME }}` and `${{ github.action_path }}` are
substituted in `run` and `env`, each step gets fresh GITHUB_OUTPUT and the
shared GITHUB_ENV, whose lines become the next steps' environment. `uses`
steps are not run; their `with` values are printed, substituted, as
`uses ACTION NAME=VALUE` lines.

usage: run_action.py ACTION_DIR WORKSPACE [INPUT=VALUE...]
Exit status: the first failing step's, else 0; 77 without PyYAML.
"""

import os
import re
import subprocess
import sys
import tempfile

try:
    import yaml
except ImportError:
    print("github-action: skipped: Python's yaml module is not installed")
    sys.exit(77)


def main():
    action_dir, workspace = sys.argv[1], sys.argv[2]
    with open(os.path.join(action_dir, "action.yml")) as f:
        action = yaml.safe_load(f)
    assert action["runs"]["using"] == "composite", action["runs"]
    inputs = {name: str(spec.get("default", ""))
              for name, spec in action.get("inputs", {}).items()}
    for given in sys.argv[3:]:
        name, _, text = given.partition("=")
        assert name in inputs, "action.yml has no input %r" % name
        inputs[name] = text
    outputs = {}  # step id -> {name: value}

    def substitute(text):
        def value(match):
            expr = match.group(1).strip()
            parts = expr.split(".")
            if parts[0] == "inputs" and len(parts) == 2:
                return inputs[parts[1]]
            if parts[0] == "steps" and len(parts) == 4 and parts[2] == "outputs":
                return outputs.get(parts[1], {}).get(parts[3], "")
            if expr == "github.action_path":
                return action_dir
            raise SystemExit("run_action.py: cannot evaluate ${{ %s }}" % expr)
        return re.sub(r"\$\{\{(.*?)\}\}", value, str(text))

    scratch = tempfile.mkdtemp()
    env_file = os.path.join(scratch, "env")
    open(env_file, "w").close()
    env = dict(os.environ, GITHUB_ACTION_PATH=action_dir,
               GITHUB_WORKSPACE=workspace, GITHUB_ENV=env_file)
    for index, step in enumerate(action["runs"]["steps"]):
        step_id = step.get("id", "step%d" % index)
        if "uses" in step:
            for name, text in step.get("with", {}).items():
                print("uses %s %s=%s" % (step["uses"], name, substitute(text)))
            continue
        assert step.get("shell") == "bash", step
        assert "if" not in step, "run steps are unconditional: %s" % step_id
        output_file = os.path.join(scratch, step_id + ".out")
        open(output_file, "w").close()
        step_env = dict(env, GITHUB_OUTPUT=output_file)
        with open(env_file) as f:
            for line in f.read().splitlines():
                name, _, text = line.partition("=")
                step_env[name] = text
        for name, text in step.get("env", {}).items():
            step_env[name] = substitute(text)
        status = subprocess.run(
            ["bash", "-e", "-c", substitute(step["run"])], cwd=workspace,
            env=step_env).returncode
        with open(output_file) as f:
            outputs[step_id] = dict(line.partition("=")[::2]
                                    for line in f.read().splitlines())
        print("step %s: exit %d, outputs %s" % (
            step_id, status, sorted(outputs[step_id].items())))
        if status:
            return status
    return 0


if __name__ == "__main__":
    sys.exit(main())
