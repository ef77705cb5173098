"""Runs the debug `larder` binary on a scratch database, for the interop checks."""

import atexit
import json
import os
import shutil
import subprocess
import tempfile


class Larder:
    """A `larder` command line on its own database in a temporary folder."""

    def __init__(self, binary):
        self.binary = binary
        self.folder = tempfile.mkdtemp(prefix="larder-interop-")
        atexit.register(shutil.rmtree, self.folder, ignore_errors=True)
        self.database = os.path.join(self.folder, "larder.sqlite")
        self.environment = dict(os.environ, XDG_CONFIG_HOME=os.path.join(self.folder, "config"))

    def run(self, *arguments, stdin=None, json_output=False):
        """The command's standard output; fails with its standard error."""
        command = [self.binary, "--db", self.database]
        if json_output:
            command.append("--json")
        command += list(arguments)
        done = subprocess.run(command, input=stdin, capture_output=True, text=True,
                              env=self.environment)
        if done.returncode != 0:
            raise SystemExit(f"error: {' '.join(command)} failed:\n{done.stderr}")
        return done.stdout

    def recipe_ids(self):
        """Every recipe's id."""
        ids, offset = [], 0
        while True:
            page = json.loads(self.run("recipes", "--limit", "100", "--offset", str(offset),
                                       json_output=True))
            ids += [item["id"] for item in page["items"]]
            if len(page["items"]) < 100:
                return ids
            offset += 100

    def recipe(self, recipe_id):
        """One recipe as `larder show --json` prints it."""
        return json.loads(self.run("show", recipe_id, json_output=True))

    def parse_lines(self, lines, language=None):
        """Larder's parse of each ingredient line, in order, in `language` (default English)."""
        if not lines:
            return []
        options = ["--language", language] if language else []
        output = self.run("ingredients", "parse", *options, stdin="\n".join(lines) + "\n")
        parsed = [json.loads(row) for row in output.splitlines() if row.strip()]
        if len(parsed) != len(lines):
            raise SystemExit(f"error: {len(lines)} lines gave {len(parsed)} parses")
        return parsed
