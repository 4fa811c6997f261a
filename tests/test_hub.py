"""The shipped JupyterHub (classroom/jupyterhub_config.py) with a class of three, on loopback.

One real hub (JupyterHub 6, configurable-http-proxy from npm, jupyterhub-idle-culler as its service)
is started from the shipped config file; only what a test machine cannot have is changed on top of it,
in a small config that loads the shipped one: servers run as this Unix user
(``SimpleLocalProcessSpawner``, homes in a temporary folder) instead of one Unix user per learner, free
ports, and the hub's activity polled every few seconds. The logins are the shipped ones: each learner
signs up through NativeAuthenticator's form, cannot log in until the teacher (the hub's admin, signed up
first) approves the account, then logs in, has a server started in their own copy of the course
(``liuren course --no-lab`` before the spawn) and casts a chart in a kernel of it (the REST and kernel
websocket API, as JupyterLab does). Then, logged in as A: B's server, kernel, files and hub record
answer 403. The hub is restarted (with a 12 s idle timeout for its culler): every learner's saved work is
there when their server starts again (the course copy keeps a changed notebook), and the idle servers
are culled. Each server opens the course with its JupyterLab settings (the course's ``overrides.json``,
as ``liuren course`` gives JupyterLab). Prints each learner's memory, CPU and time from login to a chart.

As root (CI), one more hub runs the shipped spawner: two throw-away Unix users (plain
``useradd -m``), each server and kernel under its learner's uid, the course copy the learner's, and
from A's kernel B's home, B's files and the hub's database are refused (permission denied); the users
and their homes are removed afterwards. The module takes 4–6 minutes on a shared 2-core machine
at a load of 10–16 (247 s in one run; the two Unix users 77–116 s of it).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import pwd
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from liuren.course import LAB_OVERRIDES

from .servers import Server, as_root, children, free_port

requests = pytest.importorskip("requests", reason="the hub extra is not installed (pip install -e '.[hub]')")
pytest.importorskip("jupyterhub", reason="the hub extra is not installed (pip install -e '.[hub]')")
pytest.importorskip("nativeauthenticator", reason="the hub extra is not installed")
pytest.importorskip("jupyterhub_idle_culler", reason="the hub extra is not installed")

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ROOT / "classroom" / "jupyterhub_config.py"
PROXY_CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "liuren-hub"
PROXY = PROXY_CACHE / "node_modules" / ".bin" / "configurable-http-proxy"
PROXY_VERSION = "5.3.0"
TEACHER, STUDENTS = "teacher", ("ana", "bo", "chul")
PASSWORD = "sixteen-signs-of-heaven"
CULL_TIMEOUT, CULL_EVERY = 12, 2
"""After the restart: a server idle 12 s is culled, checked every 2 s. (Each learner's server is started
and its saved work read as soon as it is ready, the learners side by side, so none is culled before
its work is read, however slowly a busy machine starts them.)"""
WAIT = 180
"""Seconds allowed for a hub, a server or a kernel to come up on a busy 2-core machine."""
CHART = "丙申日 午時 亥將 晝貴 · 賊克 元首"


def proxy() -> Path:
    """configurable-http-proxy, installed with npm into the cache README names (once)."""
    if not PROXY.is_file():
        if shutil.which("npm") is None:
            pytest.skip("npm is not installed (configurable-http-proxy comes from npm)")
        subprocess.run(
            [
                "npm",
                "install",
                "--no-audit",
                "--no-fund",
                "--prefix",
                str(PROXY_CACHE),
                f"configurable-http-proxy@{PROXY_VERSION}",
            ],
            check=True,
            capture_output=True,
            timeout=300,
        )
    return PROXY


OVERLAY = """\
c = get_config()
load_subconfig({shipped!r})
# what a test machine cannot have: one Unix user per learner (the shipped LocalProcessSpawner)
c.JupyterHub.spawner_class = "jupyterhub.spawner.SimpleLocalProcessSpawner"
c.SimpleLocalProcessSpawner.home_dir_template = {homes!r} + "/{{username}}"
c.JupyterHub.hub_bind_url = "http://127.0.0.1:{hub_port}"
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{api_port}"
c.Spawner.environment = {{"PYTHONPATH": {root!r}, "JUPYTERHUB_ACTIVITY_INTERVAL": "5"}}
c.JupyterHub.last_activity_interval = 5
c.Spawner.args = {args!r}  # a server refuses to run as root (CI) without --allow-root
"""


class Hub:
    """The shipped hub, started (and restarted) with the test's overlay and environment; its state (the
    hub's database) in ``state``, by default ``folder``/state."""

    def __init__(self, folder: Path, overlay: str = OVERLAY, state: Path | None = None, **values: object):
        self.folder = folder
        self.state = state or folder / "state"
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.config = folder / "test_config.py"
        self.config.write_text(
            overlay.format(
                shipped=str(SHIPPED),
                homes=str(folder / "home"),
                hub_port=free_port(),
                api_port=free_port(),
                root=str(ROOT),
                args=as_root(),
                **values,
            ),
            encoding="utf-8",
        )
        self.server: Server | None = None
        self.starts = 0

    def start(self, cull_timeout: int) -> None:
        env = dict(os.environ)
        env.update(
            LIURENHUB_DIR=str(self.state),
            LIURENHUB_TEACHER=TEACHER,
            LIURENHUB_BIND_URL=self.url,
            LIURENHUB_PROXY=str(proxy()),
            LIURENHUB_CULL_TIMEOUT=str(cull_timeout),
            LIURENHUB_CULL_EVERY=str(CULL_EVERY),
        )
        env.pop("JUPYTERHUB_API_TOKEN", None)
        self.starts += 1
        argv = [sys.executable, "-m", "jupyterhub", "-f", str(self.config)]
        self.server = Server("jupyterhub", argv, self.folder, env, self.port, self.folder / f"hub-{self.starts}.log")
        self.server.wait_listening(WAIT)
        wait_for(lambda: get(f"{self.url}/hub/api").status_code == 200, WAIT, "the hub's API")

    def stop(self) -> None:
        if self.server is not None:
            self.server.stop()  # the hub stops every learner's server (cleanup_servers) and the proxy
            self.server = None

    def log(self) -> str:
        return "".join(p.read_text(errors="replace") for p in sorted(self.folder.glob("hub-*.log")))


def get(url: str, **kw):
    try:
        return requests.get(url, timeout=30, **kw)
    except requests.ConnectionError:
        return requests.Response()  # status_code None: not up yet


def wait_for(condition, seconds: float, what: str, poll: float = 0.3) -> float:
    """Seconds until ``condition()`` held (polled), or fail after ``seconds``."""
    start = time.monotonic()
    while not condition():
        if time.monotonic() - start > seconds:
            raise AssertionError(f"{what}: not within {seconds} s")
        time.sleep(poll)
    return time.monotonic() - start


def xsrf(session, url: str) -> str:
    page = session.get(url, timeout=30)
    assert page.status_code == 200, (url, page.status_code)
    return re.search(r'name="_xsrf" value="([^"]+)"', page.text).group(1)


class Learner:
    """One person at the hub: a browser-like session (cookies, forms) and, once logged in, an API token."""

    def __init__(self, hub: Hub, name: str):
        self.hub, self.name = hub, name
        self.session = requests.Session()
        self.token = self.refused = ""

    def sign_up(self) -> None:
        form = {
            "_xsrf": xsrf(self.session, f"{self.hub.url}/hub/signup"),
            "username": self.name,
            "signup_password": PASSWORD,
            "signup_password_confirmation": PASSWORD,
        }
        reply = self.session.post(f"{self.hub.url}/hub/signup", data=form, timeout=30)
        assert reply.status_code == 200, reply.status_code

    def log_in(self) -> int:
        """POST the login form: 302 (to the hub's home) when it worked, else 200 (the form again, with
        NativeAuthenticator's reason in ``self.refused``)."""
        self.session = requests.Session()
        form = {"_xsrf": xsrf(self.session, f"{self.hub.url}/hub/login"), "username": self.name, "password": PASSWORD}
        reply = self.session.post(f"{self.hub.url}/hub/login", data=form, timeout=30, allow_redirects=False)
        if reply.status_code == 302:
            headers = {"X-XSRFToken": self.session.cookies.get("_xsrf", path="/hub/")}
            made = self.session.post(
                f"{self.hub.url}/hub/api/users/{self.name}/tokens", json={"note": "test"}, headers=headers, timeout=30
            )
            assert made.status_code == 201, (made.status_code, made.text)
            self.token = made.json()["token"]
        found = re.search(r'<p class="login_error">\s*(.*?)\s*</p>', reply.text, re.S)
        self.refused = found.group(1) if found else ""
        return reply.status_code

    def api(self, method: str, path: str, **kw):
        headers = {"Authorization": f"token {self.token}"}
        return requests.request(method, f"{self.hub.url}{path}", headers=headers, timeout=60, **kw)

    def server(self) -> dict:
        return self.api("GET", f"/hub/api/users/{self.name}").json()["servers"].get("", {})

    def start_server(self) -> None:
        reply = self.api("POST", f"/hub/api/users/{self.name}/server")
        assert reply.status_code in (201, 202), (reply.status_code, reply.text)

    def ready(self) -> bool:
        """Whether the learner's server is ready (it must be starting, at least)."""
        server = self.server()
        assert server, f"{self.name}'s server failed to start:\n{self.hub.log()[-3000:]}"
        return bool(server.get("ready"))

    def wait_server(self) -> None:
        wait_for(self.ready, WAIT, f"{self.name}'s server", poll=1)

    def start_kernel(self) -> str:
        reply = self.api("POST", f"/user/{self.name}/api/kernels", json={"name": "python3"})
        assert reply.status_code == 201, (reply.status_code, reply.text)
        return reply.json()["id"]

    def run(self, user: str, kernel: str, code: str) -> str:
        """Execute ``code`` in ``user``'s kernel through its websocket; its stdout."""
        return asyncio.run(execute(f"{self.hub.url}/user/{user}/api/kernels/{kernel}/channels", self.token, code))


async def execute(url: str, token: str, code: str) -> str:
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    request = HTTPRequest(url.replace("http", "ws", 1), headers={"Authorization": f"token {token}"}, request_timeout=60)
    ws = await websocket_connect(request)
    msg_id, out = uuid.uuid4().hex, []
    header = {
        "msg_id": msg_id,
        "msg_type": "execute_request",
        "session": uuid.uuid4().hex,
        "username": "",
        "version": "5.3",
    }
    content = {"code": code, "silent": False, "store_history": False, "user_expressions": {}, "allow_stdin": False}
    ws.write_message(
        json.dumps({"header": header, "parent_header": {}, "metadata": {}, "content": content, "channel": "shell"})
    )
    try:
        while True:
            raw = await asyncio.wait_for(ws.read_message(), WAIT)
            assert raw is not None, "the kernel's websocket closed"
            msg = json.loads(raw)
            if msg.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            kind = msg["header"]["msg_type"]
            if kind == "stream":
                out.append(msg["content"]["text"])
            elif kind == "error":
                raise AssertionError("\n".join(msg["content"]["traceback"]))
            elif kind == "status" and msg["content"]["execution_state"] == "idle":
                return "".join(out)
    finally:
        ws.close()


def ws_status(url: str, token: str) -> int:
    """The HTTP status a websocket upgrade to ``url`` is answered with (101 when it opened)."""
    from tornado.httpclient import HTTPClientError

    async def attempt() -> int:
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect

        request = HTTPRequest(url.replace("http", "ws", 1), headers={"Authorization": f"token {token}"})
        try:
            ws = await websocket_connect(request)
        except HTTPClientError as error:
            return error.code
        ws.close()
        return 101

    return asyncio.run(attempt())


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def cpu_s(pid: int) -> float:
    """User + system CPU seconds a process has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def learner_processes(hub: Hub) -> dict[str, list[int]]:
    """Each learner's server process and its kernels (found under the hub by JUPYTERHUB_USER)."""
    found: dict[str, list[int]] = {}
    for pid in hub.server.kernels() if hub.server else []:
        try:
            environ = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
        except OSError:
            continue
        user = next(
            (e[len(b"JUPYTERHUB_USER=") :].decode() for e in environ if e.startswith(b"JUPYTERHUB_USER=")), None
        )
        if user:
            found[user] = [pid, *children(pid)]
    return found


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    hub = Hub(tmp_path_factory.mktemp("hub"))
    try:
        hub.start(cull_timeout=3600)
        yield hub
    finally:
        hub.stop()


@pytest.fixture(scope="module")
def klass(hub):
    """The teacher signs up first (approved at once as the admin); three learners sign up, cannot log
    in until the teacher approves them, then each logs in, starts a server and casts a chart."""
    teacher = Learner(hub, TEACHER)
    teacher.sign_up()
    assert teacher.log_in() == 302
    learners = {name: Learner(hub, name) for name in STUDENTS}
    for learner in learners.values():
        learner.sign_up()
        assert learner.log_in() == 200  # the login form again, saying why
        assert learner.refused == f"User {learner.name} has not been authorized by an administrator yet."
    listing = teacher.session.get(f"{hub.url}/hub/authorize", timeout=30)
    assert listing.status_code == 200 and all(name in listing.text for name in STUDENTS)
    for name in STUDENTS:  # the approve button of /hub/authorize
        assert teacher.session.get(f"{hub.url}/hub/authorize/{name}", timeout=30).status_code == 200
    started = {}
    for learner in learners.values():
        started[learner.name] = time.monotonic()
        assert learner.log_in() == 302
        learner.start_server()
    kernels, charted = {}, {}
    for learner in learners.values():
        learner.wait_server()
        kernels[learner.name] = learner.start_kernel()
        out = learner.run(learner.name, kernels[learner.name], 'import liuren\nprint(liuren.chart("丙申", "午", "亥"))')
        charted[learner.name] = time.monotonic() - started[learner.name]
        assert out.splitlines()[0] == CHART
    processes = learner_processes(hub)
    memory = {user: sum(rss_mb(p) for p in pids) for user, pids in processes.items()}
    cpu = {user: sum(cpu_s(p) for p in pids) for user, pids in processes.items()}
    print(
        f"\nlogin to a chart in a new server's kernel (three at once): "
        f"{', '.join(f'{n} {t:.1f} s' for n, t in charted.items())}; "
        f"memory per learner (server + kernel RSS): {', '.join(f'{n} {m:.0f} MB' for n, m in memory.items())}"
        f"; CPU per learner to start the server and the kernel and cast it: {', '.join(f'{n} {t:.1f} s' for n, t in cpu.items())}"
    )
    assert set(memory) == set(STUDENTS)
    return teacher, learners, kernels


USERS_OVERLAY = """\
c = get_config()
load_subconfig({shipped!r})
# the shipped LocalProcessSpawner (each learner's server as their own Unix user); only ports and paths are the test's
c.JupyterHub.hub_bind_url = "http://127.0.0.1:{hub_port}"
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{api_port}"
c.Spawner.environment = {{"PYTHONPATH": {root!r}, **{jupyter!r}}}
c.Spawner.cmd = [{python!r}, "-m", "jupyterhub.singleuser"]
"""
PROBE = "import jupyterhub.singleuser, ipykernel, liuren"


def runs_as(user: pwd.struct_passwd, python: str) -> bool:
    """Whether ``user`` can run ``python`` with this environment's hub, kernel and liuren."""
    env = {"HOME": user.pw_dir, "PATH": os.defpath, "PYTHONPATH": str(ROOT)}
    try:
        done = subprocess.run(
            [python, "-c", PROBE], user=user.pw_uid, group=user.pw_gid, extra_groups=[], env=env, cwd="/",
            capture_output=True, timeout=WAIT,
        )  # fmt: skip
    except PermissionError:
        return False
    return done.returncode == 0


def learner_python(user: pwd.struct_passwd, folder: Path) -> str:
    """A Python the learners' Unix users can run with this environment's packages: this one, if they can;
    else (this Python lives under a folder only root can enter, as /root/.pyenv on CI) a venv made in
    ``folder`` from the system's ``python3`` of the same version, reading this environment's
    site-packages. The servers run the shipped command with it (README: install the hub where every user
    can read it)."""
    if runs_as(user, sys.executable):
        return sys.executable
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    for system in ("/usr/bin/python3", "/usr/local/bin/python3", f"/usr/bin/python{version}"):
        if not Path(system).is_file():
            continue
        venv = folder / "learner-venv"
        shutil.rmtree(venv, ignore_errors=True)
        if subprocess.run([system, "-m", "venv", "--without-pip", str(venv)], capture_output=True).returncode:
            continue
        packages = venv / "lib" / f"python{version}" / "site-packages"
        if not packages.is_dir():
            continue  # another version
        sites = [p for p in sys.path if p.endswith("site-packages") and Path(p).is_dir()]
        (packages / "zz-hub-environment.pth").write_text(
            "import site; " + "; ".join(f"site.addsitedir({p!r})" for p in sites) + "\n", encoding="utf-8"
        )
        python = str(venv / "bin" / "python")
        if runs_as(user, python):
            return python
    pytest.skip(
        f"the learners' Unix users cannot run {sys.executable} nor a system python{version} with this "
        f"environment's packages and {ROOT}: a folder above them is closed to other users"
    )


def uid_of(pid: int) -> int:
    """The real uid a process runs as."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("Uid:"):
            return int(line.split()[1])
    raise AssertionError(f"no Uid line for {pid}")


def processes_of(name: str) -> list[int]:
    """Every process started for hub user ``name`` (its server and kernels: JUPYTERHUB_USER in their
    environment)."""
    found = []
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            with contextlib.suppress(OSError):
                if f"JUPYTERHUB_USER={name}".encode() in (proc / "environ").read_bytes().split(b"\0"):
                    found.append(int(proc.name))
    return found


READ = """\
import os
for path in {paths!r}:
    try:
        os.listdir(path) if os.path.isdir(path) else open(path, "rb").close()
        print("read", path)
    except PermissionError:
        print("denied", path)
print("uid", os.getuid(), os.geteuid())
"""


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root: it creates Unix users")
@pytest.mark.skipif(shutil.which("useradd") is None, reason="useradd is not installed (Debian's passwd package)")
def test_real_unix_users_each_run_their_own_server(tmp_path):
    """The shipped spawner (LocalProcessSpawner as root, one Unix user per learner; its command run with
    :func:`learner_python`), with two throw-away Unix users made by plain ``useradd -m`` (on Debian a
    home others can read, mode 755):
    each logs in and gets a server and a kernel running under their own uid, in a course copy they own,
    with the course's JupyterLab settings; A's kernel is refused B's home, B's files and the hub's
    database. The users, their homes and their processes are removed afterwards, whatever happened."""
    tag = uuid.uuid4().hex[:6]
    names = (f"lr{tag}a", f"lr{tag}b")
    # a folder every user may enter: the learners' Python (when this one is closed to them) and the hub's
    # state, so that only the config's own mode keeps learners out of the hub's database
    shared = Path(tempfile.mkdtemp(prefix="liuren-hub-users-"))
    shared.chmod(0o755)
    made: list[str] = []
    hub = None
    try:
        for name in names:
            subprocess.run(["useradd", "-m", "-s", "/bin/sh", name], check=True, capture_output=True, timeout=60)
            made.append(name)
        users = {name: pwd.getpwnam(name) for name in names}
        python = learner_python(users[names[0]], shared)
        # a venv of the system's Python finds JupyterLab's extension and config through this one's paths
        jupyter = {} if python == sys.executable else {
            "JUPYTER_CONFIG_PATH": os.path.join(sys.prefix, "etc", "jupyter"),
            "JUPYTER_PATH": os.path.join(sys.prefix, "share", "jupyter"),
        }  # fmt: skip
        hub = Hub(tmp_path, USERS_OVERLAY, state=shared / "state", python=python, jupyter=jupyter)
        hub.start(cull_timeout=3600)
        teacher = Learner(hub, TEACHER)
        teacher.sign_up()
        assert teacher.log_in() == 302
        learners = {name: Learner(hub, name) for name in names}
        for learner in learners.values():
            learner.sign_up()
            assert teacher.session.get(f"{hub.url}/hub/authorize/{learner.name}", timeout=30).status_code == 200
            assert learner.log_in() == 302
            learner.start_server()
        kernels = {}
        for learner in learners.values():
            learner.wait_server()
            kernels[learner.name] = learner.start_kernel()
            out = learner.run(
                learner.name, kernels[learner.name], 'import liuren\nprint(liuren.chart("丙申", "午", "亥"))'
            )
            assert out.splitlines()[0] == CHART
        a, b = (learners[name] for name in names)
        home_a, home_b = Path(users[a.name].pw_dir), Path(users[b.name].pw_dir)
        for name, user in users.items():
            pids = processes_of(name)
            assert pids and {uid_of(pid) for pid in pids} == {user.pw_uid}, (name, pids)
            course = Path(user.pw_dir) / "liuren-course"
            owners = {path.stat().st_uid for path in [course, *course.rglob("*")]}
            assert owners == {user.pw_uid}, (name, owners)
            assert (Path(user.pw_dir).stat().st_mode & 0o777) == 0o700  # the config closed the home
            defaults = lab_defaults(learners[name], "@jupyterlab/notebook-extension:tracker")
            assert defaults["windowingMode"] == "none"
        paths = [
            str(home_b),
            str(home_b / "liuren-course" / "contents.ipynb"),
            str(hub.state / "jupyterhub.sqlite"),
            str(home_a / "liuren-course" / "contents.ipynb"),
        ]
        seen = a.run(a.name, kernels[a.name], READ.format(paths=paths)).splitlines()
        uid = users[a.name].pw_uid
        print(f"\nA ({a.name}, uid {uid}) from its kernel: {seen}")
        assert seen == [
            f"denied {paths[0]}",
            f"denied {paths[1]}",
            f"denied {paths[2]}",
            f"read {paths[3]}",
            f"uid {uid} {uid}",
        ]
    finally:
        if hub is not None:
            hub.stop()
        for name in made:
            for pid in processes_of(name):  # anything of theirs the hub left
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            home = Path(pwd.getpwnam(name).pw_dir)
            subprocess.run(["userdel", "-r", "-f", name], capture_output=True, timeout=60)
            shutil.rmtree(home, ignore_errors=True)
        shutil.rmtree(shared, ignore_errors=True)


def test_the_shipped_config_is_the_real_one(hub, klass):
    teacher, _, _ = klass
    info = teacher.api("GET", "/hub/api/info").json()
    assert info["authenticator"]["class"] == "nativeauthenticator.nativeauthenticator.NativeAuthenticator"
    assert info["spawner"]["class"] == "jupyterhub.spawner.SimpleLocalProcessSpawner"  # the test's overlay
    text = SHIPPED.read_text(encoding="utf-8")
    assert 'c.JupyterHub.authenticator_class = "native"' in text and "dummy" not in text.lower()
    assert 'c.JupyterHub.spawner_class = "jupyterhub.spawner.LocalProcessSpawner"' in text
    services = {s["name"]: s for s in teacher.api("GET", "/hub/api/services").json().values()}
    assert "jupyterhub_idle_culler" in services["idle-culler"]["command"]
    assert teacher.api("GET", "/hub/api/users").status_code == 200  # the teacher is the admin
    # README's commands run this file, with the proxy this test runs
    section = (ROOT / "README.md").read_text(encoding="utf-8").split("### 3. JupyterHub", 1)[1].split("\n### ", 1)[0]
    commands = re.search(r"```bash\n(.*?)```", section, re.S).group(1)
    assert "jupyterhub -f classroom/jupyterhub_config.py" in commands
    assert f"configurable-http-proxy@{PROXY_VERSION}" in commands and '-e ".[hub]"' in commands


def test_each_learner_has_the_course_and_keeps_a_saved_file(klass):
    _, learners, _ = klass
    for learner in learners.values():
        listing = learner.api("GET", f"/user/{learner.name}/api/contents/liuren-course")
        assert listing.status_code == 200
        names = {item["name"] for item in listing.json()["content"]}
        assert {"contents.ipynb", "classroom.ipynb", "00-reading-a-chart.ipynb"} <= names
        saved = {"type": "file", "format": "text", "content": f"{learner.name}'s notes on 丙申日"}
        reply = learner.api("PUT", f"/user/{learner.name}/api/contents/liuren-course/notes.txt", json=saved)
        assert reply.status_code in (200, 201), reply.status_code
        notebook = learner.api("GET", f"/user/{learner.name}/api/contents/liuren-course/contents.ipynb").json()
        notebook["content"]["cells"].insert(
            0, {"cell_type": "markdown", "metadata": {}, "source": f"{learner.name} was here"}
        )
        body = {"type": "notebook", "format": "json", "content": notebook["content"]}
        reply = learner.api("PUT", f"/user/{learner.name}/api/contents/liuren-course/contents.ipynb", json=body)
        assert reply.status_code == 200, reply.status_code


def lab_defaults(learner: Learner, plugin: str) -> dict[str, object]:
    """The defaults the learner's JupyterLab gives ``plugin``'s settings (the schema's, with the
    application settings folder's ``overrides.json`` applied), read through the hub from their server."""
    reply = learner.api("GET", f"/user/{learner.name}/lab/api/settings/{plugin}")
    assert reply.status_code == 200, (reply.status_code, reply.text[:300])
    return {key: value.get("default") for key, value in reply.json()["schema"]["properties"].items()}


def test_each_server_opens_the_course_with_its_jupyterlab_settings(hub, klass):
    """As ``liuren course`` starts JupyterLab: the course's ``overrides.json`` (every cell drawn, no news
    prompt), written in the learner's copy, is the server's application settings folder."""
    _, learners, _ = klass
    for learner in learners.values():
        written = json.loads(
            (hub.folder / "home" / learner.name / "liuren-course/.liuren-lab/overrides.json").read_text()
        )
        for plugin, values in LAB_OVERRIDES.items():
            assert written[plugin] == {**written[plugin], **values}, (learner.name, plugin, written)
            defaults = lab_defaults(learner, plugin)
            assert {key: defaults[key] for key in values} == values, (learner.name, plugin, defaults)


def test_a_learner_cannot_reach_another_learners_server_kernel_or_files(hub, klass):
    _, learners, kernels = klass
    a, b = learners["ana"], learners["bo"]
    other = f"/user/bo/api/kernels/{kernels['bo']}"
    answers = {
        "B's server (API token)": a.api("GET", "/user/bo/api/status").status_code,
        "B's kernel list": a.api("GET", "/user/bo/api/kernels").status_code,
        "B's kernel": a.api("GET", other).status_code,
        "B's kernel interrupted": a.api("POST", f"{other}/interrupt").status_code,
        "B's kernel websocket": ws_status(f"{hub.url}{other}/channels", a.token),
        "B's files (contents API)": a.api("GET", "/user/bo/api/contents/liuren-course").status_code,
        "B's file (files/)": a.api("GET", "/user/bo/files/liuren-course/notes.txt").status_code,
        "B's terminal list": a.api("GET", "/user/bo/api/terminals").status_code,
        "B's hub record": a.api("GET", "/hub/api/users/bo").status_code,
        "stop B's server": a.api("DELETE", "/hub/api/users/bo/server").status_code,
        "B's JupyterLab, logged in as A": a.session.get(f"{hub.url}/user/bo/lab", timeout=60).status_code,
    }
    print("\nA at B's things:", answers)
    assert answers == dict.fromkeys(answers, 403) | {"B's hub record": 404, "stop B's server": 404}, answers
    assert b.run("bo", kernels["bo"], "print(1 + 1)") == "2\n"  # B's kernel is untouched and still B's
    assert a.api("GET", f"/user/ana/api/kernels/{kernels['ana']}").status_code == 200


def test_a_restarted_hub_keeps_the_work_and_culls_idle_servers(hub, klass):
    _, learners, _ = klass
    hub.stop()
    hub.start(cull_timeout=CULL_TIMEOUT)  # the same state folder: accounts, and the learners' homes
    for learner in learners.values():
        assert learner.log_in() == 302  # the approved accounts survived the restart

    def back(learner: Learner) -> None:  # the server started again, the work read as soon as it is ready
        learner.start_server()  # the course is copied again: a changed notebook must be kept
        wait_for(learner.ready, WAIT, f"{learner.name}'s server", poll=0.5)
        notes = learner.api("GET", f"/user/{learner.name}/api/contents/liuren-course/notes.txt")
        assert notes.status_code == 200 and notes.json()["content"] == f"{learner.name}'s notes on 丙申日"
        notebook = learner.api("GET", f"/user/{learner.name}/api/contents/liuren-course/contents.ipynb").json()
        assert notebook["content"]["cells"][0]["source"] == f"{learner.name} was here"

    # side by side: a start request can take 10 s on a busy machine, and a server left unread that long
    # after it is ready would be culled before its work is read
    with ThreadPoolExecutor(len(learners)) as pool:
        for done in [pool.submit(back, learner) for learner in learners.values()]:
            done.result()
    culled = wait_for(
        lambda: not any(learner.server() for learner in learners.values()), 3 * CULL_TIMEOUT + 60, "culling", poll=1
    )
    print(
        f"\nidle servers culled {culled:.0f} s after they were ready (timeout {CULL_TIMEOUT} s, every {CULL_EVERY} s)"
    )
    assert all(f"Culling server {name}" in hub.log() for name in STUDENTS), hub.log()[-3000:]
    assert not learner_processes(hub)
