"""Runs a composite GitHub Action's `run:` steps the way the runner does, for .ci/action-check.

Each step runs with `bash --noprofile --norc -eo pipefail` in the workspace, with the variables
GitHub sets (GITHUB_WORKSPACE, GITHUB_ACTION_PATH, GITHUB_OUTPUT, GITHUB_PATH, GITHUB_ENV,
RUNNER_TEMP, RUNNER_OS, RUNNER_ARCH, GITHUB_ACTIONS, CI) and its `env:`, after `${{ … }}`
expressions are replaced. Step outputs are read back from GITHUB_OUTPUT, GITHUB_PATH entries
are prepended to PATH for later steps, and a failing step skips the rest, as on GitHub.
`uses:` steps cannot run here (no network, no Node actions); they are recorded with their
inputs so the caller can check them. Only the expressions action.yml uses are understood:
`inputs.X`, `github.action_path`, `steps.ID.outputs.X`, `runner.os`, `runner.arch`, quoted
strings, and `==` / `!=` in `if:`. Anything else is an error, so the action cannot silently
grow an expression this runner would get wrong.
"""
import os
import platform
import re
import subprocess
import tempfile

import yaml

EXPRESSION = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")


class Composite:
    def __init__(self, action_path):
        self.action_path = action_path
        with open(os.path.join(action_path, "action.yml")) as f:
            self.action = yaml.safe_load(f)
        assert self.action["runs"]["using"] == "composite", "not a composite action"

    def run(self, workspace, inputs, extra_env=None):
        """Returns (status, stdout+stderr text, action outputs, skipped `uses:` steps)."""
        declared = self.action.get("inputs", {})
        unknown = set(inputs) - set(declared)
        assert not unknown, f"inputs the action does not declare: {unknown}"
        values = {name: str(spec.get("default", "")) for name, spec in declared.items()}
        values.update(inputs)
        temp = tempfile.mkdtemp(prefix="runner-temp-")
        env = dict(os.environ, **(extra_env or {}))
        env.update(GITHUB_WORKSPACE=workspace, GITHUB_ACTION_PATH=self.action_path, RUNNER_TEMP=temp,
                   RUNNER_OS="Linux" if platform.system() == "Linux" else "macOS",
                   RUNNER_ARCH={"x86_64": "X64", "aarch64": "ARM64", "arm64": "ARM64"}.get(platform.machine(), "X64"),
                   GITHUB_ACTIONS="true", CI="true")
        steps, log, uses, status = {}, [], [], 0
        context = {"inputs": values, "steps": steps, "env": env}
        for index, step in enumerate(self.action["runs"]["steps"]):
            if "if" in step and not self.condition(step["if"], context):
                continue
            if "uses" in step:
                uses.append({"uses": step["uses"],
                             "with": {k: self.substitute(str(v), context) for k, v in step.get("with", {}).items()}})
                continue
            assert step.get("shell") == "bash", f"step {index} must say shell: bash"
            files = {name: os.path.join(temp, f"{name.lower()}-{index}") for name in ("GITHUB_OUTPUT", "GITHUB_PATH", "GITHUB_ENV")}
            for path in files.values():
                open(path, "w").close()
            step_env = dict(env, **files)
            step_env.update({k: self.substitute(str(v), context) for k, v in step.get("env", {}).items()})
            script = os.path.join(temp, f"step-{index}.sh")
            with open(script, "w") as f:
                f.write(self.substitute(step["run"], context))
            done = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", script], cwd=workspace,
                                  env=step_env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            log.append(done.stdout)
            outputs = dict(line.split("=", 1) for line in open(files["GITHUB_OUTPUT"]).read().splitlines() if "=" in line)
            if "id" in step:
                steps[step["id"]] = {"outputs": outputs}
            for entry in open(files["GITHUB_PATH"]).read().splitlines():
                env["PATH"] = entry + os.pathsep + env["PATH"]
            if done.returncode != 0:
                status = done.returncode
                break
        outputs = {name: self.substitute(str(spec.get("value", "")), context)
                   for name, spec in self.action.get("outputs", {}).items()}
        return status, "".join(log), outputs, uses

    def substitute(self, text, context):
        return EXPRESSION.sub(lambda m: self.value(m.group(1), context), text)

    def value(self, expression, context):
        expression = expression.strip()
        if re.fullmatch(r"'[^']*'", expression):
            return expression[1:-1]
        parts = expression.split(".")
        if parts[0] == "inputs" and len(parts) == 2:
            return context["inputs"][parts[1]]
        if expression == "github.action_path":
            return self.action_path
        if expression in ("runner.os", "runner.arch"):
            return context["env"]["RUNNER_OS" if parts[1] == "os" else "RUNNER_ARCH"]
        if parts[0] == "steps" and len(parts) == 4 and parts[2] == "outputs":
            return context["steps"].get(parts[1], {}).get("outputs", {}).get(parts[3], "")
        raise ValueError(f"expression this runner does not understand: {expression}")

    def condition(self, expression, context):
        expression = EXPRESSION.sub(lambda m: m.group(1), expression).strip()
        match = re.fullmatch(r"(.+?)\s*(==|!=)\s*(.+)", expression)
        if not match:
            raise ValueError(f"condition this runner does not understand: {expression}")
        left, right = self.value(match.group(1), context), self.value(match.group(3), context)
        return (left == right) == (match.group(2) == "==")
