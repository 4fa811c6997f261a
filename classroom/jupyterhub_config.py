"""JupyterHub 6 for a class on one school server: a login and a Jupyter server per learner.

    sudo LIURENHUB_DIR=/srv/liuren-hub .venv/bin/jupyterhub -f classroom/jupyterhub_config.py

(README's "Teaching with it" gives every step.) What this file sets up, each part the real one:

* **Logins**: NativeAuthenticator. A learner signs up at ``/hub/signup`` with a name and a password;
  the account can log in only once the teacher has approved it at ``/hub/authorize``. The teacher is
  the hub's admin, named by ``LIURENHUB_TEACHER`` (default ``teacher``): that name's sign-up is approved
  at once, so the teacher signs up first, before the address is given out.
* **Servers**: ``LocalProcessSpawner``, one Jupyter server per learner running as the learner's own
  Unix user (create each with ``sudo useradd -m NAME``; the hub runs as root to start them), so one
  learner's code cannot read another's files: a learner's home that other users may read (Debian's
  ``useradd`` makes it 755) is made the learner's alone (700) before their server starts. Before each
  start the learner's copy of the course is brought up to date in ``~/liuren-course`` (``liuren course
  --no-lab``, run as that user: missing files copied, files the learner changed kept) and JupyterLab
  opens its ``contents.ipynb`` with the course's JupyterLab settings, as ``liuren course`` starts
  JupyterLab: ``~/liuren-course/.liuren-lab/overrides.json`` (every cell drawn, so links to headings
  land; no "Jupyter news" prompt), written as the learner and given to the server as
  ``--LabApp.app_settings_dir``. The learners run the hub's Python (``Spawner.cmd``): install it where
  every user can read it (e.g. ``/opt/liuren``, not under ``/root``).
* **Idle servers stopped**: ``jupyterhub-idle-culler`` as a hub service stops a server that has been
  idle ``LIURENHUB_CULL_TIMEOUT`` seconds (default 3600), checking every ``LIURENHUB_CULL_EVERY``
  seconds (default 300). The learner's files stay; the next login starts the server again.
* **Memory**: ``LIURENHUB_MEM_LIMIT`` (default ``1G``) is set as ``Spawner.mem_limit``, which this
  spawner does not enforce: it only passes ``MEM_LIMIT`` to the server (what jupyter-resource-usage
  shows). A limit the kernel cannot exceed needs a spawner that enforces it (The Littlest JupyterHub's
  systemd spawner, or Zero to JupyterHub's Kubernetes one).
* **State**: the hub's database (accounts, approvals, servers), its cookie secret and the proxy's pid
  are kept in ``LIURENHUB_DIR`` (default: ``hub-state`` beside this file), so a restarted hub keeps
  every account; the learners' work is in their home folders. The folder is made readable by the hub
  alone (mode 700): the database holds every account's password hash and the servers' tokens, and a
  learner's code runs on the same machine.
* **Address**: ``LIURENHUB_BIND_URL`` (default ``http://:8000``, every interface). Put HTTPS in front
  of it (or use The Littlest JupyterHub, which does) before passwords cross a network you do not trust.
"""

from __future__ import annotations

import asyncio
import os
import pwd
import sys
from pathlib import Path

c = get_config()  # type: ignore[name-defined]  # noqa: F821  (JupyterHub's config loader provides it)

HERE = Path(__file__).resolve().parent
STATE = Path(os.environ.get("LIURENHUB_DIR", HERE / "hub-state")).resolve()
TEACHER = os.environ.get("LIURENHUB_TEACHER", "teacher")
COURSE = "liuren-course"
"""The course folder in each learner's home (what ``liuren course`` copies the course into)."""

STATE.mkdir(parents=True, exist_ok=True)
STATE.chmod(0o700)  # the database's password hashes and tokens: the hub's alone, not the learners'
c.JupyterHub.bind_url = os.environ.get("LIURENHUB_BIND_URL", "http://:8000")
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.ConfigurableHTTPProxy.pid_file = str(STATE / "jupyterhub-proxy.pid")
_PROXY = [
    Path(os.environ["LIURENHUB_PROXY"]) if os.environ.get("LIURENHUB_PROXY") else None,
    Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
    / "liuren-hub/node_modules/.bin/configurable-http-proxy",
]
"""configurable-http-proxy (npm): ``$LIURENHUB_PROXY``, else README's ``npm install --prefix
~/.cache/liuren-hub``, else the one on PATH (``npm install -g``)."""
for _proxy in _PROXY:
    if _proxy is not None and _proxy.is_file():
        c.ConfigurableHTTPProxy.command = [str(_proxy)]
        break

# ---------------------------------------------------------------- logins: sign up, approved by the teacher
c.JupyterHub.authenticator_class = "native"
c.NativeAuthenticator.open_signup = False  # every sign-up waits for the teacher's approval
c.NativeAuthenticator.minimum_password_length = 8
c.NativeAuthenticator.check_common_password = True
c.NativeAuthenticator.allowed_failed_logins = 5  # then that name waits 10 minutes
c.Authenticator.admin_users = {TEACHER}
c.Authenticator.allow_all = True  # every account NativeAuthenticator lets in: approved ones only


class _NoTimer:
    """A statsd timer that records nothing."""

    def timer(self, *args: object, **kwargs: object) -> _NoTimer:
        return self

    def start(self) -> _NoTimer:
        return self

    def stop(self, *args: object, **kwargs: object) -> None:
        return None


def _native_login_on_jupyterhub_6() -> None:
    """NativeAuthenticator 1.3.0 (its latest release) times each login with the handler's ``statsd``,
    which JupyterHub 6 removed: without this every login answers 500 ("'LoginHandler' object has no
    attribute 'statsd'"). Give its login handler a timer that records nothing; a NativeAuthenticator
    that no longer needs it is left alone."""
    from jupyterhub.handlers.base import BaseHandler
    from nativeauthenticator import handlers

    if not hasattr(BaseHandler, "statsd") and not hasattr(handlers.LoginHandler, "statsd"):
        handlers.LoginHandler.statsd = _NoTimer()


_native_login_on_jupyterhub_6()

# ---------------------------------------------------------------- servers: one per learner, as their own user
c.JupyterHub.spawner_class = "jupyterhub.spawner.LocalProcessSpawner"
c.Spawner.cmd = [sys.executable, "-m", "jupyterhub.singleuser"]
c.Spawner.notebook_dir = "~"
c.Spawner.default_url = f"/lab/tree/{COURSE}/contents.ipynb"
c.Spawner.mem_limit = os.environ.get("LIURENHUB_MEM_LIMIT", "1G")
c.Spawner.start_timeout = 120  # a busy server takes a while to start twenty learners at once
c.Spawner.http_timeout = 120


def learner_home(spawner) -> tuple[Path, dict[str, int]]:
    """The learner's home folder, and the ``user``/``group`` to run the course copy as (none when the
    spawner runs every server as the hub's own user, as the test's does)."""
    home = getattr(spawner, "home_dir", None)
    if home:  # SimpleLocalProcessSpawner: no Unix user of its own
        return Path(home), {}
    name = spawner.user.name
    try:
        account = pwd.getpwnam(name)
    except KeyError:
        raise RuntimeError(
            f"there is no Unix user {name!r} on this server: create it with `sudo useradd -m {name}`"
        ) from None
    return Path(account.pw_dir), {"user": account.pw_uid, "group": account.pw_gid, "extra_groups": []}


LAB_SETTINGS = "import sys\nfrom liuren.course import lab_settings\nprint(lab_settings(sys.argv[1], sys.argv[2]))\n"
"""Run as the learner after the copy: the course's JupyterLab settings folder in the copy
(``liuren.course.lab_settings``: its ``overrides.json`` over the installed JupyterLab's), the folder
``liuren course`` gives its JupyterLab as ``--LabApp.app_settings_dir``."""
APP_SETTINGS = "--LabApp.app_settings_dir="


def installed_lab_settings() -> str:
    """The installed JupyterLab's application settings folder (its ``overrides.json`` is kept under the
    course's), as ``liuren course`` reads it."""
    from jupyterlab.commands import get_app_dir

    return os.path.join(get_app_dir(), "settings")


async def as_learner(spawner, command: list[str], home: Path, account: dict[str, int], what: str) -> str:
    """Run ``command`` in the learner's home as the learner; its output, or a RuntimeError saying why not."""
    env = {"HOME": str(home), "PATH": os.environ.get("PATH", os.defpath), "LANG": "C.UTF-8"}
    # a PYTHONPATH the servers are given (the test's: liuren from its checkout) holds here too
    env.update({k: v for k, v in spawner.environment.items() if k == "PYTHONPATH" and isinstance(v, str)})
    try:
        process = await asyncio.create_subprocess_exec(
            *command, cwd=home, env=env, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT, **account
        )
    except PermissionError:
        raise RuntimeError(
            f"{spawner.user.name} cannot run {command[0]}: the learners run the hub's Python, so install it "
            "where every user can read it (e.g. /opt/liuren, not under /root)"
        ) from None
    output, _ = await asyncio.wait_for(process.communicate(), timeout=120)
    text = output.decode(errors="replace")
    if process.returncode != 0:
        raise RuntimeError(f"{what} failed for {spawner.user.name}: {text[-500:]}")
    return text


async def copy_course(spawner) -> None:
    """Bring the learner's course copy up to date before their server starts (``liuren course
    --no-lab``, as the learner: new files copied, the learner's changed files kept), write the course's
    JupyterLab settings into it (:data:`LAB_SETTINGS`) and give them to the server."""
    home, account = learner_home(spawner)
    if not account:  # the test's spawner makes the home itself, but only after this hook
        home.mkdir(parents=True, exist_ok=True)
    elif not home.is_dir():
        raise RuntimeError(
            f"{spawner.user.name}'s home {home} does not exist: create it with `sudo mkhomedir_helper {spawner.user.name}`"
        )
    if account and home.stat().st_mode & 0o077:  # useradd's default on Debian: every user may read it
        home.chmod(0o700)
        spawner.log.info("%s's home %s: made readable by its owner only (700)", spawner.user.name, home)
    python = spawner.cmd[0]  # the learner's server's Python, which the learner can run
    course = str(home / COURSE)
    output = await as_learner(
        spawner, [python, "-m", "liuren", "course", "--no-lab", course], home, account, "liuren course"
    )
    spawner.log.info("%s", (output.strip().splitlines() or ["liuren course: done"])[0])
    command = [python, "-c", LAB_SETTINGS, course, installed_lab_settings()]
    output = await as_learner(spawner, command, home, account, "the course's JupyterLab settings")
    settings = output.strip().splitlines()[-1]  # the folder lab_settings() wrote
    spawner.args = [*(a for a in spawner.args if not a.startswith(APP_SETTINGS)), APP_SETTINGS + settings]


c.Spawner.pre_spawn_hook = copy_course

# ---------------------------------------------------------------- idle servers stopped
c.JupyterHub.services = [
    {
        "name": "idle-culler",
        "command": [
            sys.executable,
            "-m",
            "jupyterhub_idle_culler",
            f"--timeout={int(os.environ.get('LIURENHUB_CULL_TIMEOUT', '3600'))}",
            f"--cull-every={int(os.environ.get('LIURENHUB_CULL_EVERY', '300'))}",
        ],
    }
]
c.JupyterHub.load_roles = [
    {
        "name": "idle-culler",
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
        "services": ["idle-culler"],
    }
]
