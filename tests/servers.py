"""Jupyter servers for the end-to-end test and tools/bench_classroom.py: started in their own process
group with their own runtime/config folders, stopped by id, with any kernel they leave behind."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import time
from pathlib import Path

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

    def wait_listening(self, timeout: float = 60) -> None:
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


def lab_config(home: Path, port: int, token: str) -> None:
    """Serve on 127.0.0.1:``port`` with ``token``, no browser opened, through the config folder of
    ``jupyter_env(home)``: README's Quick start command (``liuren course``) then runs unchanged."""
    config = {
        "ServerApp": {"open_browser": False, "ip": "127.0.0.1", "port": port, "port_retries": 0},
        "IdentityProvider": {"token": token},
        "LabApp": {"expose_app_in_browser": True},
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
    env.update(
        JUPYTER_CONFIG_DIR=str(home / "config"),
        JUPYTER_DATA_DIR=str(home / "data"),
        JUPYTER_RUNTIME_DIR=str(home / "runtime"),
        JUPYTERLAB_SETTINGS_DIR=str(home / "settings"),
        JUPYTERLAB_WORKSPACES_DIR=str(home / "workspaces"),
        IPYTHONDIR=str(home / "ipython"),
        MPLCONFIGDIR=str(home / "matplotlib"),
        PYTHONPATH=os.pathsep.join([str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]),
        JUPYTER_PLATFORM_DIRS="1",
    )
    env.pop("JUPYTER_TOKEN", None)
    return env
