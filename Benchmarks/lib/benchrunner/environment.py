"""Everything the benchmark needs before it measures: the workloads, the
peers (a throwaway venv, jq and Miller), and the coldiff/colpatch binaries."""

import json
import os
import shutil
import subprocess
import sys

PIP_PACKAGES = ["csv-diff", "jsondiff", "deepdiff", "dictdiffer", "jsonpatch",
                "daff", "orjson", "duckdb-cli", "polars"]
# import name -> distribution name, for the availability check
PY_MODULES = {"jsondiff": "jsondiff", "deepdiff": "deepdiff",
              "dictdiffer": "dictdiffer", "jsonpatch": "jsonpatch",
              "csv_diff": "csv-diff", "daff": "daff", "orjson": "orjson",
              "duckdb_cli": "duckdb-cli", "polars": "polars"}
APT_PACKAGES = {"jq": "jq", "mlr": "miller"}
STREAMED_SIZES = {"10m"}
"""Sizes gen.py cannot hold in memory: written by lib/gen_stream.py, the
same records and bytes, record by record."""


def _links_swift_runtime(path):
    """Whether the binary at path loads libswiftCore at run time (ldd)."""
    try:
        out = subprocess.run(["ldd", path], capture_output=True, text=True).stdout
    except OSError:
        return False
    return "libswiftCore" in out


def log(msg):
    """Progress goes to stderr, so stdout holds only the report."""
    print("bench: " + msg, file=sys.stderr, flush=True)


class Environment:
    """Paths and what is available."""

    def __init__(self, root, work, data):
        self.root = root
        self.work = work
        self.data = data
        self.trees = os.path.join(work, "trees")  # lib/gen_tree.py's pairs
        self.venv = os.path.join(work, "venv")
        self.python = os.path.join(self.venv, "bin", "python")
        self.peer_dir = os.path.join(root, "Benchmarks", "lib", "peers")
        self.versions = {}      # tool -> version string
        self.unavailable = {}   # tool -> reason
        self.coldiff = None     # path of the binary, when it built
        self.baseline = None    # --baseline: an older coldiff timed beside it
        self.colpatch = None

    def venv_bin(self, name):
        return os.path.join(self.venv, "bin", name)

    def peer(self, name):
        return os.path.join(self.peer_dir, name)

    # ---- workloads --------------------------------------------------------

    def generate(self, sizes, profiles):
        """Run ../shared/bench/gen.py into the data dir (it skips pairs that
        exist), and lib/gen_stream.py for the STREAMED_SIZES. Always all three forms: gen.py records the forms among the
        parameters of a pair, and would regenerate a pair asked for with
        other forms. Uses the venv's Python when present: gen.py is faster with
        orjson, and writes the same bytes either way."""
        gen = os.path.normpath(os.path.join(self.root, "..", "shared", "bench",
                                            "gen.py"))
        if not os.path.isfile(gen):
            sys.exit("bench: the workload generator is missing: %s\n"
                     "bench: it lives in the shared folder next to the repository "
                     "(../shared/bench/gen.py from the repo root)" % gen)
        python = self.python if os.path.exists(self.python) else sys.executable
        held = [size for size in sizes if size not in STREAMED_SIZES]
        if held:
            argv = [python, gen, "--sizes", ",".join(held), "--profiles",
                    ",".join(profiles), "--formats", "json,jsonl,csv", "--out",
                    self.data]
            log("generating workloads: " + " ".join(argv[1:]))
            if subprocess.run(argv).returncode != 0:
                sys.exit("bench: gen.py failed")
        stream = os.path.join(self.root, "Benchmarks", "lib", "gen_stream.py")
        for size in (s for s in sizes if s in STREAMED_SIZES):
            for profile in profiles:
                argv = [python, stream, "--size", size, "--profile", profile,
                        "--out", self.data]
                log("generating workloads: " + " ".join(argv[1:]))
                if subprocess.run(argv).returncode != 0:
                    sys.exit("bench: gen_stream.py failed")

    def workload_dir(self, size, profile):
        return os.path.join(self.data, "%s-%s" % (size, profile))

    def ground_truth(self, size, profile):
        with open(os.path.join(self.workload_dir(size, profile),
                               "ground_truth.json")) as f:
            return json.load(f)

    # ---- peers --------------------------------------------------------------

    def setup_venv(self):
        """Create the venv and install the Python peers, unless it exists and
        already has them all."""
        if not os.path.exists(self.python):
            log("creating the peers' venv in " + self.venv)
            # --clear: a half-made venv from an interrupted run is redone.
            r = subprocess.run([sys.executable, "-m", "venv", "--clear",
                                self.venv])
            if r.returncode != 0:
                self._python_peers_missing("python3 -m venv failed")
                return
        versions = self._module_versions()
        missing = [d for m, d in PY_MODULES.items() if m not in versions]
        if missing:
            log("pip install " + " ".join(PIP_PACKAGES))
            r = subprocess.run([self.venv_bin("pip"), "install", "-q",
                                "--disable-pip-version-check"] + PIP_PACKAGES)
            if r.returncode != 0:
                log("pip install failed; the peers it did not install are "
                    "marked unavailable")
            versions = self._module_versions()
        for module, dist in PY_MODULES.items():
            if module in versions:
                self.versions[dist] = versions[module]
            else:
                self.unavailable[dist] = "not installed in the venv"
        self.versions["python"] = versions.get("python", "?")

    def _module_versions(self):
        code = ("import json, importlib, importlib.metadata as md, sys\n"
                "out = {'python': sys.version.split()[0]}\n"
                "for m, d in %r.items():\n"
                "    try:\n"
                "        importlib.import_module(m); out[m] = md.version(d)\n"
                "    except Exception:\n"
                "        pass\n"
                "print(json.dumps(out))\n" % (PY_MODULES,))
        try:
            r = subprocess.run([self.python, "-c", code], capture_output=True,
                               text=True)
            return json.loads(r.stdout) if r.returncode == 0 else {}
        except (OSError, ValueError):
            return {}

    def _python_peers_missing(self, reason):
        for dist in PY_MODULES.values():
            self.unavailable[dist] = reason

    def setup_system_tools(self):
        """jq and Miller: installed with apt-get when missing, only as root
        with a working apt; otherwise those peers are unavailable."""
        missing = [b for b in APT_PACKAGES if shutil.which(b) is None]
        if not os.access("/usr/bin/time", os.X_OK):
            missing.append("time")  # GNU time, for exact peak RSS (measure.py)
        if missing and os.geteuid() == 0 and shutil.which("apt-get"):
            pkgs = [APT_PACKAGES.get(b, b) for b in missing]
            log("apt-get install -y " + " ".join(pkgs))
            env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
            r = subprocess.run(["apt-get", "install", "-y", "-q"] + pkgs,
                               env=env, stdout=subprocess.DEVNULL)
            if r.returncode != 0:
                log("apt-get install failed; running apt-get update once")
                subprocess.run(["apt-get", "update", "-q"], env=env,
                               stdout=subprocess.DEVNULL)
                subprocess.run(["apt-get", "install", "-y", "-q"] + pkgs,
                               env=env, stdout=subprocess.DEVNULL)
        for binary, pkg in APT_PACKAGES.items():
            path = shutil.which(binary)
            if path is None:
                self.unavailable[pkg] = ("%s not found (apt-get needs root and "
                                         "a working apt)" % binary)
                continue
            r = subprocess.run([path, "--version"], capture_output=True,
                               text=True)
            self.versions[pkg] = (r.stdout or r.stderr).strip().splitlines()[0]

    # ---- coldiff / colpatch ------------------------------------------------

    def build(self, skip_build, coldiff_override=None, colpatch_override=None,
              products=("coldiff", "colpatch")):
        """swift build -c release --static-swift-stdlib for the products, as
        Scripts/install builds them; on failure coldiff (or colpatch) is
        reported as unavailable and the run goes on."""
        release = os.path.join(self.root, ".build", "release")
        for product in products:
            override = coldiff_override if product == "coldiff" else colpatch_override
            if override:
                path = os.path.abspath(override)
                if os.access(path, os.X_OK):
                    setattr(self, product, path)
                else:
                    self.unavailable[product] = "%s is not executable" % path
                continue
            path = os.path.join(release, product)
            if not skip_build:
                logfile = os.path.join(self.work, "build-%s.log" % product)
                log("swift build -c release --static-swift-stdlib --product %s"
                    " (log: %s)" % (product, logfile))
                with open(logfile, "wb") as f:
                    try:
                        r = subprocess.run(["swift", "build", "-c", "release",
                                            "--static-swift-stdlib",
                                            "--product", product],
                                           cwd=self.root, stdout=f, stderr=f)
                        ok = r.returncode == 0
                    except OSError as e:
                        f.write(str(e).encode())
                        ok = False
                if not ok:
                    self.unavailable[product] = ("swift build failed, see "
                                                 + logfile)
                    continue
            if os.access(path, os.X_OK):
                setattr(self, product, path)
                if skip_build and _links_swift_runtime(path):
                    log("note: %s links the Swift runtime dynamically (a plain "
                        "swift build); Scripts/install and this script build it "
                        "with --static-swift-stdlib, which starts about 1 ms "
                        "sooner" % path)
            else:
                self.unavailable[product] = "no binary at " + path
