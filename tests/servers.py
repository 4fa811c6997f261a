"""Jupyter servers for the end-to-end tests and tools/bench_classroom.py: started in their own process
group with their own runtime/config folders, stopped by id, with any kernel they leave behind.

:func:`course_lab` starts README's Quick start JupyterLab, :func:`classroom_servers` "Teaching with it"'s
Voilà and handout, each at most once per test worker (tests/conftest.py's session fixtures
``lab_servers`` and ``classroom``): every test module that drives the course in JupyterLab shares the
one JupyterLab of its worker."""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def as_root() -> list[str]:
    """JupyterLab refuses to run as root without ``--allow-root`` (containers, CI)."""
    return ["--allow-root"] if os.geteuid() == 0 else []


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (a server's kernels: each runs in its own session)."""
    found = []
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            with contextlib.suppress(OSError, ValueError, IndexError):
                if int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    found.append(int(proc.name))
    return found


def _cmdline(pid: int) -> bytes:
    try:
        return (Path("/proc") / str(pid) / "cmdline").read_bytes()
    except OSError:
        return b""


class Server:
    """A server process in its own process group; ``stop()`` ends it, and any kernel it left, by id."""

    def __init__(self, name: str, argv: list[str], cwd: Path, env: dict[str, str], port: int, log: Path):
        self.name, self.port, self.log = name, port, log
        self._kernels: list[tuple[int, bytes]] = []
        log.parent.mkdir(parents=True, exist_ok=True)
        self._log = log.open("wb")
        self.proc = subprocess.Popen(
            argv,
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def wait_listening(self, timeout: float = 240) -> None:
        """Until the server accepts a connection (at most ``timeout`` s: a loaded machine starts a
        JupyterLab in 5–60 s); fails at once, with its log, if the server exits."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                raise AssertionError(f"{self.name} exited with {self.proc.returncode}:\n{self.tail()}")
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port), timeout=1):
                return
            time.sleep(0.2)
        raise AssertionError(f"{self.name} did not listen on {self.port} within {timeout} s:\n{self.tail()}")

    def tail(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")[-3000:]

    def kernels(self) -> list[int]:
        return children(self.proc.pid) if self.proc.poll() is None else []

    def terminate(self) -> None:
        if self.proc.poll() is None:
            self._kernels = [(pid, _cmdline(pid)) for pid in self.kernels()]
            os.killpg(self.proc.pid, signal.SIGTERM)  # the server shuts its kernels down on SIGTERM

    def stop(self) -> None:
        self.terminate()
        if self.proc.poll() is None:
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(5)
        for pid, cmdline in self._kernels:  # a kernel the server did not stop (it runs in its own session)
            if cmdline and _cmdline(pid) == cmdline:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
        self._log.close()


KERNEL_TRANSPORT = {"KernelManager": {"transport": "ipc"}}
"""The servers' kernels (JupyterLab's through :func:`lab_config`, Voilà's through its own config file)
talk over Unix sockets beside their connection files, not TCP ports. A kernel's five TCP ports are picked free, closed,
then bound by the kernel, so two servers (or a server and a notebook build) on one machine can pick the
same port between the two steps; the kernel then dies with "Address already in use" (seen here: seven
JupyterLab tests failed on it in one CI run). A socket path of its own cannot collide. (nbconvert, which
runs one kernel at a time and has no connection file to put its sockets beside, keeps TCP.)"""

RUNTIME_PATH_LIMIT = 55
"""A kernel's socket is ``<runtime>/kernel-<uuid>-ipc-N``, 50 characters after the folder, and a Unix
socket's path holds at most 107: a runtime folder longer than this moves to a short one in /tmp (removed
when the process that made it exits)."""


def lab_config(home: Path, port: int, token: str) -> None:
    """Serve on 127.0.0.1:``port`` with ``token``, no browser opened, through the config folder of
    ``jupyter_env(home)``: README's Quick start command (``liuren course``) then runs unchanged."""
    config = {
        "ServerApp": {"open_browser": False, "ip": "127.0.0.1", "port": port, "port_retries": 0},
        "IdentityProvider": {"token": token},
        "LabApp": {"expose_app_in_browser": True},
        **KERNEL_TRANSPORT,
    }
    folder = home / "config"
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("jupyter_server_config.json", "jupyter_lab_config.json"):
        (folder / name).write_text(json.dumps(config), encoding="utf-8")


def jupyter_env(home: Path) -> dict[str, str]:
    """Our own Jupyter folders (nothing read from or written to the user's), liuren from this checkout.

    JUPYTER_DATA_DIR replaces ~/.local/share/jupyter (the notebook trust database, user kernelspecs and
    lab extensions); the kernelspecs and extensions of this Python stay found through JUPYTER_PATH's
    defaults (sys.prefix/share/jupyter)."""
    env = dict(os.environ)
    runtime = home / "runtime"
    if len(str(runtime)) > RUNTIME_PATH_LIMIT:  # a deep tmp folder: the kernels' sockets need a short path
        runtime = Path(tempfile.mkdtemp(prefix="liuren-rt-"))
        atexit.register(shutil.rmtree, runtime, ignore_errors=True)
    (home / "config").mkdir(parents=True, exist_ok=True)
    (home / "config" / "voila.json").write_text(json.dumps(KERNEL_TRANSPORT), encoding="utf-8")
    env.update(
        JUPYTER_CONFIG_DIR=str(home / "config"),
        JUPYTER_DATA_DIR=str(home / "data"),
        JUPYTER_RUNTIME_DIR=str(runtime),
        JUPYTERLAB_SETTINGS_DIR=str(home / "settings"),
        JUPYTERLAB_WORKSPACES_DIR=str(home / "workspaces"),
        IPYTHONDIR=str(home / "ipython"),
        MPLCONFIGDIR=str(home / "matplotlib"),
        PYTHONPATH=os.pathsep.join([str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]),
        JUPYTER_PLATFORM_DIRS="1",
    )
    env.pop("JUPYTER_TOKEN", None)
    return env


LIGHT = "JupyterLab Light"
SETTINGS = {
    # A learner's defaults, minus what would pop over the page or write into the repository.
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false", "checkForUpdates": False},
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
    "@jupyterlab/apputils-extension/themes.jupyterlab-settings": {"theme": LIGHT},
}


def lab_env(home: Path) -> dict[str, str]:
    """jupyter_env plus a learner's JupyterLab settings, minus what would pop over the page or write files."""
    env = jupyter_env(home)
    for key, value in SETTINGS.items():
        path = home / "settings" / key
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value), encoding="utf-8")
    return env


def readme_command(section: str, start: str) -> str:
    """The command in README's ``section`` that contains ``start``, from ``start`` on (after its installs)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8").split(f"## {section}", 1)[1].split("\n## ", 1)[0]
    block = next(b.strip() for b in re.findall(r"```bash\n(.*?)```", text, re.S) if start in b)
    return block[block.index(start) :]


def our(command: str, replace: dict[str, str]) -> str:
    """A README command run from this Python, each ``replace`` key (which must be there) swapped."""
    for old, new in replace.items():
        assert command.count(old) == 1, (old, command)
        command = command.replace(old, new)
    return "exec " + command


def course_site(site: Path) -> Path:
    """The working folder of the course servers: a copy of the repository's notebooks for Voilà and the
    handout (running them writes nothing here); the Quick start's ``liuren course`` copies the course into
    ``liuren-course/`` in it and serves that."""
    shutil.copytree(ROOT / "notebooks", site / "notebooks")
    for name in ("pyproject.toml", "tools/handout_config.py"):
        if (ROOT / name).exists():
            (site / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(ROOT / name, site / name)
    return site


@contextlib.contextmanager
def _started(servers: list[Server]) -> Iterator[list[Server]]:
    """Stop every server of ``servers`` (filled in the block) at its end, whatever happened."""
    try:
        yield servers
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            server.stop()


@contextlib.contextmanager
def course_lab(site: Path, token: str, homes: Any) -> Iterator[dict[str, Any]]:
    """README's Quick start command, ``liuren course`` (it copies the course into ./liuren-course in
    ``site`` and starts JupyterLab there, as root too: it adds --allow-root itself), from this Python, on
    a free port with ``token`` (through the server's config folder, so the command runs as README has
    it); ``homes`` is a tmp_path_factory (the server's own folders)."""
    python = shlex.quote(sys.executable)
    with _started([]) as started:
        home, port = homes.mktemp("lab"), free_port()
        lab = our(readme_command("Quick start", ".venv/bin/liuren course"), {".venv/bin/liuren": f"{python} -m liuren"})
        env = lab_env(home)
        lab_config(home, port, token)
        started.append(Server("jupyter lab", ["bash", "-c", lab], site, env, port, home / "lab.log"))
        started[0].wait_listening()
        yield {"lab_server": started[0], "lab": f"http://127.0.0.1:{port}", "course": site / "liuren-course"}


@contextlib.contextmanager
def classroom_servers(site: Path, token: str, homes: Any) -> Iterator[dict[str, Any]]:
    """ "Teaching with it"'s Voilà on the classroom page and its handout (nbconvert), side by side, from
    this Python, Voilà on a free port with ``token`` instead of the published ones."""
    python = shlex.quote(sys.executable)
    with _started([]) as started:
        vhome, vport = homes.mktemp("voila"), free_port()
        voila = our(
            readme_command("Teaching with it", ".venv/bin/voila"),
            {
                ".venv/bin/voila": f"{python} -m voila",
                "--Voila.ip=0.0.0.0": "--Voila.ip=127.0.0.1",
                "--port=8866": f"--port={vport}",
                # one preheated kernel, not voila.json's 5: these tests open the pages one at a time, and
                # tests/test_voila_load.py checks the shipped pool of 5 with ten pages at once
                "--token": f"--token={token} --pool_size=1",
            },
        )
        started.append(Server("voila", ["bash", "-c", voila], site, jupyter_env(vhome), vport, vhome / "voila.log"))
        hhome = homes.mktemp("handout")
        handout = our(
            readme_command("Teaching with it", ".venv/bin/jupyter nbconvert"),
            {
                ".venv/bin/jupyter": f"{python} -m jupyter",
                "--output-dir handout": f"--output-dir {shlex.quote(str(hhome / 'out'))}",
            },
        )
        started.append(
            Server("nbconvert", ["bash", "-c", handout], site, jupyter_env(hhome), 0, hhome / "nbconvert.log")
        )
        started[0].wait_listening()
        yield {
            "voila": f"http://127.0.0.1:{vport}",
            "handout": started[1],
            "handout_dir": hhome / "out",
        }
